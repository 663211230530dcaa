package org.matchledger.loadtest;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * End-to-end benchmark of the pipeline on loopback (run by {@code deploy/bin/bench-pipeline}):
 * <ul>
 *   <li>{@code latency}: a fixed rate of events over many matches through the gateway; ingest → view p50/p99;</li>
 *   <li>{@code throughput}: as fast as the gateway takes them; events judged per second end to end;</li>
 *   <li>{@code bare}: the transactional consume → produce floor over table-events, no rules;</li>
 *   <li>{@code catchup}: how fast a consumer group (a processor re-judging the log) works through table-events.</li>
 * </ul>
 * Each prints {@code RESULT <name> <value> <unit>} lines.
 */
public final class PipelineBenchmark {

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        String mode = args.length > 0 ? args[0] : "help";
        String gateway = o.getOrDefault("gateway", "http://127.0.0.1:8080");
        String bootstrap = o.getOrDefault("bootstrap", "127.0.0.1:9092");
        String run = o.getOrDefault("run", Long.toString(System.currentTimeMillis() % 1_000_000));
        switch (mode) {
            case "latency" -> latency(gateway, bootstrap, run, Integer.parseInt(o.getOrDefault("rate", "1000")),
                    Integer.parseInt(o.getOrDefault("matches", "1000")), Integer.parseInt(o.getOrDefault("seconds", "60")),
                    Integer.parseInt(o.getOrDefault("warmup", "30")));
            case "throughput" -> throughput(gateway, bootstrap, run, Integer.parseInt(o.getOrDefault("matches", "1000")),
                    Integer.parseInt(o.getOrDefault("seconds", "30")), Integer.parseInt(o.getOrDefault("batch", "1")));
            case "bare" -> result("bare-loop", BareLoop.run(bootstrap, endOffsets(bootstrap), run), "events/s");
            case "catchup" -> result("catchup-" + o.get("group"), catchUp(bootstrap, o.get("group"),
                    Integer.parseInt(o.getOrDefault("timeout", "600"))), "events/s");
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
        while (System.nanoTime() < end) {
            long now = System.nanoTime();
            if (postedAtWarmupEnd < 0 && now >= warmupEnd) {
                load.measuring(true);
                postedAtWarmupEnd = load.posted.get();
            }
            long due = (now - start) * rate / 1_000_000_000L;
            if (due > sent) {
                long nanosPerSend = 1_000_000_000L / rate;
                sent += load.sendSome((int) Math.min(due - sent, 1000), cursor, start + sent * nanosPerSend, nanosPerSend);
            }
            Thread.sleep(1);
        }
        long postedInWindow = load.posted.get() - postedAtWarmupEnd;
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
        result("http-errors", load.errors.get(), "requests");
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
        while (System.nanoTime() < end) {
            if (judgedAtStart < 0 && System.nanoTime() >= warmupEnd) {
                judgedAtStart = load.judged.get();
                postedAtStart = load.posted.get();
            }
            if (load.sendSome(matches, cursor, 0, 0) == 0) {
                Thread.sleep(1);
            }
        }
        long judged = load.judged.get() - judgedAtStart;
        long posted = load.posted.get() - postedAtStart;
        load.stop();
        result("batch", batch, "events/post");
        result("accepted-rate", posted / (double) seconds, "events/s");
        result("judged-rate", judged / (double) seconds, "events/s");
        result("http-errors", load.errors.get(), "requests");
    }

    /** Waits until the group has committed offsets up to the current end of table-events; events/s while it moved. */
    private static double catchUp(String bootstrap, String group, int timeoutSeconds) throws Exception {
        try (Admin admin = Admin.create(adminSettings(bootstrap))) {
            Map<TopicPartition, Long> ends = ends(admin);
            long target = ends.values().stream().mapToLong(Long::longValue).sum();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
            long firstAt = 0;
            long firstCommitted = 0;
            while (System.nanoTime() < deadline) {
                Map<TopicPartition, OffsetAndMetadata> committed =
                        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get();
                long sum = 0;
                for (TopicPartition tp : ends.keySet()) {
                    OffsetAndMetadata om = committed.get(tp);
                    sum += om == null ? 0 : Math.min(om.offset(), ends.get(tp));
                }
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
        try (Admin admin = Admin.create(adminSettings(bootstrap))) {
            return ends(admin).values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** The bootstrap servers and the security settings of the environment (deploy/local/kafka/as admin). */
    private static Map<String, Object> adminSettings(String bootstrap) {
        Map<String, Object> settings = new HashMap<>(KafkaSecurity.fromEnvironment());
        settings.put("bootstrap.servers", bootstrap);
        return settings;
    }

    private static Map<TopicPartition, Long> ends(Admin admin) throws Exception {
        int partitions = admin.describeTopics(List.of(Topics.TABLE_EVENTS)).allTopicNames().get()
                .get(Topics.TABLE_EVENTS).partitions().size();
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(Topics.TABLE_EVENTS, p), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        for (Map.Entry<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> e :
                admin.listOffsets(request).all().get().entrySet()) {
            ends.put(e.getKey(), e.getValue().offset());
        }
        return ends;
    }

    private static void result(String name, double value, String unit) {
        System.out.printf("RESULT %-16s %12.2f %s%n", name, value, unit);
        System.out.flush();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 1; i + 1 < args.length; i += 2) {
            o.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return o;
    }
}
