package org.matchledger.simulator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One simulated table: plays its matches one after the other, posting each match's events one at a time and in order.
 * Single-threaded: {@link #step()} sends one event and says how long to wait before the next step.
 * <ul>
 *   <li>accepted: the next event, one interval (1 / rate) after the start of this post;</li>
 *   <li>gateway unavailable (5xx, connection refused, timeout): the <em>same</em> event again (same id, same content)
 *       after a backoff (the gateway's {@code Retry-After}, else 0.2 s doubling up to 5 s): an event is never skipped;</li>
 *   <li>refused (4xx): logged, and the table starts a new match (the refused match cannot go on without it).</li>
 * </ul>
 * What a table posts depends only on the run's seed, the table and the match number: match {@code n} of table
 * {@code Tkk} is {@code Tkk-n}, its discipline rotates (9-ball, 8-ball, 14.1, Black Ball), and its events come from a
 * {@link MatchPlayer} seeded from (seed, table, n). So a restarted simulator can resume a match by replaying its
 * acknowledged events locally ({@link #Table(String, int, long, Position, EventSender, Stats, long, LongSupplier, Consumer)}).
 * <p>
 * The opening event of a new match is posted with {@code ?wait=}: if its rulings come back without
 * {@code MATCH_OPENED} (the id is taken: {@code EVENT_REJECTED} or {@code DUPLICATE}), the table skips to the next match
 * number instead of flooding the ledger with rejected events. Without rulings in time it goes on.
 */
public final class SimulatedTable {
    static final Discipline[] ROTATION = {Discipline.NINE_BALL, Discipline.EIGHT_BALL, Discipline.STRAIGHT_POOL,
            Discipline.BLACKBALL};
    static final long FIRST_BACKOFF_NANOS = 200_000_000L;
    static final long MAX_BACKOFF_NANOS = 5_000_000_000L;
    /** The opening event of a new match is posted with {@code ?wait=}: its rulings say whether the id is free. */
    static final int OPENING_WAIT_MILLIS = 3000;

    /** Where a table is: its current match and how many of that match's events the gateway has acknowledged. */
    public record Position(int match, long acked) {
        public static final Position START = new Position(1, 0);
    }

    /** The match {@code number} of table {@code index} (0-based) for a run's seed. */
    public record Plan(String matchId, Discipline discipline, int raceTo, long seed) {
    }

    private final String tableId;
    private final int index;
    private final long runSeed;
    private final EventSender sender;
    private final Stats stats;
    private final long intervalNanos;
    private final LongSupplier clock;
    private final Consumer<String> log;

    private MatchPlayer player;
    private int matchNumber;
    private long acked;
    private String pending;
    private String pendingId;
    private int failures;
    private volatile Position position;

    /**
     * @param from          where to begin: match {@code from.match()}, its first {@code from.acked()} events already
     *                      recorded (they are replayed locally, not posted)
     * @param intervalNanos time between the starts of two posts (1 s / events per second)
     * @param clock         nanoseconds, for pacing ({@code System::nanoTime})
     */
    public SimulatedTable(String tableId, int index, long runSeed, Position from, EventSender sender, Stats stats,
                 long intervalNanos, LongSupplier clock, Consumer<String> log) {
        this.tableId = tableId;
        this.index = index;
        this.runSeed = runSeed;
        this.sender = sender;
        this.stats = stats;
        this.intervalNanos = intervalNanos;
        this.clock = clock;
        this.log = log;
        startMatch(from.match(), from.acked());
    }

    public static String tableId(int index) {
        return String.format("T%02d", index + 1);
    }

    public static Plan plan(long runSeed, String tableId, int index, int matchNumber) {
        long seed = mix(mix(runSeed) ^ mix(0x5EED_0000L + index) ^ (matchNumber * 0x9E3779B97F4A7C15L));
        Discipline d = ROTATION[Math.floorMod(index + matchNumber - 1, ROTATION.length)];
        Random r = new Random(seed ^ 0x7ACEL);
        int raceTo = d == Discipline.STRAIGHT_POOL ? 50 + 10 * r.nextInt(6) : 3 + r.nextInt(3);
        return new Plan(tableId + "-" + matchNumber, d, raceTo, seed);
    }

    public String id() {
        return tableId;
    }

    /** The current match and its acknowledged events; safe to read from another thread. */
    public Position position() {
        return position;
    }

    public String matchId() {
        return player.matchId();
    }

    /**
     * Posts the next event (or the same one again after a failure).
     *
     * @return nanoseconds to wait before the next step
     */
    public long step() throws InterruptedException {
        if (pending == null && !prepareNext()) {
            return 0; // a new match was started instead; its first event goes with the next step
        }
        long start = clock.getAsLong();
        boolean opening = acked == 0;
        boolean resent = failures > 0;
        EventSender.Outcome outcome = sender.send(player.matchId(), pending, opening ? OPENING_WAIT_MILLIS : 0);
        switch (outcome.kind()) {
            case ACCEPTED -> {
                if (failures > 0) {
                    log.accept(tableId + ": gateway back, " + pendingId + " accepted after " + failures
                            + (failures == 1 ? " retry" : " retries"));
                }
                failures = 0;
                pending = null;
                stats.posted.incrementAndGet();
                acked++;
                if (opening && outcome.rulings() != null && !outcome.rulings().contains("MATCH_OPENED")
                        && !(resent && outcome.rulings().equals(List.of("DUPLICATE")))) {
                    // The ledger already has this match id (a run with another seed, or without its state file):
                    // going on would only make rejected events. Take the next number. (A DUPLICATE after our own
                    // retry is just our first try having been recorded after all.)
                    stats.matchesSkipped.incrementAndGet();
                    log.accept(tableId + ": " + player.matchId() + " is already in the ledger (" + outcome.rulings()
                            + "), going on with " + tableId + "-" + (matchNumber + 1));
                    startMatch(matchNumber + 1, 0);
                    return 0;
                }
                if (player.finished()) {
                    stats.matchesFinished.incrementAndGet();
                    startMatch(matchNumber + 1, 0);
                } else {
                    position = new Position(matchNumber, acked);
                }
                return Math.max(0, intervalNanos - (clock.getAsLong() - start));
            }
            case REFUSED -> {
                failures = 0;
                stats.clientErrors.incrementAndGet();
                stats.matchesAbandoned.incrementAndGet();
                log.accept(tableId + ": " + outcome.status() + " for " + pendingId + ", giving up match " + player.matchId()
                        + ": " + outcome.detail());
                startMatch(matchNumber + 1, 0);
                return intervalNanos;
            }
            default -> {
                failures++;
                stats.retries.incrementAndGet();
                if (outcome.status() >= 500) {
                    stats.serverErrors.incrementAndGet();
                }
                long wait = backoffNanos(failures, outcome.retryAfterMillis());
                if (failures == 1) {
                    log.accept(tableId + ": gateway unavailable (" + (outcome.status() == 0 ? "no answer" : outcome.status())
                            + (outcome.detail().isEmpty() ? "" : ": " + abbreviate(outcome.detail())) + "), sending "
                            + pendingId + " again until it is accepted");
                }
                return wait;
            }
        }
    }

    /** The wait before retry number {@code failures}: the gateway's Retry-After if it gave one, else exponential. */
    static long backoffNanos(int failures, long retryAfterMillis) {
        if (retryAfterMillis >= 0) {
            return Math.max(FIRST_BACKOFF_NANOS, retryAfterMillis * 1_000_000L);
        }
        long wait = FIRST_BACKOFF_NANOS << Math.min(failures - 1, 10);
        return Math.min(wait, MAX_BACKOFF_NANOS);
    }

    /** Makes the next event of the current match; false if the match could not go on and a new one was started. */
    private boolean prepareNext() {
        ObjectNode event;
        try {
            event = player.next();
        } catch (RuntimeException e) {
            stats.matchesAbandoned.incrementAndGet();
            log.accept(tableId + ": the match player gave up " + player.matchId() + " (" + e.getMessage() + "); new match");
            startMatch(matchNumber + 1, 0);
            return false;
        }
        if (event == null) { // finished without our noticing (resumed at its end)
            startMatch(matchNumber + 1, 0);
            return false;
        }
        pending = Json.write(event);
        pendingId = event.get("id").textValue();
        return true;
    }

    private void startMatch(int number, long alreadyAcked) {
        Plan plan = plan(runSeed, tableId, index, number);
        MatchPlayer p = new MatchPlayer(plan.matchId(), plan.discipline(), plan.raceTo(), tableId, plan.seed(),
                SimProfile.REALISTIC);
        long replayed = 0;
        while (replayed < alreadyAcked && !p.finished()) {
            if (p.next() == null) {
                break;
            }
            replayed++;
        }
        if (alreadyAcked > 0 && p.finished()) {
            // the match was over when the last run stopped: go on with the next one
            startMatch(number + 1, 0);
            return;
        }
        player = p;
        matchNumber = number;
        acked = replayed;
        pending = null;
        pendingId = null;
        failures = 0;
        position = new Position(number, replayed);
        stats.matchesStarted.incrementAndGet();
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }

    /** SplitMix64's finaliser: spreads seeds so that neighbouring tables and matches are unrelated. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
