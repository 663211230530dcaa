package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.audit.store.LedgerStore;
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
 * compacted, so only the published views the audit trail received are compared (their number is reported).
 */
public final class Verification {
    private Verification() {
    }

    public static ObjectNode verify(LedgerStore.MatchRecord record) {
        long t0 = System.nanoTime();
        Map<String, PublishedView> published = new HashMap<>();
        for (PublishedView v : record.views()) {
            published.put(Long.toString(v.lastSeq), v);
        }
        Map<String, RulingRow> stored = new HashMap<>();
        for (RulingRow r : record.rulings()) {
            stored.put(r.seq + "/" + r.n, r);
        }
        Set<String> matched = new HashSet<>();
        List<Refold.Entry> entries = Refold.fold(record.events(), seq -> published.containsKey(Long.toString(seq)));
        ObjectNode diff = null;
        int rulings = 0;
        int views = 0;
        int events = 0;
        for (Refold.Entry e : entries) {
            if (e.status() != Refold.Status.APPLIED) {
                continue;
            }
            events++;
            for (Ruling r : e.step().rulings()) {
                rulings++;
                String key = r.seq() + "/" + r.n();
                RulingRow row = stored.get(key);
                String expected = Json.write(r);
                matched.add(key);
                if (row == null || !sameJson(expected, row.body)) {
                    diff = difference(r.seq(), r.n(), "ruling", tree(expected), row == null ? null : tree(row.body));
                    break;
                }
            }
            if (diff != null) {
                break;
            }
            long lastSeq = e.lastSeq();
            PublishedView v = published.get(Long.toString(lastSeq));
            if (v != null) {
                views++;
                String expected = Json.write(e.viewAfter());
                if (!sameJson(expected, v.body)) {
                    diff = difference(lastSeq, null, "view", tree(expected), tree(v.body));
                    break;
                }
            }
        }
        if (diff == null) {
            // Published rulings the fold does not give, and views of seqs no applied event has.
            RulingRow extra = record.rulings().stream().filter(r -> !matched.contains(r.seq + "/" + r.n))
                    .min(Comparator.<RulingRow>comparingLong(r -> r.seq).thenComparingInt(r -> r.n)).orElse(null);
            if (extra != null) {
                diff = difference(extra.seq, extra.n, "ruling", null, tree(extra.body));
            }
        }
        if (diff == null) {
            Set<Long> appliedSeqs = new HashSet<>();
            entries.stream().filter(e -> e.status() == Refold.Status.APPLIED)
                    .forEach(e -> appliedSeqs.add(e.lastSeq()));
            PublishedView orphan = record.views().stream().filter(v -> !appliedSeqs.contains(v.lastSeq)).findFirst().orElse(null);
            if (orphan != null) {
                diff = difference(orphan.lastSeq, null, "view", null, tree(orphan.body));
            }
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("matchId", record.matchId());
        out.put("status", diff == null ? "consistent" : "inconsistent");
        out.put("events", events);
        out.put("recordedEvents", record.events().size());
        out.put("rulings", rulings);
        out.put("publishedRulings", record.rulings().size());
        out.put("views", views);
        out.put("publishedViews", record.views().size());
        if (diff != null) {
            out.set("firstDifference", diff);
        }
        out.put("tookMs", (System.nanoTime() - t0) / 1_000_000.0);
        return out;
    }

    private static ObjectNode difference(Long seq, Integer n, String what, JsonNode expected, JsonNode published) {
        ObjectNode d = Json.MAPPER.createObjectNode();
        d.put("what", what);
        if (seq == null) {
            d.putNull("seq");
        } else {
            d.put("seq", seq);
        }
        if (n != null) {
            d.put("n", n);
        }
        d.set("expected", expected);
        d.set("published", published);
        return d;
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
