package org.matchledger.systemtests;

import java.lang.System.Logger.Level;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The ledger's services as deploy/local/cluster runs them, each by name with the way to start it: started together,
 * killed on purpose ({@link #kill}) and started again ({@link #restart}), and supervised as the cluster's runner does
 * — one that exits when nobody killed it is started again at once, and the restart is recorded
 * ({@link #unplannedRestarts()}), so that a fault's figures show it.
 */
final class ClusterServices implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(ClusterServices.class.getName());
    private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(3);

    private final Map<String, Supplier<ServiceProcess>> starters = new LinkedHashMap<>();
    private final Map<String, ServiceProcess> running = new ConcurrentHashMap<>();
    /** Killed on purpose (or being started): the supervisor leaves them alone. */
    private final Set<String> down = ConcurrentHashMap.newKeySet();
    private final List<String> unplannedRestarts = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService supervisor = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cluster-services-supervisor");
        t.setDaemon(true);
        return t;
    });

    /** Registers {@code name}, started by {@code starter} (which returns once it is ready). */
    void add(String name, Supplier<ServiceProcess> starter) {
        starters.put(name, starter);
    }

    /** Starts every service, two at a time (a 2-core machine), then supervises them. */
    void startAll() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Map<String, Future<ServiceProcess>> started = new LinkedHashMap<>();
            starters.forEach((name, starter) -> started.put(name, pool.submit(starter::get)));
            for (Map.Entry<String, Future<ServiceProcess>> e : started.entrySet()) {
                running.put(e.getKey(), e.getValue().get(ServiceProcess.READY_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        supervisor.scheduleWithFixedDelay(this::superviseOnce, 1, 1, TimeUnit.SECONDS);
    }

    ServiceProcess get(String name) {
        return running.get(name);
    }

    List<String> names() {
        return List.copyOf(starters.keySet());
    }

    /** kill -9 of {@code name}; it stays down until {@link #restart}. */
    void kill(String name) {
        down.add(name);
        running.get(name).kill();
    }

    /** Starts {@code name} again (after {@link #kill}); returns once it is ready. */
    ServiceProcess restart(String name) {
        down.add(name);
        try {
            ServiceProcess s = starters.get(name).get();
            running.put(name, s);
            return s;
        } finally {
            down.remove(name);
        }
    }

    /** Every service alive and answering UP on {@code /q/health/ready}; the names of those that are not. */
    List<String> notReady() {
        List<String> not = new ArrayList<>();
        for (String name : starters.keySet()) {
            ServiceProcess s = running.get(name);
            if (down.contains(name) || s == null || !s.alive()) {
                not.add(name);
                continue;
            }
            HttpResponse<String> r = s.health("/q/health/ready", HEALTH_TIMEOUT);
            if (r == null || r.statusCode() != 200 || !r.body().contains("\"UP\"")) {
                not.add(name);
            }
        }
        return not;
    }

    /** Restarts that nobody asked for: "name (exit status S) at T", in order. */
    List<String> unplannedRestarts() {
        return List.copyOf(unplannedRestarts);
    }

    private void superviseOnce() {
        for (String name : starters.keySet()) {
            ServiceProcess s = running.get(name);
            if (s == null || s.alive() || down.contains(name)) {
                continue;
            }
            String what = name + " (exit status " + s.exitStatus() + ")";
            LOG.log(Level.WARNING, "{0} exited by itself: starting it again; its log {1} ends with:\n{2}", what, s.log(),
                    s.logTail(30));
            unplannedRestarts.add(what + " at " + java.time.Instant.now());
            try {
                restart(name);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "{0} did not start again: {1}", name, e.getMessage());
            }
        }
    }

    /** kill -9 of every service (the end of a test: no need to wait for graceful stops). */
    void killAll() {
        supervisor.shutdownNow();
        running.values().forEach(ServiceProcess::kill);
    }

    @Override
    public void close() {
        supervisor.shutdownNow();
        try {
            supervisor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running.values().forEach(ServiceProcess::stop);
    }
}
