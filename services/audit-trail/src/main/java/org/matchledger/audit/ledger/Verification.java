package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.audit.ledger.VerifyAnswer.Difference;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.MatchClosingRow;
import org.matchledger.audit.store.PublishedView;
import org.matchledger.audit.store.RulingRow;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET /matches/{id}/verify}: re-derives the whole match from its recorded events and compares it, ruling by
 * ruling (by seq and n) and view by view (by lastSeq), with what the processor published. Views: match-views is
 * compacted, so only the published views the audit trail received are compared (their number is reported). A closed
 * match: the fold closes it as the processor did ({@link Refold.Closing}), and its {@code MATCH_CLOSED} ruling and
 * closed view are compared with those published ({@code what} {@code closing} when the closing itself differs: one
 * closed and the other did not, or at another seq or window).
 */
public final class Verification {
    private Verification() {
    }

    public static VerifyAnswer verify(LedgerStore.MatchRecord record) {
        long t0 = System.nanoTime();
        Map<Long, PublishedView> published = new HashMap<>();
        PublishedView publishedClosed = null;
        for (PublishedView v : record.views()) {
            if (v.closed) {
                publishedClosed = v;
            } else {
                published.put(v.lastSeq, v);
            }
        }
        Map<RulingRow.Key, RulingRow> stored = new HashMap<>();
        for (RulingRow r : record.rulings()) {
            stored.put(key(r.matchId, r.seq, r.n), r);
        }
        Set<RulingRow.Key> matched = new HashSet<>();
        Refold.Folded folded = Refold.fold(record.events(), Refold.Closing.of(record), published::containsKey);
        List<Refold.Entry> entries = folded.entries();
        Difference diff = null;
        int rulings = 0;
        int views = 0;
        int events = 0;
        for (Refold.Entry e : entries) {
            if (e.status() != Refold.Status.APPLIED) {
                continue;
            }
            events++;
            for (Ruling r : e.outcome().rulings()) {
                rulings++;
                RulingRow.Key key = key(record.matchId(), r.seq(), r.n());
                RulingRow row = stored.get(key);
                String expected = Json.write(r);
                matched.add(key);
                if (row == null || !sameJson(expected, row.body)) {
                    diff = new Difference("ruling", r.seq(), r.n(), tree(expected), row == null ? null : tree(row.body));
                    break;
                }
            }
            if (diff != null) {
                break;
            }
            long lastSeq = e.lastSeq();
            PublishedView v = published.get(lastSeq);
            if (v != null) {
                views++;
                String expected = Json.write(e.viewAfter());
                if (!sameJson(expected, v.body)) {
                    diff = new Difference("view", lastSeq, null, tree(expected), tree(v.body));
                    break;
                }
            }
        }
        if (diff == null) {
            // The closing (docs/events.md "Closing, exactly"): its MATCH_CLOSED ruling and the closed view.
            Refold.Closed closed = folded.closed();
            MatchClosingRow recorded = record.closings().isEmpty() ? null : record.closings().get(0);
            String expected = closed == null ? null : Json.write(closed.ruling());
            if (closed != null || recorded != null) {
                rulings++;
            }
            if (closed == null && recorded != null || closed != null && (recorded == null || !sameJson(expected, recorded.body))) {
                diff = new Difference("closing", closed != null ? closed.ruling().seq() : recorded.seq, 0,
                        expected == null ? null : tree(expected), recorded == null ? null : tree(recorded.body));
            } else if (closed != null && publishedClosed != null) {
                views++;
                String view = Json.write(closed.view());
                if (!sameJson(view, publishedClosed.body)) {
                    diff = new Difference("view", publishedClosed.lastSeq, null, tree(view), tree(publishedClosed.body));
                }
            } else if (closed == null && publishedClosed != null) {
                diff = new Difference("view", publishedClosed.lastSeq, null, null, tree(publishedClosed.body));
            }
        }
        if (diff == null) {
            // Published rulings the fold does not give, and views of seqs no applied event has.
            RulingRow extra = record.rulings().stream().filter(r -> !matched.contains(key(r.matchId, r.seq, r.n)))
                    .min(Comparator.<RulingRow>comparingLong(r -> r.seq).thenComparingInt(r -> r.n)).orElse(null);
            if (extra != null) {
                diff = new Difference("ruling", extra.seq, extra.n, null, tree(extra.body));
            }
        }
        if (diff == null) {
            Set<Long> appliedSeqs = new HashSet<>();
            entries.stream().filter(e -> e.status() == Refold.Status.APPLIED)
                    .forEach(e -> appliedSeqs.add(e.lastSeq()));
            PublishedView orphan = record.views().stream().filter(v -> !appliedSeqs.contains(v.lastSeq)).findFirst()
                    .orElse(null);
            if (orphan != null) {
                diff = new Difference("view", orphan.lastSeq, null, null, tree(orphan.body));
            }
        }
        return new VerifyAnswer(record.matchId(), diff == null ? "consistent" : "inconsistent", events,
                record.events().size(), rulings, record.rulings().size() + record.closings().size(), views,
                record.views().size(), folded.closed() != null, diff, (System.nanoTime() - t0) / 1_000_000.0);
    }

    /** A ruling's key; the match id is the record's for every row, so (seq, n) decides. */
    private static RulingRow.Key key(String matchId, Long seq, int n) {
        return new RulingRow.Key(matchId, seq == null ? -1 : seq, n);
    }

    static JsonNode tree(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            return Json.MAPPER.getNodeFactory().textNode(json);
        }
    }

    /**
     * The same JSON value. The processor writes with the same serializer, so equal text is the common case and is
     * checked first (parsing thousands of rulings and views would be most of verify's time); otherwise the trees are
     * compared, numbers by value, so that a difference in formatting alone is not reported.
     */
    static boolean sameJson(String expected, String published) {
        return expected.equals(published) || same(tree(expected), tree(published));
    }

    /** The same JSON value, numbers compared by value. */
    public static boolean same(JsonNode a, JsonNode b) {
        return a.equals(NUMBERS_BY_VALUE, b);
    }

    private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (x, y) -> {
        if (x.isNumber() && y.isNumber()) {
            return x.decimalValue().compareTo(y.decimalValue());
        }
        return x.equals(y) ? 0 : 1;
    };
}
