package org.matchledger.core.ledger;

import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.RefereeCall;
import org.matchledger.core.event.TableEvent;

import java.util.HashMap;
import java.util.Map;

/**
 * How the corrections in a history change its events (docs/events.md "referee corrections"): a void drops its target,
 * a correction makes it read as the replacement, a later correction of the same target supersedes an earlier one,
 * and an {@code OUTSIDE_INTERFERENCE} ruling voids the last shot standing before it (1.9). The log itself is never
 * edited: this is computed from it, in order, so the same history always gives the same reading.
 */
final class Corrections {
    /** A void is a patch with a null replacement. */
    private record Patch(EventType type, EventData data) {
    }

    private final Map<Integer, Patch> patches = new HashMap<>();
    private final boolean[] correction;

    private Corrections(int size) {
        correction = new boolean[size];
    }

    static Corrections of(EventHistory history) {
        Corrections c = new Corrections(history.size());
        for (int i = 0; i < history.size(); i++) {
            TableEvent e = history.get(i);
            if (e.data() instanceof EventData.EventVoided v) {
                c.correction[i] = true;
                c.patches.put(history.indexOf(v.targetId()), new Patch(null, null));
            } else if (e.data() instanceof EventData.EventCorrected k) {
                c.correction[i] = true;
                c.patches.put(history.indexOf(k.targetId()), new Patch(k.replacementType(), k.replacementData()));
            } else if (isOutsideInterference(e)) {
                c.correction[i] = true;
                int shot = c.lastShotBefore(history, i);
                if (shot >= 0) {
                    c.patches.put(shot, new Patch(null, null));
                }
            }
        }
        return c;
    }

    static boolean isOutsideInterference(TableEvent e) {
        return e.data() instanceof EventData.RulingMade r && r.ruling() == RefereeCall.OUTSIDE_INTERFERENCE;
    }

    /** Whether the event at {@code index} is a correction (a void, a correction or an outside-interference ruling). */
    boolean isCorrection(int index) {
        return correction[index];
    }

    /** The event as it now reads, or null when it is voided. Not for corrections themselves. */
    TableEvent effective(EventHistory history, int index) {
        TableEvent e = history.get(index);
        Patch p = patches.get(index);
        if (p == null) {
            return e;
        }
        return p.type() == null ? null : e.withContent(p.type(), p.data());
    }

    /** The last event before {@code end} that now reads as a shot, or -1. */
    int lastShotBefore(EventHistory history, int end) {
        for (int i = end - 1; i >= 0; i--) {
            if (correction[i]) {
                continue;
            }
            TableEvent e = effective(history, i);
            if (e != null && e.type() == EventType.SHOT_TAKEN) {
                return i;
            }
        }
        return -1;
    }
}
