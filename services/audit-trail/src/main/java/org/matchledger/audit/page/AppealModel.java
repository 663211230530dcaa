package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;
import org.matchledger.audit.ledger.QuarantineEntry;
import org.matchledger.audit.ledger.Refold;
import org.matchledger.audit.ledger.Timeline;
import org.matchledger.audit.ledger.TimelineAnswer;
import org.matchledger.audit.ledger.TimelineAnswer.Correction;
import org.matchledger.audit.ledger.TimelineAnswer.Entry;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.core.event.EventData.AppealDecided;
import org.matchledger.core.event.EventData.EventCorrected;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.core.ruling.RuleTexts;
import org.matchledger.core.view.MatchView;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the appeal page shows, as the template reads it: the timeline ({@link Timeline}, the API's answer) in words
 * for an appeals committee — players by name (the opening's names), each event's facts, each ruling's rule with its
 * short text ({@link RuleTexts}), the balls left on the table after each applied event, and for every correction
 * the rulings it re-judged beside the rulings it gave instead. Events are read once by the core's parser
 * ({@link TimelineRow}), rulings as the core's ruling ({@link PublishedRuling}).
 */
@TemplateData
public record AppealModel(String matchId, boolean known, long lastSeq, String discipline, Summary summary,
                          List<Row> rows, List<QuarantineLine> quarantined, ClosingLine closing) {

    /** The page of a match of which nothing has been recorded. */
    public static AppealModel unknown(String matchId) {
        return new AppealModel(matchId, false, 0, null, new Summary(0, 0, 0, 0, 0), List.of(), List.of(), null);
    }

    /**
     * The closing of a closed match, shown in the timeline after the {@code before} first rows: "Closed: the correction
     * window PT24H passed" ({@code text}), at {@code at} (when the processor closed it; empty while not received).
     */
    @TemplateData
    public record ClosingLine(int before, String seq, String window, String text, String at, int rejectedAfter) {
    }

    /** Whether the closing comes before row {@code index} (the template's iteration index). */
    public boolean closingBefore(int index) {
        return closing != null && closing.before() == index;
    }

    /** Whether the closing comes after every row. */
    public boolean closingLast() {
        return closing != null && closing.before() >= rows.size();
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
        TimelineAnswer t = Timeline.of(record);
        Map<Long, MatchView> views = new HashMap<>();
        Refold.Folded folded = Refold.fold(record.events(), Refold.Closing.of(record), seq -> true);
        for (Refold.Entry e : folded.entries()) {
            if (e.viewAfter() != null) {
                views.put(e.lastSeq(), e.viewAfter());
            }
        }
        List<TimelineRow> timeline = t.timeline().stream().map(TimelineRow::of).toList();
        Applied applied = Applied.of(timeline);
        Opening opening = Opening.of(timeline);
        EventWords words = new EventWords(opening);
        String discipline = opening.disciplineName();
        List<Row> rows = new ArrayList<>();
        for (TimelineRow row : timeline) {
            rows.add(row(row, words, discipline, views, applied));
        }
        List<QuarantineLine> quarantined = new ArrayList<>();
        for (QuarantineEntry q : t.quarantined()) {
            quarantined.add(new QuarantineLine(q.topic() + "-" + q.partition() + "@" + q.offset(),
                    q.sqlState() == null ? "–" : q.sqlState(), q.error()));
        }
        Summary summary = new Summary(t.recordedEvents(), t.applied(), t.rejected(), t.duplicates(), t.appeals().size());
        ClosingLine closing = null;
        TimelineAnswer.Closing c = t.closing();
        if (c != null && folded.closed() != null) {
            closing = new ClosingLine(folded.closed().before(), Long.toString(c.seq()), c.window(),
                    "Closed: the correction window " + c.window() + " passed", c.closedAt() == null ? "" : c.closedAt(),
                    c.rejectedAfter());
        }
        return new AppealModel(record.matchId(), true, t.lastSeq(), discipline, summary, rows, quarantined, closing);
    }

    /** The applied rows by seq and by event id: what a correction's side-by-side looks up. */
    private record Applied(Map<Long, TimelineRow> bySeq, Map<String, TimelineRow> byId) {
        static Applied of(List<TimelineRow> timeline) {
            Map<Long, TimelineRow> bySeq = new HashMap<>();
            Map<String, TimelineRow> byId = new HashMap<>();
            for (TimelineRow row : timeline) {
                if (row.applied()) {
                    bySeq.put(row.entry().seq(), row);
                    byId.put(row.entry().eventId(), row);
                }
            }
            return new Applied(bySeq, byId);
        }

        /** The applied row at a seq a ruling re-judges, or null (also when it is not a seq). */
        TimelineRow atSeq(String seq) {
            try {
                return bySeq.get(Long.parseLong(seq));
            } catch (NumberFormatException e) {
                return null; // a ruling published with a rejudges that is not a seq: nothing to set beside it
            }
        }
    }

    private static Row row(TimelineRow timelineRow, EventWords words, String discipline, Map<Long, MatchView> views,
                           Applied applied) {
        Entry row = timelineRow.entry();
        String status = row.status();
        boolean isApplied = timelineRow.applied();
        StringBuilder css = new StringBuilder("ev ").append(status.toLowerCase());
        List<Badge> badges = new ArrayList<>();
        Correction c = row.correction();
        if (c != null) {
            css.append(" correction");
        }
        if (!row.correctedBy().isEmpty()) {
            css.append(" corrected");
        }
        if (row.appeal() != null) {
            css.append(" appeal");
        }
        if (!row.appealedBy().isEmpty()) {
            css.append(" appealed");
        }
        if (c != null) {
            badges.add(new Badge("correction", c.kind() + " seq " + (c.targetSeq() == null ? "?" : c.targetSeq()), c.targetId()));
        }
        for (TimelineAnswer.CorrectedBy by : row.correctedBy()) {
            badges.add(new Badge("corrected", by.kind().toLowerCase() + " at seq " + by.seq(), null));
        }
        if (row.appeal() instanceof TimelineAnswer.Filed f) {
            badges.add(new Badge("appeal", "APPEAL FILED on seq " + (f.targetSeq() == null ? "?" : f.targetSeq()), null));
        } else if (row.appeal() instanceof TimelineAnswer.Decided) {
            boolean upheld = timelineRow.event() != null && timelineRow.event().data() instanceof AppealDecided d && d.upheld();
            badges.add(new Badge("appeal", "APPEAL DECIDED" + (upheld ? ": upheld" : ": dismissed"), null));
        }
        if (!row.appealedBy().isEmpty()) {
            badges.add(new Badge("appealed", "appealed", null));
        }
        if ("REJECTED".equals(status) && MatchClosing.CLOSED_REASON.equals(row.reason())) {
            css.append(" after-closing");
            badges.add(new Badge("closed", "after closing", null));
        }
        PosterLine poster = null;
        TimelineAnswer.PosterRef p = row.poster();
        if (p != null) {
            poster = new PosterLine(p.subject() == null ? "" : p.subject(), p.role() == null ? "" : p.role(),
                    p.tableId() == null ? "" : p.tableId(), "by " + (p.subject() == null ? "?" : p.subject()) + " ("
                    + (p.role() == null ? "?" : p.role()) + (p.tableId() != null ? ", table " + p.tableId() : "") + ")");
        }
        List<Fact> facts = facts(timelineRow, words);
        List<RulingLine> rulings = rulings(row.rulings() == null ? List.of() : row.rulings(), words, discipline);
        List<Ball> ballsAfter = List.of();
        if (isApplied) {
            MatchView v = views.get(row.seq());
            if (v != null && v.ballsOnTable() != null) {
                ballsAfter = Ball.of(discipline, v.ballsOnTable());
            }
        }
        List<Rejudged> rejudged = c == null ? List.of() : rejudged(c, timelineRow, rulings, words, discipline, applied);
        return new Row(css.toString(), isApplied, row.seq() == null ? null : row.seq().toString(), status,
                status.toLowerCase(), row.eventId() == null ? "" : row.eventId(),
                row.type() == null ? "(unreadable)" : row.type(), poster, badges, row.reason(), facts, rulings,
                ballsAfter, rejudged);
    }

    /** The facts of a row's event in words; none when it is not a well-formed event. */
    private static List<Fact> facts(TimelineRow row, EventWords words) {
        return row == null || row.event() == null ? List.of() : words.of(row.event());
    }

    /**
     * A correction beside what it changed: its target first (the facts as recorded and as replaced, the rulings given
     * then and now), then every later event it re-judged (the rulings published at that seq and those re-given).
     */
    private static List<Rejudged> rejudged(Correction c, TimelineRow correction, List<RulingLine> rulings,
                                           EventWords words, String discipline, Applied applied) {
        List<String> seqs = new ArrayList<>();
        String targetSeq = c.targetSeq() == null ? null : c.targetSeq().toString();
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
            boolean target = seq.equals(targetSeq);
            TimelineRow before = target ? applied.byId().get(c.targetId()) : applied.atSeq(seq);
            List<RulingLine> was = before == null || before.entry().rulings() == null ? List.of()
                    : rulings(before.entry().rulings(), words, discipline);
            List<RulingLine> now = rulings.stream().filter(r -> seq.equals(r.rejudges())).toList();
            List<Fact> factsBefore = List.of();
            List<Fact> factsAfter = List.of();
            String what = "re-judged";
            if (target) {
                what = "VOIDED".equals(c.kind()) ? "voided" : "corrected";
                factsBefore = facts(before, words);
                if (correction.event() != null && correction.event().data() instanceof EventCorrected replaced) {
                    factsAfter = words.of(replaced.replacementType(), replaced.replacementData());
                }
            }
            out.add(new Rejudged(seq, what, was, now, factsBefore, factsAfter));
        }
        return out;
    }

    private static List<RulingLine> rulings(List<JsonNode> published, EventWords words, String discipline) {
        List<RulingLine> out = new ArrayList<>();
        for (JsonNode json : published) {
            PublishedRuling r = PublishedRuling.read(json);
            List<Field> fields = r.fields().stream()
                    .map(f -> f.name().equals("player") ? new Field(f.name(), words.name(f.value())) : f).toList();
            out.add(new RulingLine(r.kind(), r.rule(), RuleTexts.of(r.rule()), fields, Ball.of(discipline, r.balls()),
                    r.rejudges()));
        }
        return out;
    }
}
