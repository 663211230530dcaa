package org.matchledger.audit.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.MatchClosingRow;
import org.matchledger.audit.store.RecordedEvent;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.MatchView;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * Re-derives a match from its recorded table events, in Kafka order, with ledger-core's {@link Replay}: the code path
 * of {@code deploy/bin/ledger replay} (and of the rules processor's fold). Before the fold, a record is set aside the
 * way the processor sets it aside ({@code RecordJudge}): a value that is not JSON, or whose {@code subject} is not
 * the record key, is rejected without reaching the core. Each event is folded with its log time (its record's Kafka
 * timestamp), so that a finished match closes where the processor closed it ({@link Closing}).
 */
public final class Refold {
    private Refold() {
    }

    public enum Status { APPLIED, REJECTED, DUPLICATE }

    /**
     * One recorded event and what the fold made of it ({@code outcome} null when it never reached the core): its
     * rulings, the match's lastSeq after it and, when asked for, the view after it. (Taken at once: the fold advances
     * the match in place, so an outcome's match must not be read later.) A correction is applied, also when its
     * re-judgement rejects later events ({@link Outcome}).
     */
    public record Entry(RecordedEvent recorded, JsonNode event, Outcome outcome, String setAside, long lastSeq,
                        MatchView viewAfter) {
        public Status status() {
            if (outcome == null) {
                return Status.REJECTED;
            }
            return outcome.on(applied -> Status.APPLIED, duplicate -> Status.DUPLICATE, rejected -> Status.REJECTED);
        }

        /** Why it was not applied (null when applied). */
        public String reason() {
            if (setAside != null) {
                return setAside;
            }
            return outcome.on(applied -> null, duplicate -> duplicate.rulings().get(0).detail(),
                    rejected -> rejected.rejection().text());
        }
    }

    /**
     * The event as the processor folds it, or null when the value is not JSON: the value as received, with who posted
     * it as the CloudEvents extension attributes of {@link Poster} taken from the record's poster headers (stored with
     * it) — never from the value itself: attributes of those names in the value are removed first. Records without
     * poster headers are folded without them, as before posters were kept. The JSONL export writes exactly this.
     */
    public static JsonNode read(RecordedEvent e) {
        JsonNode event;
        try {
            event = Json.read(e.payload);
        } catch (Exception ex) {
            return null;
        }
        if (event instanceof ObjectNode o && (e.poster() != null || hasPosterAttribute(o))) {
            o.remove(List.of(Poster.SUBJECT_ATTRIBUTE, Poster.ROLE_ATTRIBUTE, Poster.TABLE_ATTRIBUTE));
            Poster p = e.poster();
            if (p != null) {
                putIfPresent(o, Poster.SUBJECT_ATTRIBUTE, p.subject());
                putIfPresent(o, Poster.ROLE_ATTRIBUTE, p.role());
                putIfPresent(o, Poster.TABLE_ATTRIBUTE, p.tableId());
            }
        }
        return event;
    }

    /** Whether the value as received carries poster attributes of its own (which are never taken as the poster). */
    static boolean hasPosterAttribute(JsonNode event) {
        return event.has(Poster.SUBJECT_ATTRIBUTE) || event.has(Poster.ROLE_ATTRIBUTE) || event.has(Poster.TABLE_ATTRIBUTE);
    }

    private static void putIfPresent(ObjectNode o, String name, String value) {
        if (value != null) {
            o.put(name, value);
        }
    }

    /** Why the processor rejects the record before folding it, or null (see {@code RecordJudge}). */
    public static String setAside(RecordedEvent e, JsonNode event) {
        if (event == null) {
            return "event: not JSON";
        }
        JsonNode subject = event.path("subject");
        if (subject.isTextual() && !subject.textValue().equals(e.matchId)) {
            return "subject: " + subject.textValue() + " must equal the record key " + e.matchId;
        }
        return null;
    }

    /**
     * How the fold closes a match (docs/events.md "Closing, exactly"), as the processor did: {@code window} the
     * correction window (the one the recorded {@code MATCH_CLOSED} ruling names, else the configured one) and
     * {@code closedAt} the time the processor closed it (the Kafka timestamp of that ruling; null when no closing was
     * received). Each event's log time is its record's Kafka timestamp. A match the processor closed without a later
     * event of it (its partition's stream time passed the window) closes at the end of the fold at {@code closedAt},
     * as {@code ledger replay --correction-window W --until closedAt} closes it.
     */
    public record Closing(Duration window, Long closedAt) {
        public static Closing of(LedgerStore.MatchRecord record) {
            MatchClosingRow recorded = record.closings().isEmpty() ? null : record.closings().get(0);
            Duration window = record.window();
            Long closedAt = null;
            if (recorded != null) {
                window = parse(recorded.correctionWindow, window);
                closedAt = recorded.kafkaTimestamp == null ? Long.MAX_VALUE : recorded.kafkaTimestamp.toInstant().toEpochMilli();
            }
            return new Closing(window, closedAt);
        }

        private static Duration parse(String window, Duration otherwise) {
            try {
                return window == null ? otherwise : Duration.parse(window);
            } catch (RuntimeException e) {
                return otherwise;
            }
        }
    }

    /**
     * Where the fold closed the match: after {@code before} recorded events, with this ruling and the last view (with
     * {@code "closed": true}).
     */
    public record Closed(int before, Ruling ruling, MatchView view) {
    }

    /** The fold of a whole match: every entry, and its closing (null while it is not closed). */
    public record Folded(List<Entry> entries, Closed closed) {
        public long lastSeq() {
            return Refold.lastSeq(entries);
        }
    }

    /** The log time of a recorded event: its Kafka timestamp (null for rows stored before timestamps were kept). */
    public static Long logTime(RecordedEvent e) {
        return e.kafkaTimestamp == null ? null : e.kafkaTimestamp.toInstant().toEpochMilli();
    }

    /**
     * The view as it stood after event {@code atSeq}: exactly {@code ledger replay --correction-window W --at atSeq} of
     * the export (a closed match's view at its last seq is the one before it closed).
     */
    public static MatchView viewAt(List<RecordedEvent> events, Closing closing, long atSeq) {
        Replay replay = new Replay(closing.window());
        for (RecordedEvent e : events) {
            JsonNode event = read(e);
            if (setAside(e, event) != null) {
                continue;
            }
            replay.accept(event, logTime(e));
            if (replay.match().lastSeq() >= atSeq) {
                break;
            }
        }
        return replay.match().lastSeq() >= atSeq ? replay.match().view() : null;
    }

    /** The last applied seq of the whole match (0 if none). */
    public static long lastSeq(List<Entry> entries) {
        return entries.isEmpty() ? 0 : entries.get(entries.size() - 1).lastSeq();
    }

    /**
     * Folds every recorded event with its log time, closing the match as {@code closing} says; the view after each
     * applied event whose lastSeq {@code wantView} accepts.
     */
    public static Folded fold(List<RecordedEvent> events, Closing closing, LongPredicate wantView) {
        Replay replay = new Replay(closing.window());
        List<Entry> entries = new ArrayList<>(events.size());
        Closed closed = null;
        for (RecordedEvent e : events) {
            JsonNode event = read(e);
            String aside = setAside(e, event);
            if (aside != null) {
                entries.add(new Entry(e, event, null, aside, replay.match().lastSeq(), null));
                continue;
            }
            Outcome outcome = replay.accept(event, logTime(e));
            if (closed == null && replay.closed()) {
                closed = closed(replay, entries.size());
            }
            long lastSeq = replay.match().lastSeq();
            entries.add(new Entry(e, event, outcome, null, lastSeq,
                    outcome instanceof Outcome.Applied && wantView.test(lastSeq) ? replay.view() : null));
        }
        if (closed == null && closing.closedAt() != null && replay.closeIfDue(closing.closedAt())) {
            closed = closed(replay, entries.size());
        }
        return new Folded(entries, closed);
    }

    private static Closed closed(Replay replay, int before) {
        Ruling ruling = replay.rulings().stream().filter(r -> r.kind() == RulingKind.MATCH_CLOSED).findFirst().orElseThrow();
        return new Closed(before, ruling, replay.view());
    }
}
