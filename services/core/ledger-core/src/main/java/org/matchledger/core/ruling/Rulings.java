package org.matchledger.core.ruling;

import java.util.ArrayList;
import java.util.List;

/** The rulings one event produces, in order, before they are stamped with the event. */
public final class Rulings {
    private final List<Ruling.Builder> drafts = new ArrayList<>(4);

    public void add(Ruling.Builder ruling) {
        drafts.add(ruling);
    }

    public boolean isEmpty() {
        return drafts.isEmpty();
    }

    /** Stamps each ruling with the event; {@code firstN} continues a numbering (corrections), {@code rejudges} may be null. */
    public List<Ruling> stamp(String matchId, Long seq, String eventId, int firstN, Long rejudges) {
        List<Ruling> out = new ArrayList<>(drafts.size());
        for (int i = 0; i < drafts.size(); i++) {
            out.add(drafts.get(i).build(matchId, seq, eventId, firstN + i, rejudges));
        }
        return out;
    }

    /** A single ruling, stamped. */
    public List<Ruling> stampOne(Ruling.Builder ruling, String matchId, Long seq, String eventId) {
        add(ruling);
        return stamp(matchId, seq, eventId, 0, null);
    }
}
