package org.matchledger.loadtest;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.kafka.Topics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * End-to-end benchmark of the pipeline on loopback (run by {@code deploy/bin/bench-pipeline}):
 * <ul>
 *   <li>{@code latency}: a fixed rate of events over many matches through the gateway; ingest → view p50/p99;</li>
 *   <li>{@code throughput}: as fast as the gateway takes them; events judged per second end to end;</li>
 *   <li>{@code bare}: the transactional consume → produce floor over table-events, no rules;</li>
 *   <li>{@code catchup}: how fast a consumer group (a processor re-judging the log) works through table-events;</li>
 *   <li>{@code restarts}: a fixed rate while services are killed (-9) one after the other and started again by their
 *   supervisor; ingest → view on the scoreboard's feed, second by second, and how long after each kill it was
 *   back under the threshold.</li>
 * </ul>
 * Each prints {@code RESULT <name> <value> <unit>} lines.
 */
public final class PipelineBenchmark {

    public static void main(String[] args) throws Exception {
        Args o = Args.parse(args, 1);
        String mode = args.length > 0 ? args[0] : "help";
        String gateway = o.text("gateway", "http://127.0.0.1:8080");
        String bootstrap = o.bootstrap();
        String run = o.text("run", Long.toString(System.currentTimeMillis() % 1_000_000));
        switch (mode) {
            case "latency" -> latency(gateway, bootstrap, run, o.integer("rate", 1000),
                    o.integer("matches", 1000), o.integer("seconds", 60),
                    o.integer("warmup", 30));
            case "throughput" -> throughput(gateway, bootstrap, run, o.integer("matches", 1000),
                    o.integer("seconds", 30), o.integer("batch", 1));
            case "bare" -> result("bare-loop", BareLoop.run(bootstrap, endOffsets(bootstrap), run), "events/s");
            case "restarts" -> restarts(gateway, o.text("scoreboard", "http://127.0.0.1:8081"), run, o.integer("rate", 1000),
                    o.integer("matches", 1000), o.integer("warmup", 120), o.integer("gap", 60),
                    List.of(o.text("services", "gateway,processor,scoreboard").split(",")), Path.of(o.text("pids", "pids")),
                    o.integer("threshold-ms", 200), o.integer("settled", 5), o.text("timeline", null));
            case "catchup" -> result("catchup-" + o.text("group", null), catchUp(bootstrap, o.text("group", null),
                    o.integer("timeout", 600)), "events/s");
            default -> {
                System.err.println("usage: PipelineBenchmark latency|throughput|bare|catchup [--gateway URL] [--bootstrap HOST:PORT]"
                        + " [--rate N] [--matches N] [--seconds N] [--batch N] [--group G]");
                System.exit(2);
            }
        }
        System.exit(0);
    }

    /** {@code warmup} seconds at the same rate first, not measured: a cold JVM (JIT) on 2 cores needs them. */
    private static void latency(String gateway, String bootstrap, String run, int rate, int matches, int seconds,
                                int warmup) throws InterruptedException {
        int perMatch = rate * (seconds + warmup + 10) / matches + 5;
        HttpLoad load = new HttpLoad(Workload.make("lat" + run, matches, perMatch, 1), gateway, bootstrap, 1, 64);
        load.followViews();
        Thread.sleep(2000); // the follower is at the end of match-views
        int[] cursor = {0};
        long start = System.nanoTime();
        long warmupEnd = start + TimeUnit.SECONDS.toNanos(warmup);
        long end = warmupEnd + TimeUnit.SECONDS.toNanos(seconds);
        long sent = 0;
        long postedAtWarmupEnd = -1;
        CpuShares cpu = null;
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
            if (postedAtWarmupEnd < 0 && now >= warmupEnd) {
                load.measuring(true);
                postedAtWarmupEnd = load.posted.get();
                cpu = CpuShares.start();
            }
            long due = (now - start) * rate / 1_000_000_000L;
            if (due > sent) {
                long nanosPerSend = 1_000_000_000L / rate;
                sent += load.sendSome((int) Math.min(due - sent, 1000), cursor, start + sent * nanosPerSend, nanosPerSend);
            }
            Thread.sleep(1);
        }
        long postedInWindow = load.posted.get() - postedAtWarmupEnd;
        CpuShares used = cpu.stop();
        Thread.sleep(3000); // the last views arrive
        load.measuring(false);
        load.stop();
        result("offered-rate", rate, "events/s");
        result("posted-rate", postedInWindow / (double) seconds, "events/s");
        result("latency-samples", load.latency.count(), "events");
        result("latency-p50", load.latency.ms(50), "ms");
        result("latency-p99", load.latency.ms(99), "ms");
        result("latency-max", load.latency.ms(100), "ms");
        result("post-p50", load.postLatency.ms(50), "ms");
        result("post-p99", load.postLatency.ms(99), "ms");
        result("http-errors", load.errors.get(), "requests " + load.errorsByStatus());
        used.report(postedInWindow);
    }

    private static void throughput(String gateway, String bootstrap, String run, int matches, int seconds, int batch)
            throws InterruptedException {
        int perMatch = 40_000 * (seconds + 10) / matches + 10;
        HttpLoad load = new HttpLoad(Workload.make("tp" + run, matches, perMatch, 2), gateway, bootstrap, batch, 256);
        load.followViews();
        Thread.sleep(2000);
        int[] cursor = {0};
        long start = System.nanoTime();
        long warmupEnd = start + TimeUnit.SECONDS.toNanos(5);
        long end = warmupEnd + TimeUnit.SECONDS.toNanos(seconds);
        long judgedAtStart = -1;
        long postedAtStart = 0;
        CpuShares cpu = null;
        while (System.nanoTime() < end) {
            if (judgedAtStart < 0 && System.nanoTime() >= warmupEnd) {
                judgedAtStart = load.judged.get();
                postedAtStart = load.posted.get();
                cpu = CpuShares.start();
            }
            if (load.sendSome(matches, cursor, 0, 0) == 0) {
                Thread.sleep(1);
            }
        }
        long judged = load.judged.get() - judgedAtStart;
        long posted = load.posted.get() - postedAtStart;
        CpuShares used = cpu.stop();
        load.stop();
        result("batch", batch, "events/post");
        result("accepted-rate", posted / (double) seconds, "events/s");
        result("judged-rate", judged / (double) seconds, "events/s");
        result("http-errors", load.errors.get(), "requests " + load.errorsByStatus());
        used.report(judged); // per CPU-second of the pipeline: the events it judged end to end in the window
    }

    /**
     * {@code warmup} seconds at {@code rate}, then each of {@code services} killed with SIGKILL ({@code pids/NAME}
     * holds its process id, as written by the local runners' supervisor, which starts it again at once), {@code gap}
     * seconds apart. Latency is from the second an event was due to the first view covering it on the scoreboard's
     * {@code /stream}, so it spans the gateway, the processor and the scoreboard. For each kill: the seconds until
     * the events due in each of {@code settled} consecutive seconds had a p99 under {@code thresholdMs}.
     */
    private static void restarts(String gateway, String scoreboard, String run, int rate, int matches, int warmup, int gap,
                                 List<String> services, Path pids, int thresholdMs, int settled, String timelineFile)
            throws Exception {
        int total = warmup + gap * services.size();
        int perMatch = rate * (total + 20) / matches + 5;
        HttpLoad load = new HttpLoad(Workload.make("rs" + run, matches, perMatch, 3), gateway, null, 1, 64);
        ScoreboardFeedFollower feed = new ScoreboardFeedFollower(scoreboard, load::onView);
        feed.start();
        Thread.sleep(2000); // the follower has its snapshot
        int[] cursor = {0};
        long start = System.nanoTime();
        load.timeline(start, total);
        load.measuring(true);
        long end = start + TimeUnit.SECONDS.toNanos(total);
        long sent = 0;
        int[] killedAt = new int[services.size()];
        int nextKill = 0;
        long nanosPerSend = 1_000_000_000L / rate;
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
            int second = (int) ((now - start) / 1_000_000_000L);
            if (nextKill < services.size() && second >= warmup + gap * nextKill) {
                String name = services.get(nextKill);
                long pid = Long.parseLong(Files.readString(pids.resolve(name)).trim());
                boolean killed = ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false);
                System.err.printf("restarts: %s (pid %d) %s at second %d%n", name, pid, killed ? "killed" : "NOT found", second);
                killedAt[nextKill++] = second;
            }
            long due = (now - start) * rate / 1_000_000_000L;
            if (due > sent) {
                sent += load.sendSome((int) Math.min(due - sent, 1000), cursor, start + sent * nanosPerSend, nanosPerSend);
            }
            Thread.sleep(1);
        }
        Thread.sleep(10_000); // the last views arrive
        load.measuring(false);
        load.stop();
        feed.stop();

        StringBuilder timeline = new StringBuilder("# second events p50_ms p99_ms (events due in that second)\n");
        double[] p99 = new double[total];
        int[] count = new int[total];
        for (int t = 0; t < total; t++) {
            Percentiles p = load.second(t);
            count[t] = p.count();
            p99[t] = p.ms(99);
            timeline.append(String.format("%d %d %.1f %.1f%n", t, count[t], p.ms(50), p99[t]));
        }
        if (timelineFile != null) {
            Files.writeString(Path.of(timelineFile), timeline);
        }
        result("offered-rate", rate, "events/s");
        Percentiles before = new Percentiles();
        for (int t = Math.max(0, warmup - 30); t < warmup; t++) {
            before.addAll(load.second(t));
        }
        result("p99-before-kills", before.ms(99), "ms");
        for (int k = 0; k < services.size(); k++) {
            int from = killedAt[k];
            int until = k + 1 < services.size() ? killedAt[k + 1] : total;
            int back = -1;
            double worst = 0;
            for (int t = from; t < until; t++) {
                worst = Math.max(worst, Double.isNaN(p99[t]) ? 0 : p99[t]);
            }
            for (int t = from; t + settled <= until && back < 0; t++) {
                boolean under = true;
                for (int u = t; u < t + settled; u++) {
                    under &= count[u] > 0 && p99[u] < thresholdMs;
                }
                if (under) {
                    back = t - from;
                }
            }
            result(services.get(k) + "-back-under-" + thresholdMs + "ms", back, back < 0 ? "s (never)" : "s after the kill");
            result(services.get(k) + "-worst-p99", worst, "ms");
        }
        result("feed-reconnects", feed.reconnects.get(), "times" + (feed.lastFailure == null ? "" : ", last: " + feed.lastFailure));
        result("http-errors", load.errors.get(), "requests " + load.errorsByStatus());
    }

    /** Waits until the group has committed offsets up to the current end of table-events; events/s while it moved. */
    private static double catchUp(String bootstrap, String group, int timeoutSeconds) throws Exception {
        try (Admin admin = Admin.create(GroupOffsets.adminSettings(bootstrap))) {
            Map<TopicPartition, Long> ends = GroupOffsets.ends(admin, Topics.TABLE_EVENTS);
            long target = GroupOffsets.total(ends);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
            long firstAt = 0;
            long firstCommitted = 0;
            while (System.nanoTime() < deadline) {
                long sum = GroupOffsets.committed(admin, group, ends);
                long now = System.nanoTime();
                if (firstAt == 0 && sum > 0) {
                    firstAt = now;
                    firstCommitted = sum;
                }
                if (sum >= target && firstAt != 0) {
                    result("catchup-events", target - firstCommitted, "events");
                    return (target - firstCommitted) / ((now - firstAt) / 1e9);
                }
                Thread.sleep(100);
            }
            throw new IllegalStateException("group " + group + " did not catch up in " + timeoutSeconds + " s");
        }
    }

    private static long endOffsets(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(GroupOffsets.adminSettings(bootstrap))) {
            return GroupOffsets.total(GroupOffsets.ends(admin, Topics.TABLE_EVENTS));
        }
    }

    /**
     * CPU over a measured window: this load generator's own, and the rest of the machine's (the pipeline: gateway,
     * broker, processor and whatever else runs), so that a figure can be given per CPU-second of the pipeline; and the
     * pipeline's CPU split by component ({@link ServiceCpu}), to say where it went.
     */
    private record CpuShares(long startNanos, double ownFrom, double machineFrom, ServiceCpu componentsFrom,
                             double ownSeconds, double machineSeconds, double wallSeconds, ServiceCpu componentsTo) {
        static CpuShares start() {
            return new CpuShares(System.nanoTime(), ProcessCpu.seconds(0), ProcessCpu.machineBusySeconds(),
                    ServiceCpu.snapshot(), 0, 0, 0, null);
        }

        CpuShares stop() {
            return new CpuShares(startNanos, ownFrom, machineFrom, componentsFrom, ProcessCpu.seconds(0) - ownFrom,
                    ProcessCpu.machineBusySeconds() - machineFrom, (System.nanoTime() - startNanos) / 1e9,
                    ServiceCpu.snapshot());
        }

        void report(long events) {
            double pipeline = machineSeconds - ownSeconds;
            result("generator-cpu", ownSeconds / wallSeconds * 100, "% of one core");
            result("pipeline-cpu", pipeline / wallSeconds * 100, "% of one core (the machine's busy time less the generator's)");
            result("events-per-cpu-s", events / pipeline, "events per CPU-second of the pipeline");
            componentsTo.percentSince(componentsFrom, wallSeconds)
                    .forEach((component, percent) -> result("cpu-" + component, percent, "% of one core"));
        }
    }

    private static void result(String name, double value, String unit) {
        System.out.printf("RESULT %-16s %12.2f %s%n", name, value, unit);
        System.out.flush();
    }
}
