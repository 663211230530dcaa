package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tables posting throughout, as table clients do: each table plays simulated matches one after another and posts
 * their events one at a time at a steady pace; an event the gateway does not accept (a 5xx, no answer) is sent again
 * with the same id after a pause until it is accepted (202), as the console's outbox does. Every post is recorded:
 * when, how long it took, what was answered. {@link #pause()} holds every table between two posts (nothing in flight)
 * so that the ledger can be checked at rest; {@link #resume()} lets them go on.
 */
final class TableLoad implements AutoCloseable {
    /** One post: when it was sent (System.nanoTime), how long it took, the status (-1: no answer). */
    record Post(long sentAtNanos, long tookNanos, int status, String matchId, String eventId) {
        boolean accepted() {
            return status == 202;
        }
    }

    /** One event accepted by the gateway: its match, seq, id, and when the 202 came (System.nanoTime). */
    record Acked(String matchId, long seq, String eventId, long ackedAtNanos) {
    }

    private static final long RETRY_PAUSE_MS = 500;

    private final GatewayClient client;
    private final int tables;
    private final long periodMillis;
    private final String run;
    private final long seed;
    private final ExecutorService threads;
    private final ConcurrentLinkedQueue<Post> posts = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Acked> acked = new ConcurrentLinkedQueue<>();
    private final List<String> matches = new CopyOnWriteArrayList<>();
    /** Event id → posts of it that were not accepted (a re-sent event may be on table-events more than once). */
    private final Map<String, AtomicInteger> refusedPostsOf = new ConcurrentHashMap<>();
    /** Event id → posts of it that were accepted (the simulator re-sends some events on purpose). */
    private final Map<String, AtomicInteger> acceptedPostsOf = new ConcurrentHashMap<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicInteger idle = new AtomicInteger();
    private volatile boolean paused;
    private volatile boolean stopped;

    /** {@code tables} tables posting {@code eventsPerSecond} events a second in all. */
    TableLoad(GatewayClient client, int tables, double eventsPerSecond, String run, long seed) {
        this.client = client;
        this.tables = tables;
        this.periodMillis = Math.round(1000.0 * tables / eventsPerSecond);
        this.run = run;
        this.seed = seed;
        this.threads = Executors.newFixedThreadPool(tables, r -> {
            Thread t = new Thread(r, "table-load");
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        Random seeds = new Random(seed);
        for (int t = 1; t <= tables; t++) {
            String table = String.format("T%02d", t);
            long tableSeed = seeds.nextLong();
            threads.submit(() -> {
                try {
                    playTable(table, new Random(tableSeed));
                } catch (RuntimeException e) {
                    if (!stopped) {
                        failures.add(table + ": " + e);
                    }
                }
            });
        }
    }

    /** Holds every table before its next post and returns once none is posting. */
    void pause() {
        paused = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (idle.get() < tables - failures.size() && System.nanoTime() < deadline) {
            ServiceProcess.sleep(20);
        }
        if (idle.get() < tables - failures.size()) {
            throw new IllegalStateException("the tables did not come to rest within 60 s");
        }
    }

    /** A table that stopped because the gateway refused an event (4xx) or something broke: what happened. */
    List<String> failures() {
        return List.copyOf(failures);
    }

    void resume() {
        paused = false;
    }

    List<Post> posts() {
        return List.copyOf(posts);
    }

    List<Acked> acked() {
        return List.copyOf(acked);
    }

    /** Every match any table has started. */
    List<String> matches() {
        return List.copyOf(matches);
    }

    int refusedPostsOf(String eventId) {
        AtomicInteger n = refusedPostsOf.get(eventId);
        return n == null ? 0 : n.get();
    }

    int acceptedPostsOf(String eventId) {
        AtomicInteger n = acceptedPostsOf.get(eventId);
        return n == null ? 0 : n.get();
    }

    private void playTable(String table, Random rnd) {
        Discipline[] disciplines = Discipline.values();
        for (int k = 0; !stopped; k++) {
            Discipline d = disciplines[(k + rnd.nextInt(disciplines.length)) % disciplines.length];
            String matchId = "cf-" + run + "-" + table + "-" + k;
            List<ObjectNode> events = SimMatch.play(matchId, d, SimMatch.raceTo(d, 2), rnd.nextLong()).events();
            matches.add(matchId);
            for (ObjectNode event : events) {
                long sent = System.currentTimeMillis();
                if (!postUntilAccepted(matchId, event)) {
                    return;
                }
                rest(periodMillis - (System.currentTimeMillis() - sent));
            }
        }
    }

    /** Posts the event until it is accepted; false when the load was stopped first. */
    private boolean postUntilAccepted(String matchId, ObjectNode event) {
        String id = event.get("id").textValue();
        while (true) {
            if (!awaitTurn()) {
                return false;
            }
            long sent = System.nanoTime();
            int status;
            try {
                status = client.postOne(matchId, event).status();
            } catch (RuntimeException e) {
                status = -1;
            }
            long took = System.nanoTime() - sent;
            posts.add(new Post(sent, took, status, matchId, id));
            if (status == 202) {
                acceptedPostsOf.computeIfAbsent(id, x -> new AtomicInteger()).incrementAndGet();
                acked.add(new Acked(matchId, event.get("seq").longValue(), id, sent + took));
                return true;
            }
            if (status >= 400 && status < 500) {
                throw new IllegalStateException(matchId + ": the gateway refused " + id + " with " + status);
            }
            refusedPostsOf.computeIfAbsent(id, x -> new AtomicInteger()).incrementAndGet();
            rest(RETRY_PAUSE_MS);
        }
    }

    /** Waits while paused (counted as idle); false once stopped. */
    private boolean awaitTurn() {
        if (paused) {
            idle.incrementAndGet();
            try {
                while (paused && !stopped) {
                    ServiceProcess.sleep(20);
                }
            } finally {
                idle.decrementAndGet();
            }
        }
        return !stopped;
    }

    private void rest(long millis) {
        long until = System.currentTimeMillis() + millis;
        while (!stopped && System.currentTimeMillis() < until) {
            ServiceProcess.sleep(Math.min(50, Math.max(1, until - System.currentTimeMillis())));
        }
    }

    @Override
    public void close() {
        stopped = true;
        threads.shutdownNow();
        try {
            threads.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** For reports: how many posts in all and how many were not accepted. */
    String summary() {
        List<Post> all = new ArrayList<>(posts);
        long refused = all.stream().filter(p -> !p.accepted()).count();
        return all.size() + " posts, " + refused + " not accepted, " + matches.size() + " matches";
    }
}
