package org.matchledger.audit.store;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.hibernate.reactive.mutiny.Mutiny;
import org.matchledger.audit.intake.Rows;
import org.matchledger.core.event.Poster;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.kafka.MatchSettings;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes the audit tables with the reactive PostgreSQL client (one prepared {@code INSERT … ON CONFLICT DO NOTHING}
 * per table, executed as a batch of tuples, every table of a batch in one transaction) and reads them through
 * Hibernate Reactive. Storing the same rows again (a redelivered batch) changes nothing. Reads that do not depend on
 * each other run at once, each in a stateless session of its own (a session runs one operation at a time); they must
 * be called on a Vert.x context, as Hibernate Reactive requires.
 */
@ApplicationScoped
public class LedgerStore {
    private final Pool pool;
    private final Mutiny.SessionFactory sessions;
    private final Duration window;

    /**
     * {@code window}: the processor's correction window ({@code ledger.matches.correction-window}, default 24 h), with
     * which the audit trail's fold closes a finished match as the processor does while no closing of it has been
     * received (a recorded closing brings its own window).
     */
    public LedgerStore(Pool pool, Mutiny.SessionFactory sessions, MatchSettings matches) {
        this.pool = pool;
        this.sessions = sessions;
        this.window = matches.correctionWindow();
    }

    /** One table's share of a write: its insert and the rows' tuples. */
    private record Batch(String sql, List<Tuple> tuples) {
        static <T> Batch of(String sql, List<T> rows, Function<T, Tuple> tuple) {
            return new Batch(sql, rows.stream().map(tuple).toList());
        }

        /** The rows inserted (a conflict inserts none); nothing is sent for no rows. */
        Uni<Integer> run(SqlConnection c) {
            return tuples.isEmpty() ? Uni.createFrom().item(0)
                    : c.preparedQuery(sql).executeBatch(tuples).map(LedgerStore::inserted);
        }
    }

    /** Stores every row of the batch in one transaction; the number of rows actually inserted (new ones). */
    public Uni<Integer> store(Rows rows) {
        if (rows.size() == 0) {
            return Uni.createFrom().item(0);
        }
        return inOneTransaction(List.of(
                Batch.of(EVENT_SQL, rows.events, LedgerStore::event),
                Batch.of(RULING_SQL, rows.rulings, LedgerStore::ruling),
                Batch.of(REJECTED_SQL, rows.rejected, LedgerStore::rejected),
                Batch.of(VIEW_SQL, rows.views, LedgerStore::view),
                Batch.of(CLOSING_SQL, rows.closings, LedgerStore::closing)));
    }

    /** Stores the records PostgreSQL refused or that could not be read, in one transaction; the number new. */
    public Uni<Integer> quarantine(List<Quarantine> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return inOneTransaction(List.of(Batch.of(QUARANTINE_SQL, records, LedgerStore::quarantined)));
    }

    /** The batches one after the other on one connection, committed together; the rows inserted. */
    private Uni<Integer> inOneTransaction(List<Batch> batches) {
        return pool.withTransaction(c -> Multi.createFrom().iterable(batches)
                .onItem().transformToUniAndConcatenate(b -> b.run(c))
                .collect().with(Collectors.summingInt(Integer::intValue)));
    }

    /** A batch answers one row set per tuple, chained. */
    private static int inserted(RowSet<Row> first) {
        int n = 0;
        for (RowSet<Row> r = first; r != null; r = r.next()) {
            n += r.rowCount();
        }
        return n;
    }

    // ---- one tuple a row, in the order of the insert's columns ----------------------------------------------------

    private static Tuple event(Rows.Event e) {
        return Tuple.from(Arrays.asList(e.origin().topicId(), e.origin().partition(), e.origin().offset(),
                time(e.origin()), e.matchId(), e.seq(), e.eventId(), e.type(), e.payload(), subject(e.poster()),
                role(e.poster()), table(e.poster())));
    }

    private static Tuple ruling(Rows.Ruling r) {
        return Tuple.from(Arrays.asList(r.matchId(), r.seq(), r.n(), r.eventId(), r.kind(), r.rule(), r.player(),
                r.points(), r.targetId(), r.rejudges(), r.rulingsOfEvent(), r.body(), time(r.origin())));
    }

    private static Tuple rejected(Rows.Rejected r) {
        return Tuple.from(Arrays.asList(r.origin().topic(), r.origin().topicId(), r.origin().partition(),
                r.origin().offset(), time(r.origin()), r.source(), r.matchId(), r.seq(), r.eventId(), r.kind(),
                r.reason(), r.eventTopicId() == null ? "" : r.eventTopicId(), r.eventPartition(), r.eventOffset(),
                r.body(), subject(r.poster()), role(r.poster()), table(r.poster())));
    }

    private static Tuple view(Rows.View v) {
        return Tuple.from(Arrays.asList(v.matchId(), v.lastSeq(), v.closed(), v.body(), time(v.origin())));
    }

    private static Tuple closing(Rows.Closing x) {
        return Tuple.from(Arrays.asList(x.matchId(), x.seq(), x.window(), x.rulingsOfEvent(), x.body(),
                time(x.origin())));
    }

    /** PostgreSQL text cannot hold NUL: escaped ({@link Quarantine#escapeNul}). */
    private static Tuple quarantined(Quarantine q) {
        Rows.Origin o = q.origin();
        return Tuple.from(Arrays.asList(o.topic(), o.topicId(), o.partition(), o.offset(), time(o),
                Quarantine.escapeNul(q.matchId()), q.sqlState(), Quarantine.escapeNul(q.error()),
                Quarantine.escapeNul(o.key()), Quarantine.escapeNul(o.value())));
    }

    private static String subject(Poster p) {
        return p == null ? null : p.subject();
    }

    private static String role(Poster p) {
        return p == null ? null : p.role();
    }

    private static String table(Poster p) {
        return p == null ? null : p.tableId();
    }

    private static OffsetDateTime time(Rows.Origin o) {
        return o.timestamp() == null ? null : o.timestamp().atOffset(ZoneOffset.UTC);
    }

    static final String EVENT_SQL = "INSERT INTO recorded_event (topic_id, kafka_partition, kafka_offset, kafka_timestamp, "
            + "match_id, seq, event_id, type, payload, poster_subject, poster_role, poster_table) "
            + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING";
    static final String RULING_SQL = "INSERT INTO ruling (match_id, seq, n, event_id, kind, rule, player, points, target_id, "
            + "rejudges, rulings_of_event, body, kafka_timestamp) "
            + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING";
    static final String REJECTED_SQL = "INSERT INTO rejected_event (topic, topic_id, kafka_partition, kafka_offset, "
            + "kafka_timestamp, source, match_id, seq, event_id, kind, reason, event_topic_id, event_partition, "
            + "event_offset, body, poster_subject, poster_role, poster_table) "
            + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT DO NOTHING";
    static final String VIEW_SQL = "INSERT INTO published_view (match_id, last_seq, closed, body, kafka_timestamp) "
            + "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
    static final String CLOSING_SQL = "INSERT INTO match_closing (match_id, seq, correction_window, rulings_of_event, body, "
            + "kafka_timestamp) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING";
    static final String QUARANTINE_SQL = "INSERT INTO quarantined_record (topic, topic_id, kafka_partition, kafka_offset, "
            + "kafka_timestamp, match_id, sql_state, error, record_key, record_value) "
            + "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING";

    // ---- reads ----------------------------------------------------------------------------------------------------

    /**
     * Everything recorded about one match: its closing ({@code closings}: the {@code MATCH_CLOSED} ruling, if it
     * closed) and the correction window the fold closes it with ({@link #window}).
     */
    public record MatchRecord(String matchId, List<RecordedEvent> events, List<RulingRow> rulings,
                              List<RejectedEvent> rejected, List<PublishedView> views,
                              List<QuarantinedRecord> quarantined, List<MatchClosingRow> closings, Duration window) {
        public MatchRecord(String matchId, List<RecordedEvent> events, List<RulingRow> rulings,
                           List<RejectedEvent> rejected, List<PublishedView> views) {
            this(matchId, events, rulings, rejected, views, List.of(), List.of(), MatchClosing.DEFAULT_WINDOW);
        }

        public boolean known() {
            return !events.isEmpty() || !rulings.isEmpty() || !rejected.isEmpty() || !quarantined.isEmpty()
                    || !closings.isEmpty();
        }
    }

    /** The events of a match and its closing, if any: what the view at a seq is re-derived from. */
    public Uni<MatchRecord> eventsAndClosing(String matchId) {
        return Uni.combine().all().unis(events(matchId), closings(matchId)).with((events, closings) ->
                new MatchRecord(matchId, events, List.of(), List.of(), List.of(), List.of(), closings, window));
    }

    /** Events, rulings, rejections, published views (when asked for), quarantined records and the closing of one match. */
    public Uni<MatchRecord> match(String matchId, boolean withViews) {
        return Uni.combine().all().unis(events(matchId),
                        list(RulingRow.class, "matchId = ?1 order by seq, n", matchId),
                        list(RejectedEvent.class,
                                "matchId = ?1 order by id.topic, id.position.kafkaPartition, id.position.kafkaOffset", matchId),
                        withViews ? list(PublishedView.class, "matchId = ?1 order by lastSeq, closed", matchId)
                                : Uni.createFrom().item(List.<PublishedView>of()),
                        list(QuarantinedRecord.class, "matchId = ?1 order by id", matchId),
                        closings(matchId))
                .with((events, rulings, rejected, views, quarantined, closings) -> new MatchRecord(matchId, events,
                        rulings, rejected, views, quarantined, closings, window));
    }

    /** The match's table events in Kafka order. */
    public Uni<List<RecordedEvent>> events(String matchId) {
        return list(RecordedEvent.class,
                "matchId = ?1 order by position.kafkaPartition, position.kafkaOffset, kafkaTimestamp", matchId);
    }

    private Uni<List<MatchClosingRow>> closings(String matchId) {
        return list(MatchClosingRow.class, "matchId = ?1 order by seq", matchId);
    }

    /** Quarantined records, oldest first: those of {@code matchId} (all when null), with ids above {@code afterId}. */
    public Uni<List<QuarantinedRecord>> quarantined(String matchId, long afterId, int limit) {
        return matchId == null
                ? first(limit, QuarantinedRecord.class, "id > ?1 order by id", afterId)
                : first(limit, QuarantinedRecord.class, "matchId = ?1 and id > ?2 order by id", matchId, afterId);
    }

    /** Every appeal ruling (filed, decided) as first given, not as re-given by corrections. */
    public Uni<List<RulingRow>> appealRulings() {
        return list(RulingRow.class, "kind in (?1) and rejudges is null order by matchId, seq, n",
                List.of("APPEAL_FILED", "APPEAL_DECIDED"));
    }

    /** The rows of {@code type} that {@code where} selects (positional parameters ?1, ?2, …). */
    private <T> Uni<List<T>> list(Class<T> type, String where, Object... parameters) {
        return first(Integer.MAX_VALUE, type, where, parameters);
    }

    /**
     * At most {@code limit} of those rows, in a stateless session opened for this query alone and closed after it: a
     * query never waits for another's session, so independent reads can be combined.
     */
    private <T> Uni<List<T>> first(int limit, Class<T> type, String where, Object... parameters) {
        String hql = "from " + type.getSimpleName() + " where " + where;
        return sessions.openStatelessSession().chain(session -> {
            Mutiny.SelectionQuery<T> query = session.createSelectionQuery(hql, type);
            for (int i = 0; i < parameters.length; i++) {
                query.setParameter(i + 1, parameters[i]);
            }
            if (limit != Integer.MAX_VALUE) {
                query.setMaxResults(limit);
            }
            return query.getResultList().eventually(session::close);
        });
    }
}
