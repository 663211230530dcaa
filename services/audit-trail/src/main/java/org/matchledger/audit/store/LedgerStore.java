package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import org.matchledger.audit.intake.Rows;
import org.matchledger.core.event.Poster;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads the audit tables through Hibernate Reactive. Every write is {@code INSERT … ON CONFLICT DO NOTHING}
 * on the table's key, so storing the same rows again (a redelivered batch) changes nothing. Must be called on a safe
 * Vert.x (duplicated) context, as Hibernate Reactive requires.
 */
@ApplicationScoped
public class LedgerStore {
    static final int CHUNK = 100;

    /** Stores every row of the batch in one transaction; the number of rows actually inserted (new ones). */
    public Uni<Integer> store(Rows rows) {
        if (rows.size() == 0) {
            return Uni.createFrom().item(0);
        }
        return Panache.withTransaction(() -> Panache.getSession().chain(s -> insertAll(s, rows)));
    }

    /** Stores the records PostgreSQL refused or that could not be read, in one transaction; the number new. */
    public Uni<Integer> quarantine(List<Quarantine> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return Panache.withTransaction(() -> Panache.getSession().chain(s -> {
            Uni<Integer> total = Uni.createFrom().item(0);
            for (var chunk : chunked(records)) {
                total = total.chain(sum -> insert(s, QUARANTINE_SQL, QUARANTINE_TYPES, chunk, (q, p) -> {
                    Rows.Origin o = q.origin();
                    p.add(o.topic()); p.add(o.topicId()); p.add(o.partition()); p.add(o.offset());
                    p.add(time(o)); p.add(Quarantine.escapeNul(q.matchId())); p.add(q.sqlState());
                    p.add(Quarantine.escapeNul(q.error())); p.add(Quarantine.escapeNul(o.key()));
                    p.add(Quarantine.escapeNul(o.value()));
                }).map(n -> sum + n));
            }
            return total;
        }));
    }

    private Uni<Integer> insertAll(Mutiny.Session s, Rows rows) {
        List<java.util.function.Supplier<Uni<Integer>>> steps = new ArrayList<>();
        chunks(rows.events, c -> steps.add(() -> insert(s, EVENT_SQL, EVENT_TYPES, c, (e, p) -> {
            p.add(e.origin().topicId()); p.add(e.origin().partition()); p.add(e.origin().offset()); p.add(time(e.origin()));
            p.add(e.matchId()); p.add(e.seq()); p.add(e.eventId()); p.add(e.type()); p.add(e.payload());
            posterColumns(e.poster(), p);
        })));
        chunks(rows.rulings, c -> steps.add(() -> insert(s, RULING_SQL, RULING_TYPES, c, (r, p) -> {
            p.add(r.matchId()); p.add(r.seq()); p.add(r.n()); p.add(r.eventId()); p.add(r.kind()); p.add(r.rule());
            p.add(r.player()); p.add(r.points()); p.add(r.targetId()); p.add(r.rejudges()); p.add(r.rulingsOfEvent());
            p.add(r.body()); p.add(time(r.origin()));
        })));
        chunks(rows.rejected, c -> steps.add(() -> insert(s, REJECTED_SQL, REJECTED_TYPES, c, (r, p) -> {
            p.add(r.origin().topic()); p.add(r.origin().topicId()); p.add(r.origin().partition()); p.add(r.origin().offset());
            p.add(time(r.origin())); p.add(r.source()); p.add(r.matchId()); p.add(r.seq()); p.add(r.eventId());
            p.add(r.kind()); p.add(r.reason()); p.add(r.eventTopicId() == null ? "" : r.eventTopicId());
            p.add(r.eventPartition()); p.add(r.eventOffset()); p.add(r.body());
            posterColumns(r.poster(), p);
        })));
        chunks(rows.views, c -> steps.add(() -> insert(s, VIEW_SQL, VIEW_TYPES, c, (v, p) -> {
            p.add(v.matchId()); p.add(v.lastSeq()); p.add(v.body()); p.add(time(v.origin()));
        })));
        Uni<Integer> total = Uni.createFrom().item(0);
        for (var step : steps) {
            total = total.chain(sum -> step.get().map(n -> sum + n));
        }
        return total;
    }

    private static void posterColumns(Poster poster, List<Object> p) {
        p.add(poster == null ? null : poster.subject());
        p.add(poster == null ? null : poster.role());
        p.add(poster == null ? null : poster.tableId());
    }

    private static java.time.OffsetDateTime time(Rows.Origin o) {
        return o.timestamp() == null ? null : o.timestamp().atOffset(java.time.ZoneOffset.UTC);
    }

    // Column casts: a null parameter has no type of its own.
    static final String EVENT_SQL = "INSERT INTO recorded_event (topic_id, kafka_partition, kafka_offset, kafka_timestamp, match_id, seq, event_id, type, payload, poster_subject, poster_role, poster_table) VALUES %s ON CONFLICT DO NOTHING";
    static final String[] EVENT_TYPES = {"text", "integer", "bigint", "timestamptz", "text", "bigint", "text", "text", "text", "text", "text", "text"};
    static final String RULING_SQL = "INSERT INTO ruling (match_id, seq, n, event_id, kind, rule, player, points, target_id, rejudges, rulings_of_event, body, kafka_timestamp) VALUES %s ON CONFLICT DO NOTHING";
    static final String[] RULING_TYPES = {"text", "bigint", "integer", "text", "text", "text", "text", "integer", "text", "bigint", "integer", "text", "timestamptz"};
    static final String REJECTED_SQL = "INSERT INTO rejected_event (topic, topic_id, kafka_partition, kafka_offset, kafka_timestamp, source, match_id, seq, event_id, kind, reason, event_topic_id, event_partition, event_offset, body, poster_subject, poster_role, poster_table) VALUES %s ON CONFLICT DO NOTHING";
    static final String[] REJECTED_TYPES = {"text", "text", "integer", "bigint", "timestamptz", "text", "text", "bigint", "text", "text", "text", "text", "integer", "bigint", "text", "text", "text", "text"};
    static final String VIEW_SQL = "INSERT INTO published_view (match_id, last_seq, body, kafka_timestamp) VALUES %s ON CONFLICT DO NOTHING";
    static final String[] VIEW_TYPES = {"text", "bigint", "text", "timestamptz"};
    static final String QUARANTINE_SQL = "INSERT INTO quarantined_record (topic, topic_id, kafka_partition, kafka_offset, kafka_timestamp, match_id, sql_state, error, record_key, record_value) VALUES %s ON CONFLICT DO NOTHING";
    static final String[] QUARANTINE_TYPES = {"text", "text", "integer", "bigint", "timestamptz", "text", "text", "text", "text", "text"};

    private interface Binder<T> {
        void bind(T row, List<Object> params);
    }

    private static <T> Uni<Integer> insert(Mutiny.Session s, String sql, String[] types, List<T> chunk, Binder<T> binder) {
        int columns = types.length;
        List<Object> params = new ArrayList<>(chunk.size() * columns);
        StringBuilder values = new StringBuilder();
        int i = 1;
        for (T row : chunk) {
            binder.bind(row, params);
            values.append(values.length() == 0 ? "(" : ", (");
            for (int c = 0; c < columns; c++) {
                values.append(c == 0 ? "" : ", ").append("CAST(?").append(i++).append(" AS ").append(types[c]).append(')');
            }
            values.append(')');
        }
        var q = s.createNativeQuery(String.format(sql, values));
        for (int p = 0; p < params.size(); p++) {
            q.setParameter(p + 1, params.get(p));
        }
        return q.executeUpdate();
    }

    private static <T> List<List<T>> chunked(List<T> all) {
        List<List<T>> chunks = new ArrayList<>();
        chunks(all, chunks::add);
        return chunks;
    }

    private static <T> void chunks(List<T> all, java.util.function.Consumer<List<T>> each) {
        for (int from = 0; from < all.size(); from += CHUNK) {
            each.accept(all.subList(from, Math.min(all.size(), from + CHUNK)));
        }
    }

    // ---- reads ----------------------------------------------------------------------------------------------------

    /** Everything recorded about one match. */
    public record MatchRecord(String matchId, List<RecordedEvent> events, List<RulingRow> rulings,
                              List<RejectedEvent> rejected, List<PublishedView> views,
                              List<QuarantinedRecord> quarantined) {
        public MatchRecord(String matchId, List<RecordedEvent> events, List<RulingRow> rulings,
                           List<RejectedEvent> rejected, List<PublishedView> views) {
            this(matchId, events, rulings, rejected, views, List.of());
        }

        public boolean known() {
            return !events.isEmpty() || !rulings.isEmpty() || !rejected.isEmpty() || !quarantined.isEmpty();
        }
    }

    /** The match's table events in Kafka order. */
    public Uni<List<RecordedEvent>> events(String matchId) {
        return Panache.withSession(() -> RecordedEvent.<RecordedEvent>list(
                "matchId = ?1 order by kafkaPartition, kafkaOffset, kafkaTimestamp", matchId));
    }

    /** Events, rulings, rejections and published views of one match. */
    public Uni<MatchRecord> match(String matchId, boolean withViews) {
        return Panache.withSession(() -> events(matchId)
                .chain(events -> RulingRow.<RulingRow>list("matchId = ?1 order by seq, n", matchId)
                        .chain(rulings -> RejectedEvent.<RejectedEvent>list(
                                        "matchId = ?1 order by topic, kafkaPartition, kafkaOffset", matchId)
                                .chain(rejected -> (withViews
                                        ? PublishedView.<PublishedView>list("matchId = ?1 order by lastSeq", matchId)
                                        : Uni.createFrom().item(List.<PublishedView>of()))
                                        .chain(views -> QuarantinedRecord.<QuarantinedRecord>list(
                                                        "matchId = ?1 order by id", matchId)
                                                .map(q -> new MatchRecord(matchId, events, rulings, rejected, views, q)))))));
    }

    /** Quarantined records, oldest first: those of {@code matchId} (all when null), with ids above {@code afterId}. */
    public Uni<List<QuarantinedRecord>> quarantined(String matchId, long afterId, int limit) {
        return Panache.withSession(() -> (matchId == null
                ? QuarantinedRecord.<QuarantinedRecord>find("id > ?1 order by id", afterId)
                : QuarantinedRecord.<QuarantinedRecord>find("matchId = ?1 and id > ?2 order by id", matchId, afterId))
                .page(0, limit).list());
    }

    /** Every appeal ruling (filed, decided) as first given, not as re-given by corrections. */
    public Uni<List<RulingRow>> appealRulings() {
        return Panache.withSession(() -> RulingRow.<RulingRow>list(
                "kind in ?1 and rejudges is null order by matchId, seq, n", List.of("APPEAL_FILED", "APPEAL_DECIDED")));
    }

    /** The recorded events of {@code matchId} with those ids, in Kafka order. */
    public Uni<List<RecordedEvent>> eventsById(String matchId, List<String> ids) {
        return Panache.withSession(() -> RecordedEvent.<RecordedEvent>list(
                "matchId = ?1 and eventId in ?2 order by kafkaPartition, kafkaOffset", matchId, ids));
    }

    /** The rulings of the applied events at those seqs. */
    public Uni<List<RulingRow>> rulingsAt(String matchId, List<Long> seqs) {
        return Panache.withSession(() -> RulingRow.<RulingRow>list(
                "matchId = ?1 and seq in ?2 order by seq, n", matchId, seqs));
    }

}
