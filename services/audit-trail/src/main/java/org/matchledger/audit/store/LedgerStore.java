package org.matchledger.audit.store;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import org.matchledger.audit.intake.Rows;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.matchledger.core.event.Poster;
import org.matchledger.core.ledger.MatchClosing;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Writes the audit tables with the reactive PostgreSQL client (one prepared {@code INSERT … ON CONFLICT DO NOTHING}
 * per table, executed as a batch of tuples) and reads them through Hibernate Reactive. Storing the same rows again (a
 * redelivered batch) changes nothing. Reads must be called on a safe Vert.x (duplicated) context, as Hibernate
 * Reactive requires.
 */
@ApplicationScoped
public class LedgerStore {
    private final Pool pool;
    private final Duration window;

    /**
     * {@code window}: the processor's correction window ({@code ledger.matches.correction-window}, default 24 h), with
     * which the audit trail's fold closes a finished match as the processor does while no closing of it has been
     * received (a recorded closing brings its own window).
     */
    public LedgerStore(Pool pool,
                       @ConfigProperty(name = "ledger.matches.correction-window", defaultValue = "24h") Duration window) {
        this.pool = pool;
        this.window = window;
    }

    /** Stores every row of the batch in one transaction; the number of rows actually inserted (new ones). */
    public Uni<Integer> store(Rows rows) {
        if (rows.size() == 0) {
            return Uni.createFrom().item(0);
        }
        return pool.withTransaction(c -> batch(c, EVENT_SQL, rows.events, e -> Tuple.from(Arrays.asList(
                        e.origin().topicId(), e.origin().partition(), e.origin().offset(), time(e.origin()), e.matchId(),
                        e.seq(), e.eventId(), e.type(), e.payload(), subject(e.poster()), role(e.poster()), table(e.poster()))))
                .chain(events -> batch(c, RULING_SQL, rows.rulings, r -> Tuple.from(Arrays.asList(
                        r.matchId(), r.seq(), r.n(), r.eventId(), r.kind(), r.rule(), r.player(), r.points(), r.targetId(),
                        r.rejudges(), r.rulingsOfEvent(), r.body(), time(r.origin()))))
                        .map(n -> events + n))
                .chain(sum -> batch(c, REJECTED_SQL, rows.rejected, r -> Tuple.from(Arrays.asList(
                        r.origin().topic(), r.origin().topicId(), r.origin().partition(), r.origin().offset(),
                        time(r.origin()), r.source(), r.matchId(), r.seq(), r.eventId(), r.kind(), r.reason(),
                        r.eventTopicId() == null ? "" : r.eventTopicId(), r.eventPartition(), r.eventOffset(), r.body(),
                        subject(r.poster()), role(r.poster()), table(r.poster()))))
                        .map(n -> sum + n))
                .chain(sum -> batch(c, VIEW_SQL, rows.views, v -> Tuple.from(Arrays.asList(
                        v.matchId(), v.lastSeq(), v.closed(), v.body(), time(v.origin()))))
                        .map(n -> sum + n))
                .chain(sum -> batch(c, CLOSING_SQL, rows.closings, x -> Tuple.from(Arrays.asList(
                        x.matchId(), x.seq(), x.window(), x.rulingsOfEvent(), x.body(), time(x.origin()))))
                        .map(n -> sum + n)));
    }

    /** Stores the records PostgreSQL refused or that could not be read, in one transaction; the number new. */
    public Uni<Integer> quarantine(List<Quarantine> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return pool.withTransaction(c -> batch(c, QUARANTINE_SQL, records, q -> {
            Rows.Origin o = q.origin();
            return Tuple.from(Arrays.asList(o.topic(), o.topicId(), o.partition(), o.offset(), time(o),
                    Quarantine.escapeNul(q.matchId()), q.sqlState(), Quarantine.escapeNul(q.error()),
                    Quarantine.escapeNul(o.key()), Quarantine.escapeNul(o.value())));
        }));
    }

    /** One prepared statement run for every row; the rows inserted (a conflict inserts none). */
    private static <T> Uni<Integer> batch(SqlConnection c, String sql, List<T> rows, Function<T, Tuple> tuple) {
        if (rows.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return c.preparedQuery(sql).executeBatch(rows.stream().map(tuple).toList()).map(LedgerStore::inserted);
    }

    /** A batch answers one row set per tuple, chained. */
    private static int inserted(RowSet<Row> first) {
        int n = 0;
        for (RowSet<Row> r = first; r != null; r = r.next()) {
            n += r.rowCount();
        }
        return n;
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
        return Panache.withSession(() -> events(matchId).chain(events -> closings(matchId)
                .map(closings -> new MatchRecord(matchId, events, List.of(), List.of(), List.of(), List.of(), closings,
                        window))));
    }

    private Uni<List<MatchClosingRow>> closings(String matchId) {
        return MatchClosingRow.<MatchClosingRow>list("matchId = ?1 order by seq", matchId);
    }

    /** The match's table events in Kafka order. */
    public Uni<List<RecordedEvent>> events(String matchId) {
        return Panache.withSession(() -> RecordedEvent.<RecordedEvent>list(
                "matchId = ?1 order by kafkaPartition, kafkaOffset, kafkaTimestamp", matchId));
    }

    /**
     * Events, rulings, rejections, published views, quarantined records and the closing of one match. The reads run one after the
     * other: a Hibernate Reactive session runs one operation at a time ({@code Uni.combine().all()} would start them
     * together on the same session).
     */
    public Uni<MatchRecord> match(String matchId, boolean withViews) {
        return Panache.withSession(() -> events(matchId)
                .chain(events -> RulingRow.<RulingRow>list("matchId = ?1 order by seq, n", matchId)
                        .chain(rulings -> RejectedEvent.<RejectedEvent>list(
                                        "matchId = ?1 order by topic, kafkaPartition, kafkaOffset", matchId)
                                .chain(rejected -> (withViews
                                        ? PublishedView.<PublishedView>list("matchId = ?1 order by lastSeq, closed", matchId)
                                        : Uni.createFrom().item(List.<PublishedView>of()))
                                        .chain(views -> QuarantinedRecord.<QuarantinedRecord>list(
                                                        "matchId = ?1 order by id", matchId)
                                                .chain(q -> closings(matchId).map(closings -> new MatchRecord(matchId,
                                                        events, rulings, rejected, views, q, closings, window))))))));
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
