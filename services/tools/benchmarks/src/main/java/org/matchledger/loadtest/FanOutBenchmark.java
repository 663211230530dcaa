package org.matchledger.loadtest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fan-out benchmark of the scoreboard (run by {@code deploy/bin/bench-fanout}): {@code clients} SSE connections
 * spread over {@code matches} matches ({@code /matches/{id}/stream}), {@code rate} events/s posted one by one through
 * the gateway. Latency = from the gateway's 202 for the event at seq S to the arrival of the first message with
 * {@code id: S} at each client. At the end every client's feed is checked against the scoreboard's own record
 * ({@code GET /matches/{id}/rulings}, {@code GET /matches/{id}}): applied seqs missing, messages repeated, and every
 * client of a match must have received the same sequence. Memory per connection: the scoreboard's heap (after a full
 * GC, {@code jcmd}) and RSS before and after connecting the clients.
 */
public final class FanOutBenchmark {
    private FanOutBenchmark() {
    }

    /** One SSE connection: the ids and events it received, with arrival times. */
    static final class Client implements SseSockets.Viewer {
        final int match;
        private final String path;
        final List<String> ids = new ArrayList<>();
        final List<String> events = new ArrayList<>();
        final List<Long> arrivals = new ArrayList<>();
        volatile boolean open;

        Client(int match, String path) {
            this.match = match;
            this.path = path;
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public String headers() {
            return "Last-Event-ID: 0\r\n";
        }

        @Override
        public void opened() {
            open = true;
        }

        @Override
        public synchronized void message(String id, String event, long nanos) {
            ids.add(id);
            events.add(event);
            arrivals.add(nanos);
        }

        @Override
        public void closed() {
            open = false;
        }
    }

    public static void main(String[] args) throws Exception {
        Args o = Args.parse(args);
        String gateway = o.text("gateway", "http://127.0.0.1:8080");
        String scoreboard = o.text("scoreboard", "http://127.0.0.1:8081");
        // Its management interface (/q/metrics: the heap), on a port of its own.
        String scoreboardManagement = o.text("scoreboard-management", "http://127.0.0.1:9081");
        int clients = o.integer("clients", 2000);
        int matches = o.integer("matches", 100);
        int rate = o.integer("rate", 500);
        int seconds = o.integer("seconds", 60);
        int warmup = o.integer("warmup", 20);
        long pid = o.longInteger("scoreboard-pid", 0);
        String run = o.text("run", Long.toString(System.currentTimeMillis() % 1_000_000));

        int perMatch = rate * (seconds + warmup + 5) / matches + 5;
        List<Workload.MatchLog> logs = Workload.make("fan" + run, matches, perMatch, 7);
        System.err.printf("fanout: %d matches x %d events, %d clients%n", matches, perMatch, clients);

        // The scoreboard serves the feed of a match the ledger knows (an unknown id is a 404): each match's first
        // event goes first, and the clients follow from Last-Event-ID 0, i.e. everything from seq 1 on.
        int[] next = new int[matches];
        // At most one post in flight per match, as a table client does.
        GatewayPosts posts = new GatewayPosts(gateway, Math.min(matches, 64));
        HttpClient opener = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        for (int i = 0; i < matches; i++) {
            Workload.MatchLog m = logs.get(i);
            int status = posts.postNow(m.matchId(), m.events().get(0).json());
            if (status != 202) {
                throw new IllegalStateException("opening " + m.matchId() + ": HTTP " + status);
            }
            next[i] = 1;
        }
        long known = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        for (Workload.MatchLog m : logs) {
            while (opener.send(HttpRequest.newBuilder(URI.create(scoreboard + "/matches/" + m.matchId())).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                if (System.nanoTime() > known) {
                    throw new IllegalStateException("the scoreboard does not know " + m.matchId() + " after 120 s");
                }
                Thread.sleep(100);
            }
        }

        long[] before = memory(scoreboardManagement, pid);
        // Every client on one selector thread (SseSockets): the generator's own cost per message stays small.
        List<Client> all = new ArrayList<>(clients);
        for (int c = 0; c < clients; c++) {
            all.add(new Client(c % matches, "/matches/" + logs.get(c % matches).matchId() + "/stream"));
        }
        URI sb = URI.create(scoreboard);
        SseSockets sse = new SseSockets(sb.getHost(), sb.getPort(), all, 20);
        sse.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (all.stream().filter(c -> c.open).count() < clients && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        long connected = all.stream().filter(c -> c.open).count();
        Thread.sleep(1000);
        long[] after = memory(scoreboardManagement, pid);
        result("sse-connected", connected, "clients");
        if (before[0] > 0) {
            result("heap-per-connection", (after[0] - before[0]) / Math.max(1, connected), "bytes");
        }
        if (before[1] > 0) {
            result("rss-per-connection", (after[1] - before[1]) / Math.max(1, connected), "bytes");
        }

        // Post one event at a time per match, at the rate; remember when the gateway accepted each (match, seq).
        Map<String, long[]> acceptedAt = new ConcurrentHashMap<>();
        for (Workload.MatchLog m : logs) {
            acceptedAt.put(m.matchId(), new long[(int) m.events().get(m.events().size() - 1).seq() + 2]);
        }
        boolean[] inFlight = new boolean[matches];
        AtomicLong posted = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long start = System.nanoTime();
        long measureFrom = start + TimeUnit.SECONDS.toNanos(warmup);
        long end = measureFrom + TimeUnit.SECONDS.toNanos(seconds);
        long sent = 0;
        int cursor = 0;
        boolean measuring = false;
        double ownCpuFrom = 0;
        double scoreboardCpuFrom = 0;
        while (System.nanoTime() < end) {
            if (!measuring && System.nanoTime() >= measureFrom) {
                measuring = true;
                ownCpuFrom = ProcessCpu.seconds(0);
                scoreboardCpuFrom = ProcessCpu.seconds(pid);
            }
            long due = (System.nanoTime() - start) * rate / 1_000_000_000L;
            for (int k = 0; k < matches && sent < due; k++) {
                int i = cursor;
                cursor = (cursor + 1) % matches;
                synchronized (inFlight) {
                    if (inFlight[i] || next[i] >= logs.get(i).events().size()) {
                        continue;
                    }
                    inFlight[i] = true;
                }
                Workload.MatchLog m = logs.get(i);
                Workload.Event e = m.events().get(next[i]);
                sent++;
                posts.post(m.matchId(), e.json(), false, status -> {
                    long now = System.nanoTime();
                    synchronized (inFlight) {
                        inFlight[i] = false;
                        if (status == 202) {
                            long[] acc = acceptedAt.get(m.matchId());
                            if (acc[(int) e.seq()] == 0) {
                                acc[(int) e.seq()] = now;
                            }
                            next[i]++;
                            posted.incrementAndGet();
                        } else {
                            errors.incrementAndGet();
                        }
                    }
                });
            }
            Thread.sleep(1);
        }
        double postedRate = posted.get() / (double) (seconds + warmup);
        // Shares of one core over the measured seconds: this generator (SSE clients and posts) and the scoreboard.
        double ownCpu = (ProcessCpu.seconds(0) - ownCpuFrom) / seconds * 100;
        double scoreboardCpu = pid > 0 ? (ProcessCpu.seconds(pid) - scoreboardCpuFrom) / seconds * 100 : Double.NaN;
        Thread.sleep(5000); // the last messages arrive

        // Latency: 202 → first message with id S at each client, for events accepted after the warm-up.
        Percentiles latency = new Percentiles();
        long missing = 0;
        long repeated = 0;
        long diverging = 0;
        HttpClient api = HttpClient.newHttpClient();
        Map<Integer, List<String>> firstSequence = new HashMap<>();
        Map<Integer, Long> finalSeq = new HashMap<>();
        Map<Integer, Integer> rulingCount = new HashMap<>();
        for (int i = 0; i < matches; i++) {
            String id = logs.get(i).matchId();
            String view = api.send(HttpRequest.newBuilder(URI.create(scoreboard + "/matches/" + id)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            finalSeq.put(i, Math.max(0, HttpLoad.lastSeq(view)));
            String rulings = api.send(HttpRequest.newBuilder(URI.create(scoreboard + "/matches/" + id + "/rulings")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            rulingCount.put(i, count(rulings, "\"kind\":"));
        }
        for (Client c : all) {
            synchronized (c) {
                long[] acc = acceptedAt.get(logs.get(c.match).matchId());
                java.util.Set<Long> seen = new java.util.HashSet<>();
                java.util.Set<String> views = new java.util.HashSet<>();
                String previous = null;
                int rulings = 0;
                for (int k = 0; k < c.ids.size(); k++) {
                    String id = c.ids.get(k);
                    boolean notice = id.contains(".");
                    long seq = Long.parseLong(notice ? id.substring(0, id.indexOf('.')) : id);
                    if ("ruling".equals(c.events.get(k))) {
                        rulings++;
                    }
                    if ("view".equals(c.events.get(k)) && !views.add(id)) {
                        repeated++;
                    }
                    if (notice && id.equals(previous)) {
                        repeated++;
                    }
                    if (!notice && !id.equals(previous) && !seen.add(seq)) {
                        repeated++; // a group that comes back after another id
                    }
                    if (!notice && !id.equals(previous) && seq < acc.length && acc[(int) seq] >= measureFrom) {
                        latency.add(Math.max(0, c.arrivals.get(k) - acc[(int) seq]) / 1000); // 0: delivered before the 202 came back
                    }
                    previous = id;
                }
                for (long s = 1; s <= finalSeq.get(c.match); s++) {
                    if (!seen.contains(s)) {
                        missing++;
                    }
                }
                if (rulings != rulingCount.get(c.match)) {
                    diverging++;
                }
                List<String> seq = firstSequence.computeIfAbsent(c.match, k -> List.copyOf(c.ids));
                if (!seq.equals(c.ids)) {
                    diverging++;
                }
            }
        }
        result("events-posted", posted.get(), "events");
        result("post-rate", (long) postedRate, "events/s");
        result("post-errors", errors.get(), "posts");
        result("latency-samples", latency.count(), "deliveries");
        result("latency-p50", latency.ms(50), "ms");
        result("latency-p99", latency.ms(99), "ms");
        result("latency-max", latency.ms(100), "ms");
        result("missing-seqs", missing, "(all clients)");
        result("repeated-messages", repeated, "(all clients)");
        result("clients-diverging", diverging, "clients");
        result("still-connected", all.stream().filter(c -> c.open).count(), "clients");
        result("generator-cpu", ownCpu, "% of one core");
        result("scoreboard-cpu", scoreboardCpu, "% of one core");
        System.exit(0);
    }

    static long[] memory(String scoreboardManagement, long pid) {
        if (pid <= 0) {
            return new long[]{0, 0};
        }
        try {
            new ProcessBuilder("jcmd", Long.toString(pid), "GC.run").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(30, TimeUnit.SECONDS);
            Thread.sleep(500);
            String metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(scoreboardManagement + "/q/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            long heap = 0;
            for (String line : metrics.split("\n")) {
                if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                    heap += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            long rss = 0;
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
            return new long[]{heap, rss};
        } catch (IOException | InterruptedException e) {
            System.err.println("fanout: cannot measure memory: " + e);
            return new long[]{0, 0};
        }
    }


    static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    static void result(String name, double value, String unit) {
        System.out.printf("RESULT %-22s %12.2f %s%n", name, value, unit);
    }
}
