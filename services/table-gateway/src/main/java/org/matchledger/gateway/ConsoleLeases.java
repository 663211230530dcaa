package org.matchledger.gateway;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

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

    private static final class Lease {
        String holder;
        String holderBy;
        long since;
        long lastSeen;
        String asker;
        String askerBy;
        long askedAt;
        long askerSeen;
        String declined;
    }

    private final Map<String, Lease> leases = new HashMap<>();
    private final LongSupplier clock;
    private final long staleAfterMillis;
    private final int maxMatches;

    @Inject
    public ConsoleLeases(@ConfigProperty(name = "console.lease.stale-after", defaultValue = "120s") Duration staleAfter,
                         @ConfigProperty(name = "console.lease.max-matches", defaultValue = "10000") int maxMatches) {
        this(System::currentTimeMillis, staleAfter, maxMatches);
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
            if (console.equals(l.holder)) {
                l.lastSeen = now;
            }
            if (console.equals(l.asker)) {
                l.askerSeen = now;
            }
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
        if (l.holder != null && !l.holder.equals(console) && !stale(l, now) && !force) {
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
        if (!console.equals(l.asker)) {
            l.askedAt = now;
        }
        l.asker = console;
        l.askerBy = by;
        l.askerSeen = now;
        if (console.equals(l.declined)) {
            l.declined = null;
        }
        return new Outcome(true, view(matchId, l, console, now), null);
    }

    /** The holder's answer to the pending request: on accept the asker holds the lease. */
    public synchronized Outcome answer(String matchId, String console, boolean accept) {
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        if (l == null || !console.equals(l.holder)) {
            return new Outcome(false, view(matchId, l, console, now), "not holder");
        }
        l.lastSeen = now;
        if (l.asker == null || now - l.askerSeen > staleAfterMillis) {
            l.asker = null;
            return new Outcome(false, view(matchId, l, console, now), "no request");
        }
        if (accept) {
            hold(l, l.asker, l.askerBy, now);
        } else {
            l.declined = l.asker;
            l.asker = null;
            l.askerBy = null;
        }
        return new Outcome(true, view(matchId, l, console, now), null);
    }

    /** Gives the lease up (the console leaves the match); nothing happens unless {@code console} holds it. */
    public synchronized View release(String matchId, String console) {
        long now = clock.getAsLong();
        Lease l = leases.get(matchId);
        if (l != null && console.equals(l.holder)) {
            l.holder = null;
            l.holderBy = null;
            if (l.asker == null) {
                leases.remove(matchId);
                l = null;
            }
        }
        return view(matchId, l, console, now);
    }

    private void hold(Lease l, String console, String by, long now) {
        if (!console.equals(l.holder)) {
            l.since = now;
        }
        l.holder = console;
        l.holderBy = by;
        l.lastSeen = now;
        if (console.equals(l.asker)) {
            l.asker = null;
            l.askerBy = null;
        }
        if (console.equals(l.declined)) {
            l.declined = null;
        }
    }

    private boolean stale(Lease l, long now) {
        return l.holder == null || now - l.lastSeen > staleAfterMillis;
    }

    /** Room for one more match: leases whose holder and asker have both been gone for the stale time are dropped. */
    private boolean room(long now) {
        if (leases.size() < maxMatches) {
            return true;
        }
        leases.values().removeIf(l -> stale(l, now) && (l.asker == null || now - l.askerSeen > staleAfterMillis));
        return leases.size() < maxMatches;
    }

    private View view(String matchId, Lease l, String console, long now) {
        long staleSeconds = staleAfterMillis / 1000;
        if (l == null || l.holder == null) {
            return new View(matchId, false, false, null, null, null, false, staleSeconds, asking(l, console, now),
                    l != null && console.equals(l.declined));
        }
        return new View(matchId, true, console.equals(l.holder), l.holderBy, Instant.ofEpochMilli(l.since),
                Instant.ofEpochMilli(l.lastSeen), stale(l, now), staleSeconds, asking(l, console, now),
                console.equals(l.declined));
    }

    private Asking asking(Lease l, String console, long now) {
        if (l == null || l.asker == null || now - l.askerSeen > staleAfterMillis) {
            return null;
        }
        return new Asking(l.askerBy, Instant.ofEpochMilli(l.askedAt), console.equals(l.asker));
    }
}
