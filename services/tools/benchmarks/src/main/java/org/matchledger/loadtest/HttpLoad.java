package org.matchledger.loadtest;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Posts pre-generated matches to the gateway (each match's events in order, one request in flight per match) and
 * follows {@code match-views}: a view with {@code lastSeq} L for a match means its events up to L are judged; the
 * time from sending an event to the first view that covers it is its ingest → view latency.
 */
final class HttpLoad {
    private final List<Workload.MatchLog> matches;
    private final String bootstrap;
    private final int batch;
    private final GatewayPosts posts;
    private final int[] next;
    private final boolean[] inFlight;
    private final Map<String, Integer> indexOf = new HashMap<>();
    private final Map<String, long[]> sentNanos = new ConcurrentHashMap<>();
    private final Map<String, Long> judgedUpTo = new ConcurrentHashMap<>();
    final Percentiles latency = new Percentiles();
    /** Time from sending a post to the gateway's answer (the broker's acknowledgement). */
    final Percentiles postLatency = new Percentiles();
    final AtomicLong posted = new AtomicLong();
    final AtomicLong judged = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    /** The refused posts by HTTP status ({@link GatewayPosts#NO_ANSWER} for none), in status order. */
    final Map<Integer, AtomicLong> errorsByStatus = new java.util.concurrent.ConcurrentSkipListMap<>();
    private volatile boolean measuring;
    private long timelineStart;
    private Percentiles[] timeline;
    private final AtomicBoolean stop = new AtomicBoolean();

    private final int maxInFlight;
    private int inFlightCount;

    HttpLoad(List<Workload.MatchLog> matches, String gateway, String bootstrap, int batch, int maxInFlight) {
        this.maxInFlight = maxInFlight;
        this.matches = matches;
        this.bootstrap = bootstrap;
        this.batch = batch;
        this.posts = new GatewayPosts(gateway, maxInFlight);
        this.next = new int[matches.size()];
        this.inFlight = new boolean[matches.size()];
        for (int i = 0; i < matches.size(); i++) {
            indexOf.put(matches.get(i).matchId(), i);
            int n = matches.get(i).events().size();
            long maxSeq = n == 0 ? 0 : matches.get(i).events().get(n - 1).seq();
            sentNanos.put(matches.get(i).matchId(), new long[(int) maxSeq + 2]);
        }
    }

    /** Follows match-views from its current end until stopped. */
    Thread followViews() {
        Thread t = new Thread(() -> {
            Properties p = new Properties();
            p.putAll(KafkaSecurity.fromEnvironment()); // KAFKA_SASL_JAAS_CONFIG etc.: deploy/local/kafka/as admin
            p.put("bootstrap.servers", bootstrap);
            p.put("isolation.level", "read_committed");
            p.put("enable.auto.commit", "false");
            p.put("fetch.max.wait.ms", "5");
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
                List<TopicPartition> tps = new ArrayList<>();
                for (PartitionInfo pi : c.partitionsFor(Topics.MATCH_VIEWS)) {
                    tps.add(new TopicPartition(pi.topic(), pi.partition()));
                }
                c.assign(tps);
                c.seekToEnd(tps);
                tps.forEach(c::position);
                while (!stop.get()) {
                    for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(50))) {
                        onView(r.key(), lastSeq(r.value()));
                    }
                }
            }
        }, "views-follower");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The {@code lastSeq} of a view's JSON, read without parsing it (-1 when absent). */
    static long lastSeq(String view) {
        int i = view.lastIndexOf("\"lastSeq\":");
        if (i < 0) {
            return -1;
        }
        int j = i + 10;
        long v = 0;
        while (j < view.length() && Character.isDigit(view.charAt(j))) {
            v = v * 10 + (view.charAt(j++) - '0');
        }
        return v;
    }

    /** A view of {@code matchId} covering its events up to {@code lastSeq} was seen (on match-views or a feed). */
    synchronized void onView(String matchId, long lastSeq) {
        long[] sent = sentNanos.get(matchId);
        if (sent == null) {
            return; // another run's match
        }
        long now = System.nanoTime();
        long from = judgedUpTo.getOrDefault(matchId, 0L);
        if (lastSeq <= from) {
            return;
        }
        for (long s = from + 1; s <= lastSeq && s < sent.length; s++) {
            if (sent[(int) s] != 0) {
                judged.incrementAndGet();
                if (measuring) {
                    latency.add((now - sent[(int) s]) / 1000);
                }
                if (timeline != null) {
                    int second = (int) ((sent[(int) s] - timelineStart) / 1_000_000_000L);
                    if (second >= 0 && second < timeline.length) {
                        timeline[second].add((now - sent[(int) s]) / 1000);
                    }
                }
            }
        }
        judgedUpTo.put(matchId, lastSeq);
    }

    /**
     * From now on, each event's ingest → view latency also goes to the second (since {@code startNanos}) in which it
     * was due to be sent, for {@code seconds} seconds: how the latency of what was posted evolves across a restart.
     */
    synchronized void timeline(long startNanos, int seconds) {
        timelineStart = startNanos;
        timeline = new Percentiles[seconds];
        for (int i = 0; i < seconds; i++) {
            timeline[i] = new Percentiles(1024);
        }
    }

    /** The latencies of the events due in second {@code second} of the timeline. */
    synchronized Percentiles second(int second) {
        return timeline[second];
    }

    void measuring(boolean on) {
        measuring = on;
    }

    void stop() {
        stop.set(true);
    }

    /**
     * Sends up to {@code budget} requests to matches with nothing in flight, at most {@code maxInFlight} at once (a
     * real client pool); returns how many were sent. {@code intendedNanos} is when the first of them was due: latency
     * counts from then, so a send held back by a slow system is not hidden (no coordinated omission).
     */
    synchronized int sendSome(int budget, int[] cursor, long intendedNanos, long nanosPerSend) {
        int sent = 0;
        int n = matches.size();
        for (int k = 0; k < n && sent < budget && inFlightCount < maxInFlight; k++) {
            int i = cursor[0];
            cursor[0] = (cursor[0] + 1) % n;
            if (inFlight[i] || next[i] >= matches.get(i).events().size()) {
                continue;
            }
            send(i, intendedNanos == 0 ? System.nanoTime() : intendedNanos + sent * nanosPerSend);
            sent++;
        }
        return sent;
    }

    private void send(int i, long intendedNanos) {
        Workload.MatchLog m = matches.get(i);
        int from = next[i];
        int to = Math.min(from + batch, m.events().size());
        long[] sent = sentNanos.get(m.matchId());
        long now = intendedNanos;
        StringBuilder body = new StringBuilder();
        if (batch > 1) {
            body.append('[');
        }
        for (int k = from; k < to; k++) {
            Workload.Event e = m.events().get(k);
            if (sent[(int) e.seq()] == 0) {
                sent[(int) e.seq()] = now; // a re-sent duplicate keeps its first time
            }
            if (k > from) {
                body.append(',');
            }
            body.append(e.json());
        }
        if (batch > 1) {
            body.append(']');
        }
        inFlight[i] = true;
        inFlightCount++;
        int count = to - from;
        posts.post(m.matchId(), body.toString(), batch > 1, status -> {
            if (measuring) {
                postLatency.add((System.nanoTime() - now) / 1000);
            }
            synchronized (HttpLoad.this) {
                inFlight[i] = false;
                inFlightCount--;
                if (status == 202 || status == 200) {
                    next[i] = to;
                    posted.addAndGet(count);
                } else {
                    errors.incrementAndGet(); // no answer, 503 and the like: the same events are sent again
                    errorsByStatus.computeIfAbsent(status, k -> new AtomicLong()).incrementAndGet();
                }
            }
        });
    }

    /** The refused posts by status, e.g. {@code 503×12 -1×3} (empty when none). */
    String errorsByStatus() {
        StringBuilder b = new StringBuilder();
        errorsByStatus.forEach((status, n) -> b.append(b.isEmpty() ? "" : " ").append(status).append('×').append(n.get()));
        return b.toString();
    }

    int matchIndex(String matchId) {
        return indexOf.getOrDefault(matchId, -1);
    }
}
