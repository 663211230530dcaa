package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.QuarantinedRecord;
import org.matchledger.audit.store.RejectedEvent;
import org.matchledger.audit.store.RulingRow;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /matches/{id}/ledger}: every recorded event in Kafka order with what the ledger decided about it. Applied
 * events carry the rulings the processor published for their seq (rule, details); rejected events their reason (the
 * processor's {@code table-events-rejected} record, else the fold's); duplicates what they repeat. Corrections name
 * the event they voided or replaced ({@code correction.targetId}, {@code targetSeq}); their targets list them in
 * {@code correctedBy}. Appeals are marked ({@code appeal}) and their targets list them in {@code appealedBy}.
 * Posts the gateway refused (they never reached table-events) are listed apart, under {@code refused}; records of
 * the match PostgreSQL refused to store (or that could not be read) under {@code quarantined}. Every event and refused
 * post names who posted it ({@code poster}: subject, role, tableId; null when the record carried no poster).
 */
public final class Timeline {
    private Timeline() {
    }

    public static ObjectNode of(LedgerStore.MatchRecord record) {
        List<Refold.Entry> entries = Refold.fold(record.events(), seq -> false);
        Map<Long, List<RulingRow>> rulingsBySeq = new HashMap<>();
        for (RulingRow r : record.rulings()) {
            rulingsBySeq.computeIfAbsent(r.seq, k -> new ArrayList<>()).add(r);
        }
        Map<String, RejectedEvent> rejections = new HashMap<>();
        List<RejectedEvent> refused = new ArrayList<>();
        for (RejectedEvent r : record.rejected()) {
            if (RejectedEvent.PROCESSOR.equals(r.source)) {
                rejections.put(r.eventTopicId + "/" + r.eventPartition + "@" + r.eventOffset, r);
            } else if (RejectedEvent.GATEWAY.equals(r.source)) {
                refused.add(r);
            }
        }
        Map<String, Long> seqOfApplied = new HashMap<>();
        Map<String, ObjectNode> rowOfApplied = new LinkedHashMap<>();
        ArrayNode rows = Json.MAPPER.createArrayNode();
        ArrayNode appeals = Json.MAPPER.createArrayNode();
        int applied = 0;
        int rejected = 0;
        int duplicates = 0;
        for (Refold.Entry e : entries) {
            ObjectNode row = rows.addObject();
            row.put("partition", e.recorded().kafkaPartition);
            row.put("offset", e.recorded().kafkaOffset);
            if (e.recorded().kafkaTimestamp != null) {
                row.put("kafkaTimestamp", e.recorded().kafkaTimestamp.toInstant().toString());
            }
            putNullable(row, "seq", e.recorded().seq);
            row.put("eventId", e.recorded().eventId);
            row.put("type", e.recorded().type);
            row.set("poster", poster(e.recorded().poster()));
            Refold.Status status = e.status();
            row.put("status", status.name());
            if (e.event() != null) {
                row.set("event", e.event());
            } else {
                row.put("eventText", e.recorded().payload);
            }
            switch (status) {
                case REJECTED -> {
                    rejected++;
                    RejectedEvent r = rejections.get(
                            e.recorded().topicId + "/" + e.recorded().kafkaPartition + "@" + e.recorded().kafkaOffset);
                    row.put("reason", r != null && r.reason != null ? r.reason : e.reason());
                    row.put("reasonFrom", r != null ? "table-events-rejected" : "refold");
                }
                case DUPLICATE -> {
                    duplicates++;
                    row.put("reason", e.reason());
                }
                case APPLIED -> {
                    applied++;
                    long seq = e.lastSeq();
                    seqOfApplied.put(e.recorded().eventId, seq);
                    rowOfApplied.put(e.recorded().eventId, row);
                    ArrayNode rulings = row.putArray("rulings");
                    for (RulingRow r : rulingsBySeq.getOrDefault(seq, List.of())) {
                        rulings.add(Verification.tree(r.body));
                    }
                    row.put("rulingsPublished", rulings.size() > 0);
                    markCorrection(row, e, seqOfApplied, rowOfApplied);
                    markAppeal(row, e, seqOfApplied, rowOfApplied, appeals, record.matchId());
                }
            }
        }
        ObjectNode out = Json.MAPPER.createObjectNode();
        out.put("matchId", record.matchId());
        out.put("lastSeq", Refold.lastSeq(entries));
        out.put("recordedEvents", entries.size());
        out.put("applied", applied);
        out.put("rejected", rejected);
        out.put("duplicates", duplicates);
        out.set("timeline", rows);
        out.set("appeals", appeals);
        ArrayNode refusedOut = out.putArray("refused");
        for (RejectedEvent r : refused) {
            ObjectNode o = refusedOut.addObject();
            o.put("reason", r.reason);
            putNullable(o, "seq", r.seq);
            o.put("eventId", r.eventId);
            o.set("poster", poster(r.poster()));
            JsonNode body = Verification.tree(r.body);
            o.set("record", body);
        }
        ArrayNode quarantined = out.putArray("quarantined");
        record.quarantined().forEach(q -> quarantined.add(quarantined(q)));
        return out;
    }

    /** Who posted ({@code subject}, {@code role}, {@code tableId} when a table), or JSON null when not recorded. */
    public static JsonNode poster(Poster p) {
        if (p == null) {
            return Json.MAPPER.nullNode();
        }
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("subject", p.subject());
        o.put("role", p.role());
        if (p.tableId() != null) {
            o.put("tableId", p.tableId());
        }
        return o;
    }

    /** A quarantined record as the API shows it (the value as stored: NUL characters escaped). */
    public static ObjectNode quarantined(QuarantinedRecord q) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("id", q.id);
        o.put("topic", q.topic);
        o.put("topicId", q.topicId);
        o.put("partition", q.kafkaPartition);
        o.put("offset", q.kafkaOffset);
        o.put("kafkaTimestamp", q.kafkaTimestamp == null ? null : q.kafkaTimestamp.toInstant().toString());
        o.put("matchId", q.matchId);
        o.put("sqlState", q.sqlState);
        o.put("error", q.error);
        o.put("key", q.recordKey);
        o.put("value", q.recordValue);
        o.put("quarantinedAt", q.quarantinedAt == null ? null : q.quarantinedAt.toInstant().toString());
        return o;
    }

    private static void markCorrection(ObjectNode row, Refold.Entry e, Map<String, Long> seqOfApplied,
                                       Map<String, ObjectNode> rowOfApplied) {
        Ruling head = e.step().rulings().get(0);
        if (head.kind() != RulingKind.EVENT_VOIDED && head.kind() != RulingKind.EVENT_CORRECTED) {
            return;
        }
        ObjectNode c = row.putObject("correction");
        c.put("kind", head.kind() == RulingKind.EVENT_VOIDED ? "VOIDED" : "CORRECTED");
        c.put("targetId", head.targetId());
        putNullable(c, "targetSeq", seqOfApplied.get(head.targetId()));
        if (head.rule() != null) {
            c.put("rule", head.rule());
        }
        if (head.detail() != null) {
            c.put("detail", head.detail());
        }
        JsonNode data = e.event().path("data");
        if (data.hasNonNull("reason")) {
            c.set("reason", data.get("reason"));
        }
        if (data.hasNonNull("replacement")) {
            c.set("replacement", data.get("replacement"));
        }
        ArrayNode rejudged = c.putArray("rejudges");
        e.step().rulings().stream().map(Ruling::rejudges).filter(java.util.Objects::nonNull).distinct().forEach(rejudged::add);
        ObjectNode target = rowOfApplied.get(head.targetId());
        if (target != null) {
            ObjectNode by = (target.has("correctedBy") ? (ArrayNode) target.get("correctedBy") : target.putArray("correctedBy")).addObject();
            by.put("seq", e.lastSeq());
            by.put("eventId", e.recorded().eventId);
            by.put("kind", c.get("kind").textValue());
        }
    }

    private static void markAppeal(ObjectNode row, Refold.Entry e, Map<String, Long> seqOfApplied,
                                   Map<String, ObjectNode> rowOfApplied, ArrayNode appeals, String matchId) {
        String type = e.recorded().type;
        JsonNode data = e.event().path("data");
        if ("pool.appeal.filed".equals(type)) {
            ObjectNode a = row.putObject("appeal");
            a.put("kind", "FILED");
            a.put("appealId", e.recorded().eventId);
            a.set("player", data.get("player"));
            a.set("targetId", data.get("targetId"));
            putNullable(a, "targetSeq", seqOfApplied.get(data.path("targetId").asText(null)));
            a.set("grounds", data.get("grounds"));
            a.put("status", "open");
            ObjectNode target = rowOfApplied.get(data.path("targetId").asText(null));
            ArrayNode concerns = a.putArray("concerns");
            if (target != null) {
                ObjectNode copy = target.deepCopy();
                copy.remove(List.of("appealedBy", "correctedBy"));
                concerns.add(copy);
            }
            ObjectNode listed = a.deepCopy();
            listed.put("matchId", matchId);
            listed.put("seq", e.lastSeq());
            appeals.add(listed);
            a.remove("concerns");
            if (target != null) {
                (target.has("appealedBy") ? (ArrayNode) target.get("appealedBy") : target.putArray("appealedBy"))
                        .addObject().put("seq", e.lastSeq()).put("appealId", e.recorded().eventId);
            }
        } else if ("pool.appeal.decided".equals(type)) {
            ObjectNode a = row.putObject("appeal");
            a.put("kind", "DECIDED");
            a.set("appealId", data.get("appealId"));
            a.set("upheld", data.get("upheld"));
            a.set("note", data.get("note"));
            for (JsonNode filed : appeals) {
                if (filed.path("appealId").asText("").equals(data.path("appealId").asText())) {
                    ObjectNode f = (ObjectNode) filed;
                    f.put("status", "decided");
                    f.putObject("decision").put("seq", e.lastSeq()).put("eventId", e.recorded().eventId)
                            .set("upheld", data.get("upheld"));
                    ((ObjectNode) f.get("decision")).set("note", data.get("note"));
                }
            }
        }
    }

    static void putNullable(ObjectNode o, String field, Long value) {
        if (value == null) {
            o.putNull(field);
        } else {
            o.put(field, value);
        }
    }
}
