package org.matchledger.audit.intake;

import java.util.ArrayList;
import java.util.List;

/** The rows one batch of Kafka records becomes, one list per table. */
public final class Rows {
    /** A {@code table-events} record. */
    public record Event(int partition, long offset, String matchId, Long seq, String eventId, String type, String payload) {
    }

    /** A ruling of an applied event or correction. */
    public record Ruling(String matchId, long seq, int n, String eventId, String kind, String rule, String player,
                         Integer points, String targetId, Long rejudges, Integer rulingsOfEvent, String body) {
    }

    /** A rejection or notice, keyed by its own Kafka coordinates. */
    public record Rejected(String topic, int partition, long offset, String source, String matchId, Long seq,
                           String eventId, String kind, String reason, Integer eventPartition, Long eventOffset,
                           String body) {
    }

    /** A published view. */
    public record View(String matchId, long lastSeq, String body) {
    }

    public final List<Event> events = new ArrayList<>();
    public final List<Ruling> rulings = new ArrayList<>();
    public final List<Rejected> rejected = new ArrayList<>();
    public final List<View> views = new ArrayList<>();
    /** Records that could not be read at all (logged, nothing stored: e.g. a view that is not JSON). */
    public final List<String> unreadable = new ArrayList<>();

    public int size() {
        return events.size() + rulings.size() + rejected.size() + views.size();
    }
}
