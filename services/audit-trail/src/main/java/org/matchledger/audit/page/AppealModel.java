package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.audit.ledger.Refold;
import org.matchledger.audit.ledger.Timeline;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.core.ruling.RuleTexts;
import org.matchledger.core.view.MatchView;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the appeal page shows, as the template reads it: the timeline ({@link Timeline}, the API's answer) in words
 * for an appeals committee — players by name (the opening's names), each event's facts, each ruling's rule with its
 * short text ({@link RuleTexts}), the balls left on the table after each applied event, and for every correction
 * the rulings it re-judged beside the rulings it gave instead.
 */
@TemplateData
public record AppealModel(String matchId, boolean known, long lastSeq, String discipline, Summary summary,
                          List<Row> rows, List<QuarantineLine> quarantined) {

    /** The page of a match of which nothing has been recorded. */
    public static AppealModel unknown(String matchId) {
        return new AppealModel(matchId, false, 0, null, new Summary(0, 0, 0, 0, 0), List.of(), List.of());
    }

    /** The step control's upper end: the last applied seq (1 when there is none: a range needs max ≥ min). */
    public long stepMax() {
        return Math.max(1, lastSeq);
    }


    @TemplateData
    public record Summary(int recordedEvents, int applied, int rejected, int duplicates, int appeals) {
    }

    /** Who posted an event, as shown ("by table-t03 (table, table T03)"). */
    @TemplateData
    public record PosterLine(String subject, String role, String table, String text) {
    }


    @TemplateData
    public record Badge(String css, String text, String targetId) {
    }


    @TemplateData
    public record Field(String name, String value) {
    }


    @TemplateData
    public record RulingLine(String kind, String rule, String ruleText, List<Field> fields, List<Ball> balls,
                             String rejudges) {
    }

    /** One re-judged seq of a correction: what was ruled at first, what the correction ruled instead. */
    @TemplateData
    public record Rejudged(String seq, String what, List<RulingLine> before, List<RulingLine> after,
                           List<Fact> factsBefore, List<Fact> factsAfter) {
    }


    @TemplateData
    public record Row(String css, boolean applied, String seq, String status, String statusCss, String eventId, String type,
                      PosterLine poster, List<Badge> badges, String reason, List<Fact> facts,
                      List<RulingLine> rulings, List<Ball> ballsAfter, List<Rejudged> rejudged) {
    }


    @TemplateData
    public record QuarantineLine(String where, String sqlState, String error) {
    }

    public static AppealModel of(LedgerStore.MatchRecord record) {
        ObjectNode t = Timeline.of(record);
        Map<Long, MatchView> views = new HashMap<>();
        for (Refold.Entry e : Refold.fold(record.events(), seq -> true)) {
            if (e.viewAfter() != null) {
                views.put(e.lastSeq(), e.viewAfter());
            }
        }
        Map<String, String> names = new LinkedHashMap<>();
        String discipline = null;
        for (JsonNode row : t.path("timeline")) {
            if ("APPLIED".equals(row.path("status").asText()) && "pool.match.opened".equals(row.path("type").asText())) {
                JsonNode data = row.path("event").path("data");
                discipline = data.path("discipline").asText(null);
                for (JsonNode p : data.path("players")) {
                    String id = p.path("id").asText();
                    names.put(id, p.hasNonNull("name") && !p.get("name").asText().isEmpty() ? p.get("name").asText() : id);
                }
                break;
            }
        }
        EventWords words = new EventWords(names, discipline);

        Map<String, JsonNode> appliedBySeq = new HashMap<>();
        Map<String, JsonNode> appliedById = new HashMap<>();
        for (JsonNode row : t.path("timeline")) {
            if ("APPLIED".equals(row.path("status").asText())) {
                appliedBySeq.put(row.path("seq").asText(), row);
                appliedById.put(row.path("eventId").asText(), row);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (JsonNode row : t.path("timeline")) {
            rows.add(row(row, words, discipline, views, appliedBySeq, appliedById));
        }
        List<QuarantineLine> quarantined = new ArrayList<>();
        for (JsonNode q : t.path("quarantined")) {
            quarantined.add(new QuarantineLine(q.path("topic").asText() + "-" + q.path("partition").asText() + "@"
                    + q.path("offset").asText(), q.path("sqlState").asText("–"), q.path("error").asText()));
        }
        Summary summary = new Summary(t.path("recordedEvents").asInt(), t.path("applied").asInt(),
                t.path("rejected").asInt(), t.path("duplicates").asInt(), t.path("appeals").size());
        return new AppealModel(record.matchId(), true, t.path("lastSeq").asLong(), discipline, summary, rows, quarantined);
    }

    private static Row row(JsonNode row, EventWords words, String discipline, Map<Long, MatchView> views,
                           Map<String, JsonNode> appliedBySeq, Map<String, JsonNode> appliedById) {
        String status = row.path("status").asText();
        boolean applied = "APPLIED".equals(status);
        StringBuilder css = new StringBuilder("ev ").append(status.toLowerCase());
        List<Badge> badges = new ArrayList<>();
        if (row.has("correction")) {
            css.append(" correction");
        }
        if (row.has("correctedBy")) {
            css.append(" corrected");
        }
        if (row.has("appeal")) {
            css.append(" appeal");
        }
        if (row.has("appealedBy")) {
            css.append(" appealed");
        }
        JsonNode c = row.path("correction");
        if (c.isObject()) {
            badges.add(new Badge("correction", c.path("kind").asText() + " seq " + c.path("targetSeq").asText("?"),
                    c.path("targetId").asText()));
        }
        for (JsonNode by : row.path("correctedBy")) {
            badges.add(new Badge("corrected", by.path("kind").asText().toLowerCase() + " at seq " + by.path("seq").asText(), null));
        }
        JsonNode a = row.path("appeal");
        if (a.isObject()) {
            badges.add(new Badge("appeal", "APPEAL " + a.path("kind").asText() + ("FILED".equals(a.path("kind").asText())
                    ? " on seq " + a.path("targetSeq").asText("?") : a.path("upheld").asBoolean() ? ": upheld" : ": dismissed"), null));
        }
        if (row.has("appealedBy")) {
            badges.add(new Badge("appealed", "appealed", null));
        }
        PosterLine poster = null;
        JsonNode p = row.path("poster");
        if (p.isObject()) {
            String subject = p.path("subject").asText("");
            String role = p.path("role").asText("");
            String table = p.path("tableId").asText("");
            poster = new PosterLine(subject, role, table, "by " + p.path("subject").asText("?") + " ("
                    + p.path("role").asText("?") + (p.hasNonNull("tableId") ? ", table " + p.get("tableId").asText() : "") + ")");
        }
        JsonNode event = row.path("event");
        String type = row.path("type").asText("(unreadable)");
        List<Fact> facts = words.of(row.path("type").asText(null), event.path("data"));
        List<RulingLine> rulings = rulings(row.path("rulings"), words, discipline);
        List<Ball> ballsAfter = List.of();
        String seq = row.hasNonNull("seq") ? row.get("seq").asText() : null;
        if (applied) {
            MatchView v = views.get(row.path("seq").asLong());
            if (v != null && v.ballsOnTable() != null) {
                ballsAfter = Ball.of(discipline, v.ballsOnTable());
            }
        }
        List<Rejudged> rejudged = c.isObject() ? rejudged(c, rulings, words, discipline, event, appliedBySeq, appliedById)
                : List.of();
        return new Row(css.toString(), applied, seq, status, status.toLowerCase(), row.path("eventId").asText(""), type, poster, badges,
                row.has("reason") ? row.get("reason").asText() : null, facts, rulings, ballsAfter, rejudged);
    }

    /**
     * A correction beside what it changed: its target first (the facts as recorded and as replaced, the rulings given
     * then and now), then every later event it re-judged (the rulings published at that seq and those re-given).
     */
    private static List<Rejudged> rejudged(JsonNode c, List<RulingLine> rulings, EventWords words, String discipline,
                                           JsonNode event, Map<String, JsonNode> appliedBySeq,
                                           Map<String, JsonNode> appliedById) {
        List<String> seqs = new ArrayList<>();
        String targetSeq = c.path("targetSeq").isNull() ? null : c.path("targetSeq").asText(null);
        if (targetSeq != null) {
            seqs.add(targetSeq);
        }
        for (RulingLine r : rulings) {
            if (r.rejudges() != null && !seqs.contains(r.rejudges())) {
                seqs.add(r.rejudges());
            }
        }
        List<Rejudged> out = new ArrayList<>();
        for (String seq : seqs) {
            JsonNode before = seq.equals(targetSeq) ? appliedById.get(c.path("targetId").asText()) : appliedBySeq.get(seq);
            List<RulingLine> was = before == null ? List.of() : rulings(before.path("rulings"), words, discipline);
            List<RulingLine> now = rulings.stream().filter(r -> seq.equals(r.rejudges())).toList();
            List<Fact> factsBefore = List.of();
            List<Fact> factsAfter = List.of();
            String what = "re-judged";
            if (seq.equals(targetSeq)) {
                boolean voided = "VOIDED".equals(c.path("kind").asText());
                what = voided ? "voided" : "corrected";
                if (before != null) {
                    factsBefore = words.of(before.path("type").asText(null), before.path("event").path("data"));
                }
                JsonNode replacement = event.path("data").path("replacement");
                if (replacement.isObject()) {
                    factsAfter = words.of(replacement.path("type").asText(null), replacement.path("data"));
                }
            }
            out.add(new Rejudged(seq, what, was, now, factsBefore, factsAfter));
        }
        return out;
    }

    private static List<RulingLine> rulings(JsonNode rulings, EventWords words, String discipline) {
        List<RulingLine> out = new ArrayList<>();
        for (JsonNode r : rulings) {
            List<Field> fields = new ArrayList<>();
            for (String f : new String[]{"player", "foul", "points", "group", "option", "options", "cueBall", "freeShot",
                    "targetId", "detail", "reason"}) {
                JsonNode v = r.get(f);
                if (v == null || v.isNull()) {
                    continue;
                }
                String text = v.isArray() ? join(v) : v.asText();
                fields.add(new Field(f, f.equals("player") ? words.name(text) : text));
            }
            List<Integer> balls = new ArrayList<>();
            r.path("balls").forEach(b -> {
                if (b.canConvertToInt()) {
                    balls.add(b.asInt());
                }
            });
            String rule = r.hasNonNull("rule") ? r.get("rule").asText() : null;
            out.add(new RulingLine(r.path("kind").asText(), rule, RuleTexts.of(rule), fields, Ball.of(discipline, balls),
                    r.hasNonNull("rejudges") ? r.get("rejudges").asText() : null));
        }
        return out;
    }

    private static String join(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(x -> parts.add(x.asText()));
        return String.join(", ", parts);
    }
}
