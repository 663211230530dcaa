package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.audit.ledger.TimelineAnswer.AppealedBy;
import org.matchledger.audit.ledger.TimelineAnswer.CorrectedBy;
import org.matchledger.audit.ledger.TimelineAnswer.Correction;
import org.matchledger.audit.ledger.TimelineAnswer.Decided;
import org.matchledger.audit.ledger.TimelineAnswer.Decision;
import org.matchledger.audit.ledger.TimelineAnswer.Entry;
import org.matchledger.audit.ledger.TimelineAnswer.Filed;
import org.matchledger.audit.ledger.TimelineAnswer.ListedAppeal;
import org.matchledger.audit.ledger.TimelineAnswer.PosterRef;
import org.matchledger.audit.ledger.TimelineAnswer.Refused;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.LogPosition;
import org.matchledger.audit.store.MatchClosingRow;
import org.matchledger.audit.store.RejectedEvent;
import org.matchledger.audit.store.RulingRow;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code GET /matches/{id}/ledger}: every recorded event in Kafka order with what the ledger decided about it. Applied
 * events carry the rulings the processor published for their seq (rule, details); rejected events their reason (the
 * processor's {@code table-events-rejected} record, else the fold's); duplicates what they repeat. Corrections name
 * the event they voided or replaced ({@code correction.targetId}, {@code targetSeq}); their targets list them in
 * {@code correctedBy}. Appeals are marked ({@code appeal}) and their targets list them in {@code appealedBy}.
 * Posts the gateway refused (they never reached table-events) are listed apart, under {@code refused}; records of
 * the match PostgreSQL refused to store (or that could not be read) under {@code quarantined}. Every event and refused
 * post names who posted it ({@code poster}: subject, role, tableId; null when the record carried no poster). A closed
 * match has {@code closing} (docs/events.md "Closing, exactly"); the events after it are rejected "match closed".
 */
public final class Timeline {
    private Timeline() {
    }

    /** A filing and, once decided, its decision (the listing is written when the whole match has been read). */
    private static final class FiledAppeal {
        final Filed filed;
        final List<Entry> concerns;
        final long seq;
        Decision decision;

        FiledAppeal(Filed filed, List<Entry> concerns, long seq) {
            this.filed = filed;
            this.concerns = concerns;
            this.seq = seq;
        }
    }

    public static TimelineAnswer of(LedgerStore.MatchRecord record) {
        Refold.Folded folded = Refold.fold(record.events(), Refold.Closing.of(record), seq -> false);
        List<Refold.Entry> entries = folded.entries();
        Map<Long, List<RulingRow>> rulingsBySeq = new HashMap<>();
        for (RulingRow r : record.rulings()) {
            rulingsBySeq.computeIfAbsent(r.seq, k -> new ArrayList<>()).add(r);
        }
        Map<LogPosition, RejectedEvent> rejections = new HashMap<>();
        List<Refused> refused = new ArrayList<>();
        for (RejectedEvent r : record.rejected()) {
            if (RejectedEvent.PROCESSOR.equals(r.source) && r.eventPartition != null && r.eventOffset != null) {
                rejections.put(new LogPosition(r.eventTopicId, r.eventPartition, r.eventOffset), r);
            } else if (RejectedEvent.GATEWAY.equals(r.source)) {
                refused.add(new Refused(r.reason, r.seq, r.eventId, PosterRef.of(r.poster()), Verification.tree(r.body)));
            }
        }
        Map<String, Long> seqOfApplied = new HashMap<>();
        Map<String, Entry> rowOfApplied = new HashMap<>();
        List<Entry> rows = new ArrayList<>();
        List<FiledAppeal> appeals = new ArrayList<>();
        int applied = 0;
        int rejected = 0;
        int duplicates = 0;
        for (Refold.Entry e : entries) {
            var rec = e.recorded();
            String timestamp = rec.kafkaTimestamp == null ? null : rec.kafkaTimestamp.toInstant().toString();
            Refold.Status status = e.status();
            String reason = null;
            String reasonFrom = null;
            List<JsonNode> rulings = null;
            Correction correction = null;
            TimelineAnswer.AppealMark appeal = null;
            FiledAppeal filing = null;
            switch (status) {
                case REJECTED -> {
                    rejected++;
                    RejectedEvent r = rejections.get(rec.position);
                    reason = r != null && r.reason != null ? r.reason : e.reason();
                    reasonFrom = r != null ? "table-events-rejected" : "refold";
                }
                case DUPLICATE -> {
                    duplicates++;
                    reason = e.reason();
                }
                case APPLIED -> {
                    applied++;
                    seqOfApplied.put(rec.eventId, e.lastSeq());
                    rulings = new ArrayList<>();
                    for (RulingRow r : rulingsBySeq.getOrDefault(e.lastSeq(), List.of())) {
                        rulings.add(Verification.tree(r.body));
                    }
                    correction = correction(e, seqOfApplied);
                    String type = rec.type;
                    JsonNode data = e.event().path("data");
                    if ("pool.appeal.filed".equals(type)) {
                        Entry target = rowOfApplied.get(data.path("targetId").asText(null));
                        Filed f = new Filed("FILED", rec.eventId, data.get("player"), data.get("targetId"),
                                seqOfApplied.get(data.path("targetId").asText(null)), data.get("grounds"), "open");
                        appeal = f;
                        filing = new FiledAppeal(f, target == null ? List.of() : List.of(target.unmarked()), e.lastSeq());
                        appeals.add(filing);
                        if (target != null) {
                            target.appealedBy().add(new AppealedBy(e.lastSeq(), rec.eventId));
                        }
                    } else if ("pool.appeal.decided".equals(type)) {
                        appeal = new Decided("DECIDED", data.get("appealId"), data.get("upheld"), data.get("note"));
                        for (FiledAppeal a : appeals) {
                            if (a.filed.appealId().equals(data.path("appealId").asText())) {
                                a.decision = new Decision(e.lastSeq(), rec.eventId, data.get("upheld"), data.get("note"));
                            }
                        }
                    }
                }
            }
            Entry row = new Entry(rec.position.kafkaPartition(), rec.position.kafkaOffset(), timestamp, rec.seq, rec.eventId, rec.type,
                    PosterRef.of(rec.poster()), status.name(), e.event(), e.event() == null ? rec.payload : null,
                    reason, reasonFrom, rulings, rulings == null ? null : !rulings.isEmpty(), correction, appeal,
                    new ArrayList<>(), new ArrayList<>());
            rows.add(row);
            if (status == Refold.Status.APPLIED) {
                if (correction != null) {
                    Entry target = rowOfApplied.get(correction.targetId());
                    if (target != null) {
                        target.correctedBy().add(new CorrectedBy(e.lastSeq(), rec.eventId, correction.kind()));
                    }
                }
                rowOfApplied.put(rec.eventId, row);
            }
        }
        List<ListedAppeal> listed = new ArrayList<>();
        for (FiledAppeal a : appeals) {
            Filed f = a.filed;
            listed.add(new ListedAppeal(f.kind(), f.appealId(), f.player(), f.targetId(), f.targetSeq(), f.grounds(),
                    a.decision == null ? "open" : "decided", a.concerns, record.matchId(), a.seq, a.decision));
        }
        return new TimelineAnswer(record.matchId(), Refold.lastSeq(entries), entries.size(), applied, rejected,
                duplicates, closing(record, folded, rows), rows, listed, refused,
                record.quarantined().stream().map(QuarantineEntry::of).toList());
    }

    /**
     * The match's closing, when the fold closed it: where (after which recorded event), with which window, when the
     * processor wrote its {@code MATCH_CLOSED} ruling (null while that has not been received), the ruling as published
     * and the closed view; and how many later events were rejected "match closed".
     */
    private static TimelineAnswer.Closing closing(LedgerStore.MatchRecord record, Refold.Folded folded, List<Entry> rows) {
        Refold.Closed closed = folded.closed();
        if (closed == null) {
            return null;
        }
        MatchClosingRow recorded = record.closings().isEmpty() ? null : record.closings().get(0);
        Entry after = closed.before() == 0 ? null : rows.get(closed.before() - 1);
        int rejectedAfter = 0;
        for (Refold.Entry e : folded.entries().subList(closed.before(), folded.entries().size())) {
            if (e.status() == Refold.Status.REJECTED && MatchClosing.CLOSED_REASON.equals(e.reason())) {
                rejectedAfter++;
            }
        }
        return new TimelineAnswer.Closing(closed.ruling().seq(), closed.ruling().detail(),
                recorded == null || recorded.kafkaTimestamp == null ? null : recorded.kafkaTimestamp.toInstant().toString(),
                after == null ? null : new TimelineAnswer.Position(after.partition(), after.offset()),
                recorded == null ? null : Verification.tree(recorded.body), Verification.tree(Json.write(closed.view())),
                rejectedAfter);
    }

    /** The void or correction an applied event is (1.9), or null. */
    private static Correction correction(Refold.Entry e, Map<String, Long> seqOfApplied) {
        Ruling head = e.outcome().rulings().get(0);
        if (head.kind() != RulingKind.EVENT_VOIDED && head.kind() != RulingKind.EVENT_CORRECTED) {
            return null;
        }
        JsonNode data = e.event().path("data");
        List<Long> rejudged = e.outcome().rulings().stream().map(Ruling::rejudges).filter(Objects::nonNull).distinct().toList();
        return new Correction(head.kind() == RulingKind.EVENT_VOIDED ? "VOIDED" : "CORRECTED", head.targetId(),
                seqOfApplied.get(head.targetId()), head.rule(), head.detail(),
                data.hasNonNull("reason") ? data.get("reason") : null,
                data.hasNonNull("replacement") ? data.get("replacement") : null, rejudged);
    }
}
