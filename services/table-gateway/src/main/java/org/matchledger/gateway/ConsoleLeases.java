package org.matchledger.gateway;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Who scores each match: the scoring lease of the table console (docs/console.md "Two tablets on one match"). One
 * console (a console id the tablet generated and keeps) holds a match's lease; another console asks for it and the
 * holder accepts or declines, a referee forces it, and a lease whose holder has not been seen for
 * {@code console.lease.stale-after} may be taken without asking.
 *
 * <p>Kept in this gateway instance's memory: a restart forgets the leases (each console claims its match again at
 * its next poll), and several gateway instances each keep their own. The ledger's {@code seq} stays what keeps two
 * writers apart: an event whose seq is taken is refused whichever console sent it.
 */
@ApplicationScoped
public class ConsoleLeases {
    /** What a console may learn of a match's lease: never another console's id (that id is what answers for it). */
    public record View(String matchId, boolean held, boolean yours, String holderBy, Instant heldSince, Instant lastSeen,
                       boolean stale, long staleAfterSeconds, Asking request, boolean declined) {
    }

    /** A pending request to take over: who asks ({@code by}, the account), since when, and whether it is the caller's. */
    public record Asking(String by, Instant since, boolean yours) {
    }

    /** The outcome of a change: {@code done} or not, with the lease as it is now, and why not. */
    public record Outcome(boolean done, View view, String reason) {
    }

    /** A console in a lease's seat (the holder's or the asker's): its account, since when it sits there, last seen. */
    private static final class Seat {
        String console;
        String by;
        long since;
        long seen;

        /** {@code console} sits here (its {@code since} kept if it already did) and is seen now. */
        void sit(String console, String by, long now) {
            if (!console.equals(this.console)) {
                since = now;
            }
            this.console = console;
            this.by = by;
            seen = now;
        }

        /** {@code console}, if it sits here, is seen now. */
        void see(String console, long now) {
            if (isTakenBy(console)) {
                seen = now;
            }
        }

        void leave() {
            console = null;
            by = null;
        }

        boolean isTakenBy(String console) {
            return console.equals(this.console);
        }

        /** Empty, or its console not seen for {@code staleAfterMillis}. */
        boolean isGone(long now, long staleAfterMillis) {
            return console == null || now - seen > staleAfterMillis;
        }
    }

    private static final class Lease {
        final Seat holder = new Seat();
        final Seat asker = new Seat();
        String declined;

        /** {@code console} takes {@code seat}; a console that takes a seat no longer stands declined. */
        void seat(Seat seat, String console, String by, long now) {
            seat.sit(console, by, now);
            if (console.equals(declined)) {
                declined = null;
            }
        }
    }

    private final Map<String, Lease> leases = new HashMap<>();
    private final LongSupplier clock;
    private final long staleAfterMillis;
    private final int maxMatches;

    @Inject // the bean's constructor; the other one takes a clock (tests)
    public ConsoleLeases(GatewayConfig config) {
        this(System::currentTimeMillis, config.console().lease().staleAfter(), config.console().lease().maxMatches());
    }

    ConsoleLeases(LongSupplier clock, Duration staleAfter, int maxMatches) {
        this.clock = clock;
        this.staleAfterMillis = staleAfter.toMillis();
        this.maxMatches = maxMatches;
    }

    /** The lease of {@code matchId} as {@code console} sees it; a holder's or an asker's look counts as being seen. */
    public synchronized View look(String matchId, String console) {
        Lease l = leases.get(matchId);
        long now = clock.getAsLong();
        if (l != null) {
            l.holder.see(console, now);
            l.asker.see(console, now);
        }
        return view(matchId, l, console, now);
    }

    /**
     * Takes the lease: granted when nobody holds it, when {@code console} holds it already, when its holder has not
     * been seen for the stale time, or when {@code force} (a referee's; the caller checks the role).
     */
    public synchronized Outcome take(String matchId, String console, String by, boolean force) {
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        if (l == null) {
            if (!room(now)) {
                return new Outcome(false, view(matchId, null, console, now), "full");
            }
            l = new Lease();
            leases.put(matchId, l);
        }
        if (l.holder.console != null && !l.holder.isTakenBy(console) && !stale(l, now) && !force) {
            return new Outcome(false, view(matchId, l, console, now), "held");
        }
        hold(l, console, by, now);
        return new Outcome(true, view(matchId, l, console, now), null);
    }

    /** Asks the holder to hand over; taken at once where {@link #take} (without force) would be granted. */
    public synchronized Outcome ask(String matchId, String console, String by) {
        Outcome taken = take(matchId, console, by, false);
        if (taken.done() || "full".equals(taken.reason())) {
            return taken;
        }
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        l.seat(l.asker, console, by, now);
        return new Outcome(true, view(matchId, l, console, now), null);
    }

    /** The holder's answer to the pending request: on accept the asker holds the lease. */
    public synchronized Outcome answer(String matchId, String console, boolean accept) {
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        if (l == null || !l.holder.isTakenBy(console)) {
            return new Outcome(false, view(matchId, l, console, now), "not holder");
        }
        l.holder.seen = now;
        if (l.asker.isGone(now, staleAfterMillis)) {
            l.asker.leave();
            return new Outcome(false, view(matchId, l, console, now), "no request");
        }
        if (accept) {
            hold(l, l.asker.console, l.asker.by, now);
        } else {
            l.declined = l.asker.console;
            l.asker.leave();
        }
        return new Outcome(true, view(matchId, l, console, now), null);
    }

    /** Gives the lease up (the console leaves the match); nothing happens unless {@code console} holds it. */
    public synchronized View release(String matchId, String console) {
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        if (l != null && l.holder.isTakenBy(console)) {
            l.holder.leave();
            if (l.asker.console == null) {
                leases.remove(matchId);
                l = null;
            }
        }
        return view(matchId, l, console, now);
    }

    private void hold(Lease l, String console, String by, long now) {
        l.seat(l.holder, console, by, now);
        if (l.asker.isTakenBy(console)) {
            l.asker.leave();
        }
    }

    private boolean stale(Lease l, long now) {
        return l.holder.isGone(now, staleAfterMillis);
    }

    /** Room for one more match: leases whose holder and asker have both been gone for the stale time are dropped. */
    private boolean room(long now) {
        if (leases.size() < maxMatches) {
            return true;
        }
        leases.values().removeIf(l -> stale(l, now) && l.asker.isGone(now, staleAfterMillis));
        return leases.size() < maxMatches;
    }

    private View view(String matchId, Lease l, String console, long now) {
        long staleSeconds = staleAfterMillis / 1000;
        if (l == null || l.holder.console == null) {
            return new View(matchId, false, false, null, null, null, false, staleSeconds, asking(l, console, now),
                    l != null && console.equals(l.declined));
        }
        return new View(matchId, true, l.holder.isTakenBy(console), l.holder.by, Instant.ofEpochMilli(l.holder.since),
                Instant.ofEpochMilli(l.holder.seen), stale(l, now), staleSeconds, asking(l, console, now),
                console.equals(l.declined));
    }

    private Asking asking(Lease l, String console, long now) {
        if (l == null || l.asker.isGone(now, staleAfterMillis)) {
            return null;
        }
        return new Asking(l.asker.by, Instant.ofEpochMilli(l.asker.since), l.asker.isTakenBy(console));
    }
}
