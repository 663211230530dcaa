package org.matchledger.simulator;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Plays realistic matches of the four disciplines on N tables through the table gateway: one thread per table posts
 * its match's events one at a time, in order, at the configured rate, and starts the next match when one finishes.
 * Prints a line at the start, a summary every 10 s and a final summary when stopped (SIGTERM, Ctrl-C, --duration,
 * --matches). See {@link Options#USAGE}.
 */
public final class TableSimulator {
    static final Duration SUMMARY_EVERY = Duration.ofSeconds(10);

    private final Options options;
    private final EventSender sender;
    private final PrintStream out;
    private final Stats stats = new Stats();
    private final List<SimulatedTable> tables = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private final Map<String, SimulatedTable.Position> otherTables = new TreeMap<>();
    private volatile boolean running = true;
    private final Object stopLock = new Object();
    private boolean stopped;
    private long seed;
    private long startNanos;
    private Stats.Snapshot lastSnapshot;
    private ScheduledExecutorService reporter;

    TableSimulator(Options options, EventSender sender, PrintStream out) {
        this.options = options;
        this.sender = sender;
        this.out = out;
    }

    public static void main(String[] args) {
        Options options;
        try {
            options = Options.parse(args, System.getenv());
            if (options.tables() > 0) {
                HttpEventSender.requireLoopback(options.gateway());
            }
        } catch (Options.HelpRequested e) {
            System.out.println(Options.USAGE);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println("simulator: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }
        if (options.tables() == 0) {
            System.out.println("simulator: 0 tables, nothing to do");
            return;
        }
        EventSender sender = new HttpEventSender(options.gateway(), Duration.ofSeconds(2), Duration.ofSeconds(15),
                options.tokens());
        TableSimulator sim = new TableSimulator(options, sender, System.out);
        try {
            sim.start();
        } catch (IOException e) {
            System.err.println("simulator: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(sim::stop, "simulator-shutdown"));
        sim.awaitEnd();
        sim.stop();
    }

    /** Reads the state file, creates the tables and starts their threads and the periodic summary. */
    void start() throws IOException {
        SimState previous;
        try {
            previous = SimState.read(options.state());
        } catch (IOException e) {
            throw new IOException("cannot read the state file: " + e.getMessage(), e);
        }
        seed = previous != null && !options.seedGiven() ? previous.seed() : options.seed();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < options.tables(); i++) {
            ids.add(SimulatedTable.tableId(i));
        }
        TreeSet<String> known = new TreeSet<>(ids);
        if (previous != null) {
            known.addAll(previous.tables().keySet());
        }
        Map<String, SimulatedTable.Position> from = SimState.startPositions(previous, seed, List.copyOf(known));
        from.forEach((id, p) -> {
            if (!ids.contains(id)) {
                otherTables.put(id, p); // not simulated this time: kept for a later run
            }
        });
        long intervalNanos = Math.max(1, Math.round(1e9 / options.rate()));
        int resumed = 0;
        for (int i = 0; i < ids.size(); i++) {
            SimulatedTable.Position p = from.get(ids.get(i));
            if (p.acked() > 0) {
                resumed++;
            }
            tables.add(new SimulatedTable(ids.get(i), i, seed, p, sender, stats, intervalNanos, System::nanoTime, this::log));
        }
        startNanos = System.nanoTime();
        lastSnapshot = stats.snapshot(startNanos);
        out.println(String.format(Locale.ROOT, "simulator: %d tables (%s..%s) → %s, %s events/s per table, seed %d%s%s%s",
                tables.size(), ids.get(0), ids.get(ids.size() - 1), options.gateway(), trim(options.rate()), seed,
                options.state() == null ? "" : ", state " + options.state() + (resumed > 0 ? " (" + resumed + " matches resumed)" : ""),
                options.duration() == null ? "" : ", for " + options.duration().toSeconds() + " s",
                options.matches() == 0 ? "" : ", until " + options.matches() + " matches are finished"));
        saveState();
        for (SimulatedTable t : tables) {
            Thread th = new Thread(() -> play(t), "table-" + t.id());
            th.setDaemon(true);
            threads.add(th);
        }
        threads.forEach(Thread::start);
        reporter = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread th = new Thread(r, "simulator-summary");
            th.setDaemon(true);
            return th;
        });
        long every = SUMMARY_EVERY.toMillis();
        reporter.scheduleAtFixedRate(this::summary, every, every, TimeUnit.MILLISECONDS);
    }

    private void play(SimulatedTable table) {
        try {
            while (running) {
                long wait = table.step();
                if (options.matches() > 0 && stats.matchesFinished() >= options.matches()) {
                    done.countDown();
                    return;
                }
                long until = System.nanoTime() + wait;
                for (long left = wait; running && left > 0; left = until - System.nanoTime()) {
                    LockSupport.parkNanos(left);
                    if (Thread.interrupted()) {
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            // stopping
        } catch (RuntimeException e) {
            log(table.id() + ": stopped by an unexpected error: " + e);
            e.printStackTrace(out);
        }
    }

    /** Until --duration has passed, --matches are finished, or the JVM is stopped (the shutdown hook calls stop()). */
    void awaitEnd() {
        try {
            if (options.duration() != null) {
                done.await(options.duration().toMillis(), TimeUnit.MILLISECONDS);
            } else {
                done.await();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the tables (an event in flight is abandoned: it is sent again on the next start), saves, summarises. */
    void stop() {
        synchronized (stopLock) {
            if (stopped) {
                return;
            }
            stopped = true;
        }
        running = false;
        done.countDown();
        if (reporter != null) {
            reporter.shutdownNow();
        }
        threads.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        for (Thread th : threads) {
            try {
                th.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                break;
            }
        }
        saveState();
        long now = System.nanoTime();
        out.println(stats.line("stopped", stats.snapshot(startNanos).withPosted(0), stats.snapshot(now), startNanos));
        out.flush();
    }

    private void summary() {
        try {
            Stats.Snapshot now = stats.snapshot(System.nanoTime());
            out.println(stats.line("running", lastSnapshot, now, startNanos));
            lastSnapshot = now;
            saveState();
        } catch (RuntimeException e) {
            log("summary failed: " + e);
        }
    }

    private synchronized void saveState() {
        if (options.state() == null) {
            return;
        }
        Map<String, SimulatedTable.Position> positions = new TreeMap<>(otherTables);
        tables.forEach(t -> positions.put(t.id(), t.position()));
        try {
            new SimState(seed, positions).write(options.state());
        } catch (IOException e) {
            log("cannot write the state file " + options.state() + ": " + e);
        }
    }

    private void log(String line) {
        out.println("simulator: " + line);
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    Stats stats() {
        return stats;
    }

    List<SimulatedTable> tables() {
        return tables;
    }
}
