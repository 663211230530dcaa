package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.RecordedEvent;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.json.Json;

import java.util.List;

/**
 * {@code GET /matches/{id}/export}: the full record for an appeal file. {@code jsonl}: the recorded events in Kafka
 * order, one per line, each as received (written on one line; a value that is not JSON, rejected by the processor, is
 * left out) with who posted it as the attributes {@code ledgerpostersubject}, {@code ledgerposterrole},
 * {@code ledgerpostertable} from the record's poster headers ({@link Refold#read}: what the audit trail folds) and its
 * log time as {@code ledgerlogtime} (the Kafka timestamp of its table-events record, ISO-8601) — input for
 * {@code deploy/bin/ledger replay}, which with {@code --correction-window} closes the match where the processor did. {@code csv}: the timeline, one row per ruling of an
 * applied event and one per rejected or duplicate event, with the poster's columns.
 */
public final class Export {
    public static final List<String> CSV_COLUMNS = List.of("partition", "offset", "seq", "type", "event_id", "status",
            "n", "ruling_kind", "rule", "player", "points", "foul", "target_id", "rejudges", "detail", "poster_subject",
            "poster_role", "poster_table");

    private Export() {
    }

    public static String jsonl(List<RecordedEvent> events) {
        StringBuilder sb = new StringBuilder();
        for (RecordedEvent e : events) {
            JsonNode event = Refold.read(e);
            if (event == null) {
                continue;
            }
            String logTime = e.kafkaTimestamp == null ? null : e.kafkaTimestamp.toInstant().toString();
            String payload = e.payload.strip();
            boolean asReceived = e.poster() == null && !Refold.hasPosterAttribute(event)
                    && !event.has(Replay.LOG_TIME_ATTRIBUTE) && event.isObject() && payload.endsWith("}")
                    && payload.indexOf('\n') < 0 && payload.indexOf('\r') < 0;
            if (!(event instanceof ObjectNode o)) {
                // Not an event at all (the processor rejected it): as received, on one line.
                sb.append(payload.indexOf('\n') < 0 && payload.indexOf('\r') < 0 ? payload : Json.write(event));
            } else if (asReceived) {
                // The value exactly as received, the log time added as its last attribute.
                sb.append(logTime == null ? payload : payload.substring(0, payload.length() - 1)
                        + (event.isEmpty() ? "" : ",") + "\"" + Replay.LOG_TIME_ATTRIBUTE + "\":\"" + logTime + "\"}");
            } else {
                // The log time the replay tool closes a match with is the record's, never one the value claims.
                o.remove(Replay.LOG_TIME_ATTRIBUTE);
                if (logTime != null) {
                    o.put(Replay.LOG_TIME_ATTRIBUTE, logTime);
                }
                sb.append(Json.write(o));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    public static String csv(LedgerStore.MatchRecord record) {
        StringBuilder sb = new StringBuilder();
        line(sb, CSV_COLUMNS);
        for (TimelineAnswer.Entry row : Timeline.of(record).timeline()) {
            String status = row.status();
            List<String> head = List.of(Integer.toString(row.partition()), Long.toString(row.offset()),
                    row.seq() == null ? "" : row.seq().toString(), nonNull(row.type()), nonNull(row.eventId()), status);
            TimelineAnswer.PosterRef poster = row.poster();
            List<String> who = poster == null ? List.of("", "", "")
                    : List.of(nonNull(poster.subject()), nonNull(poster.role()), nonNull(poster.tableId()));
            if (!"APPLIED".equals(status) || row.rulings() == null || row.rulings().isEmpty()) {
                line(sb, concat(concat(head, List.of("", "", "", "", "", "", "", "", nonNull(row.reason()))), who));
                continue;
            }
            for (JsonNode r : row.rulings()) {
                String detail = firstOf(r, "detail", "reason");
                if (r.has("option")) {
                    detail = (detail.isEmpty() ? "" : detail + "; ") + "option " + r.get("option").asText();
                }
                if (r.has("options")) {
                    detail = (detail.isEmpty() ? "" : detail + "; ") + "options " + r.get("options");
                }
                if (r.has("balls")) {
                    detail = (detail.isEmpty() ? "" : detail + "; ") + "balls " + r.get("balls");
                }
                line(sb, concat(concat(head, List.of(text(r.get("n")), text(r.get("kind")), text(r.get("rule")),
                        text(r.get("player")), text(r.get("points")), text(r.get("foul")), text(r.get("targetId")),
                        text(r.get("rejudges")), detail)), who));
            }
        }
        return sb.toString();
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String firstOf(JsonNode r, String... fields) {
        for (String f : fields) {
            if (r.hasNonNull(f)) {
                return r.get(f).asText();
            }
        }
        return "";
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? "" : n.isValueNode() ? n.asText() : n.toString();
    }

    /**
     * One CSV record (RFC 4180): each field neutralised ({@link #cell}), then quoted if it holds a comma, quote or
     * line break, quotes doubled; CRLF.
     */
    static void line(StringBuilder sb, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(cell(fields.get(i))));
        }
        sb.append("\r\n");
    }

    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");

    /**
     * A cell a spreadsheet cannot take for a formula: one starting with {@code = + - @}, TAB or CR gets a leading
     * {@code '} (CSV injection) — unless the whole cell is a number, so that negative numbers stay numbers.
     */
    public static String cell(String value) {
        if (value == null || value.isEmpty() || "=+-@\t\r".indexOf(value.charAt(0)) < 0
                || NUMBER.matcher(value).matches()) {
            return value == null ? "" : value;
        }
        return "'" + value;
    }

    static String quote(String f) {
        if (f.indexOf(',') < 0 && f.indexOf('"') < 0 && f.indexOf('\n') < 0 && f.indexOf('\r') < 0) {
            return f;
        }
        return '"' + f.replace("\"", "\"\"") + '"';
    }
}
