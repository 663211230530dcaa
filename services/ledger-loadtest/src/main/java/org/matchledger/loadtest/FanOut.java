package org.matchledger.loadtest;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.matchledger.kafka.Topics;

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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scoreboard's fan-out (issue 5): {@code clients} SSE connections to {@code /matches/{id}/stream}, spread evenly
 * over {@code matches} matches, while events are posted through the gateway at {@code rate} events/s.
 * <ul>
 *   <li>Latency: from the gateway's 202 for event S to the first message with {@code id: S} at each client.</li>
 *   <li>Completeness: every client connects with {@code Last-Event-ID: 0} (everything from the start); at the end
 *       each must have received exactly the rulings that {@code match-rulings} holds for its match, none twice.</li>
 *   <li>Memory per connection: the scoreboard's heap after a full GC and its RSS, before and after connecting.</li>
 * </ul>
 */
final class FanOut {
    private static final Pattern HEAP_USED = Pattern.compile("used (\\d+)K");

    private final String scoreboard;
    private final HttpLoad load;
    private final List<Workload.MatchLog> workload;
    private final List<Client> clients = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .executor(Executors.newFixedThreadPool(2)).connectTimeout(Duration.ofSeconds(10)).build();
    final Percentiles latency = new Percentiles();
    final AtomicLong beforeAccept = new AtomicLong();
    final AtomicInteger connected = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();
    private volatile boolean measuring;

    FanOut(String gateway, String scoreboard, String bootstrap, String run, int matches, int eventsPerMatch) {
        this.scoreboard = scoreboard;
        this.workload = Workload.make("fan" + run, matches, eventsPerMatch, 3);
        this.load = new HttpLoad(workload, gateway, bootstrap, 1, 64);
    }

    static void run(String gateway, String scoreboard, String bootstrap, String run, int clientCount, int matches,
                    int rate, int seconds, int warmup, long scoreboardPid) throws Exception {
        int perMatch = rate * (seconds + warmup + 10) / matches + 5;
        FanOut f = new FanOut(gateway, scoreboard, bootstrap, run, matches, perMatch);
        int[] cursor = {0};
        // Every match opened first, so that each client's stream exists.
        f.load.sendSome(matches, cursor, 0, 0);
        f.awaitMatches(Duration.ofSeconds(60));

        Memory before = Memory.of(scoreboardPid);
        for (int i = 0; i < clientCount; i++) {
            f.connect(f.workload.get(i % matches).matchId());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (f.connected.get() + f.failed.get() < clientCount && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(2000);
        Memory after = Memory.of(scoreboardPid);

        long start = System.nanoTime();
        long warmupEnd = start + TimeUnit.SECONDS.toNanos(warmup);
        long end = warmupEnd + TimeUnit.SECONDS.toNanos(seconds);
        long sent = 0;
        long postedAtWarmupEnd = -1;
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
            if (postedAtWarmupEnd < 0 && now >= warmupEnd) {
                f.measuring = true;
                postedAtWarmupEnd = f.load.posted.get();
            }
            long due = (now - start) * rate / 1_000_000_000L;
            if (due > sent) {
                long nanosPerSend = 1_000_000_000L / rate;
                sent += f.load.sendSome((int) Math.min(due - sent, 1000), cursor, start + sent * nanosPerSend, nanosPerSend);
            }
            Thread.sleep(1);
        }
        long posted = f.load.posted.get() - postedAtWarmupEnd;
        Thread.sleep(5000); // the last messages arrive
        f.measuring = false;
        f.load.stop();

        Map<String, Long> truth = f.rulingsOnKafka(bootstrap);
        int missing = 0;
        long duplicates = 0;
        long delivered = 0;
        for (Client c : f.clients) {
            long expected = truth.getOrDefault(c.matchId, 0L);
            if (c.rulings.get() != expected) {
                missing++;
                if (missing <= 5) {
                    System.err.printf("client of %s: %d rulings, match-rulings holds %d%n", c.matchId, c.rulings.get(), expected);
                }
            }
            duplicates += c.duplicates.get();
            delivered += c.messages.get();
        }
        result("clients", clientCount, "connections");
        result("connected", f.connected.get(), "connections");
        result("offered-rate", rate, "events/s");
        result("posted-rate", posted / (double) seconds, "events/s");
        result("delivered", delivered, "messages");
        result("latency-samples", f.latency.count(), "client deliveries");
        result("latency-p50", f.latency.ms(50), "ms");
        result("latency-p99", f.latency.ms(99), "ms");
        result("latency-max", f.latency.ms(100), "ms");
        result("before-202", f.beforeAccept.get(), "deliveries (counted as 0 ms)");
        result("clients-missing", missing, "clients");
        result("duplicate-msgs", duplicates, "messages");
        result("http-errors", f.load.errors.get(), "requests");
        if (before != null && after != null) {
            result("heap-per-conn", (after.heapKb - before.heapKb) / (double) clientCount, "KiB (after full GC)");
            result("rss-per-conn", (after.rssKb - before.rssKb) / (double) clientCount, "KiB");
            result("heap-after", after.heapKb / 1024.0, "MiB");
            result("rss-after", after.rssKb / 1024.0, "MiB");
        }
    }

    private void awaitMatches(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Workload.MatchLog m : workload) {
            while (true) {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(URI.create(scoreboard + "/matches/" + m.matchId()))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the scoreboard does not know " + m.matchId() + " after " + timeout);
                }
                Thread.sleep(100);
            }
        }
    }

    private void connect(String matchId) {
        Client client = new Client(matchId);
        clients.add(client);
        HttpRequest request = HttpRequest.newBuilder(URI.create(scoreboard + "/matches/" + matchId + "/stream"))
                .header("Accept", "text/event-stream")
                .header("Last-Event-ID", "0")
                .build();
        http.sendAsync(request, HttpResponse.BodyHandlers.fromLineSubscriber(client)).whenComplete((r, e) -> {
            if (e != null || r.statusCode() != 200) {
                failed.incrementAndGet();
                if (failed.get() <= 3) {
                    System.err.println("client of " + matchId + ": " + (e != null ? e : "status " + r.statusCode()));
                }
            }
        });
    }

    /** One SSE client: parses the stream, times the first message of every seq, counts rulings and repeats. */
    private final class Client implements Flow.Subscriber<String> {
        final String matchId;
        final AtomicLong rulings = new AtomicLong();
        final AtomicLong messages = new AtomicLong();
        final AtomicLong duplicates = new AtomicLong();
        private final Set<String> seen = new HashSet<>();
        private String id;
        private String event;
        private final StringBuilder data = new StringBuilder();
        private String lastTimedId;
        private boolean counted;

        Client(String matchId) {
            this.matchId = matchId;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (!counted) {
                counted = true;
                connected.incrementAndGet();
            }
            if (line.isEmpty()) {
                dispatch();
            } else if (line.startsWith("id:")) {
                id = line.substring(3).trim();
            } else if (line.startsWith("event:")) {
                event = line.substring(6).trim();
            } else if (line.startsWith("data:")) {
                data.append(line.substring(5).trim());
            } // ":" comments are heartbeats
        }

        private void dispatch() {
            if (data.length() == 0) {
                id = null;
                event = null;
                return;
            }
            long now = System.nanoTime();
            messages.incrementAndGet();
            if ("ruling".equals(event)) {
                rulings.incrementAndGet();
                if (!seen.add(id + ' ' + data)) {
                    duplicates.incrementAndGet();
                }
            }
            if (measuring && id != null && !id.equals(lastTimedId) && !id.contains(".")) {
                lastTimedId = id;
                try {
                    long accepted = load.acceptedAt(matchId, Long.parseLong(id));
                    if (accepted == 0) {
                        beforeAccept.incrementAndGet();
                        latency.add(0);
                    } else {
                        latency.add((now - accepted) / 1000);
                    }
                } catch (NumberFormatException e) {
                    // not a plain seq: not timed
                }
            }
            id = null;
            event = null;
            data.setLength(0);
        }

        @Override
        public void onError(Throwable throwable) {
            System.err.println("client of " + matchId + " dropped: " + throwable);
        }

        @Override
        public void onComplete() {
        }
    }

    /** Rulings per match of this run on match-rulings, read from the start to the end. */
    private Map<String, Long> rulingsOnKafka(String bootstrap) {
        Set<String> ours = new HashSet<>();
        workload.forEach(m -> ours.add(m.matchId()));
        Map<String, Long> counts = new HashMap<>();
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("isolation.level", "read_committed");
        p.put("enable.auto.commit", "false");
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> tps = new ArrayList<>();
            for (PartitionInfo pi : c.partitionsFor(Topics.MATCH_RULINGS)) {
                tps.add(new TopicPartition(pi.topic(), pi.partition()));
            }
            c.assign(tps);
            c.seekToBeginning(tps);
            Map<TopicPartition, Long> ends = c.endOffsets(tps);
            while (tps.stream().anyMatch(tp -> c.position(tp) < ends.get(tp))) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    if (ours.contains(r.key())) {
                        counts.merge(r.key(), 1L, Long::sum);
                    }
                }
            }
        }
        return counts;
    }

    /** The scoreboard's memory: heap used after a full GC ({@code jcmd}), and resident set size. */
    private record Memory(long heapKb, long rssKb) {
        static Memory of(long pid) {
            if (pid <= 0) {
                return null;
            }
            try {
                jcmd(pid, "GC.run");
                String info = jcmd(pid, "GC.heap_info");
                Matcher m = HEAP_USED.matcher(info);
                long heap = m.find() ? Long.parseLong(m.group(1)) : -1;
                long rss = -1;
                for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                    if (line.startsWith("VmRSS:")) {
                        rss = Long.parseLong(line.replaceAll("\\D", ""));
                    }
                }
                return new Memory(heap, rss);
            } catch (IOException | InterruptedException e) {
                System.err.println("could not read the scoreboard's memory: " + e);
                return null;
            }
        }

        private static String jcmd(long pid, String command) throws IOException, InterruptedException {
            Process p = new ProcessBuilder("jcmd", Long.toString(pid), command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            p.waitFor(30, TimeUnit.SECONDS);
            return out;
        }
    }

    private static void result(String name, double value, String unit) {
        System.out.printf("RESULT %-16s %12.2f %s%n", name, value, unit);
        System.out.flush();
    }
}
