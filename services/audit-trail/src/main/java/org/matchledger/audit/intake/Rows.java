package org.matchledger.audit.intake;

import org.matchledger.core.event.Poster;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The rows one batch of Kafka records becomes, one list per table; every row knows the record it came from. */
public final class Rows {
    /** The Kafka record a row was made of: what a quarantined row is stored with. */
    public record Origin(String topic, String topicId, int partition, long offset, Instant timestamp, String key,
                         String value) {
        @Override
        public String toString() {
            return topic + "-" + partition + "@" + offset + " (topic id " + topicId + ")";
        }
    }

    /** One row of any table. */
    public sealed interface Row permits Event, Ruling, Rejected, View, Closing {
        Origin origin();

        /** The match the row belongs to, if known. */
        String matchId();
    }

    /** A {@code table-events} record, with who posted it (null when the record has no poster headers). */
    public record Event(Origin origin, String matchId, Long seq, String eventId, String type, String payload,
                        Poster poster) implements Row {
    }

    /** A ruling of an applied event or correction. */
    public record Ruling(Origin origin, String matchId, long seq, int n, String eventId, String kind, String rule,
                         String player, Integer points, String targetId, Long rejudges, Integer rulingsOfEvent,
                         String body) implements Row {
    }

    /**
     * A rejection or notice, keyed by its own Kafka coordinates. Processor rejections name the table-events record
     * they reject: {@code eventTopicId} is the id table-events has when the rejection is stored. {@code poster}: the
     * poster headers of a table-events-rejected record (null when absent, and for notices).
     */
    public record Rejected(Origin origin, String source, String matchId, Long seq, String eventId, String kind,
                           String reason, String eventTopicId, Integer eventPartition, Long eventOffset, String body,
                           Poster poster) implements Row {
    }

    /** A published view; {@code closed}: the last view of a closed match ({@code "closed": true}). */
    public record View(Origin origin, String matchId, long lastSeq, boolean closed, String body) implements Row {
    }

    /** The {@code MATCH_CLOSED} ruling of a match: at its last seq, of no event, {@code window} its detail. */
    public record Closing(Origin origin, String matchId, long seq, String window, Integer rulingsOfEvent, String body)
            implements Row {
    }

    /** A record that cannot be read as what its topic carries: quarantined with this reason, never dropped. */
    public record Unreadable(Origin origin, String matchId, String reason) {
    }

    public final List<Event> events = new ArrayList<>();
    public final List<Ruling> rulings = new ArrayList<>();
    public final List<Rejected> rejected = new ArrayList<>();
    public final List<View> views = new ArrayList<>();
    public final List<Closing> closings = new ArrayList<>();
    public final List<Unreadable> unreadable = new ArrayList<>();

    public int size() {
        return events.size() + rulings.size() + rejected.size() + views.size() + closings.size();
    }

    public void add(Row row) {
        if (row instanceof Event e) {
            events.add(e);
        } else if (row instanceof Ruling r) {
            rulings.add(r);
        } else if (row instanceof Rejected r) {
            rejected.add(r);
        } else if (row instanceof Closing c) {
            closings.add(c);
        } else {
            views.add((View) row);
        }
    }

    /** Every row, table by table (the order the store writes them in). */
    public List<Row> all() {
        List<Row> all = new ArrayList<>(size());
        all.addAll(events);
        all.addAll(rulings);
        all.addAll(rejected);
        all.addAll(views);
        all.addAll(closings);
        return all;
    }

    public static Rows of(List<? extends Row> rows) {
        Rows r = new Rows();
        rows.forEach(r::add);
        return r;
    }
}
