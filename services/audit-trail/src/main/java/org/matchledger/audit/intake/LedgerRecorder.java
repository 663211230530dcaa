package org.matchledger.audit.intake;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaConsumer;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;
import org.matchledger.audit.Channels;
import org.matchledger.audit.kafka.TopicIds;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.Quarantine;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Stores every record of the ledger's four topics. A batch is written in one transaction; its offsets are committed
 * (throttled strategy) only once the returned Uni has completed, i.e. once the rows are in PostgreSQL. A redelivered
 * batch inserts nothing new (every insert is ON CONFLICT DO NOTHING on the table's key).
 *
 * <p>A row PostgreSQL refuses for its content ({@link StoreFailure#refusedContent}, e.g. a NUL character in a value)
 * never holds up the others: the batch is split in halves until the refused rows are alone, those go to
 * {@code quarantined_record} with the error and their record's coordinates, the rest is stored. A record that cannot
 * be read as what its topic carries is quarantined too. Nothing is dropped.
 *
 * <p>PostgreSQL away (or any other failure): the whole write is retried with backoff (250 ms up to 5 s) for as long as
 * it takes; the Uni does not fail, so no record is skipped and the channel stays up. One warning when an outage
 * begins, one line when it ends.
 */
@ApplicationScoped
public class LedgerRecorder {
    private static final Logger LOG = Logger.getLogger(LedgerRecorder.class);
    static final Duration FIRST_RETRY = Duration.ofMillis(250);
    static final Duration MAX_RETRY = Duration.ofSeconds(5);

    private final LedgerStore store;
    private final TopicIds topicIds;
    private final KafkaClientService clients;
    private final Vertx vertx;
    private final AtomicBoolean outage = new AtomicBoolean();
    private final AtomicLong outageSince = new AtomicLong();
    private final AtomicLong stored = new AtomicLong();

    public LedgerRecorder(LedgerStore store, TopicIds topicIds, KafkaClientService clients, Vertx vertx) {
        this.store = store;
        this.topicIds = topicIds;
        this.clients = clients;
        this.vertx = vertx;
    }

    @Incoming(Channels.AUDIT_IN)
    public Uni<Void> consume(ConsumerRecords<String, String> records) {
        Set<String> topics = new HashSet<>();
        records.partitions().forEach(p -> topics.add(p.topic()));
        if (topics.contains(Topics.TABLE_EVENTS_REJECTED)) {
            topics.add(Topics.TABLE_EVENTS); // processor rejections name a table-events record
        }
        return Uni.createFrom().deferred(() -> topicIds.lookUp(topics))
                .onFailure().invoke(e -> LOG.warnf("cannot look the topic ids up (%s); retrying",
                        StoreFailure.rootMessage(e)))
                .onFailure().retry().withBackOff(FIRST_RETRY, MAX_RETRY).indefinitely()
                .chain(lookup -> {
                    Rows rows = new Rows();
                    for (ConsumerRecord<String, String> r : records) {
                        if (!lookup.recreated().contains(r.topic())) {
                            Intake.add(rows, r, lookup.ids());
                        }
                    }
                    return storeUntilDone(rows).chain(() -> readAgain(lookup.recreated()));
                });
    }

    /**
     * Topics re-created under the consumer (a new id, no new assignment): their records in the batch at hand may be
     * the new topic's, read from the old topic's positions, so they are not stored; the consumer reads the new topic
     * again from its beginning instead (what is already stored is not stored twice). Records of the deleted topic that
     * had not been stored by then are gone with it.
     */
    private Uni<Void> readAgain(Set<String> recreated) {
        if (recreated.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        LOG.errorf("topic(s) %s re-created while being read: reading them again from their beginning", recreated);
        KafkaConsumer<String, String> consumer = clients.getConsumer(Channels.AUDIT_IN);
        return consumer.runOnPollingThread(c -> {
            List<TopicPartition> partitions = new ArrayList<>();
            for (TopicPartition tp : c.assignment()) {
                if (recreated.contains(tp.topic())) {
                    partitions.add(tp);
                }
            }
            c.seekToBeginning(partitions);
        });
    }

    /** Stores the rows (quarantining what PostgreSQL refuses), retrying through outages; completes once committed. */
    public Uni<Void> storeUntilDone(Rows rows) {
        return Uni.createFrom().deferred(() -> storeOrQuarantine(rows))
                .onFailure().invoke(this::outageBegins)
                .onFailure().retry().withBackOff(FIRST_RETRY, MAX_RETRY).indefinitely()
                .invoke(n -> {
                    stored.addAndGet(n);
                    outageEnds();
                })
                .replaceWithVoid();
    }

    /** Rows inserted since start-up (new ones only). */
    public long storedRows() {
        return stored.get();
    }

    private Uni<Integer> storeOrQuarantine(Rows rows) {
        List<Quarantine> unreadable = new ArrayList<>();
        for (Rows.Unreadable u : rows.unreadable) {
            LOG.warnf("quarantined, not readable: %s: %s", u.origin(), u.reason());
            unreadable.add(new Quarantine(u.origin(), u.matchId(), null, u.reason()));
        }
        return attempt(rows.all())
                .chain(n -> quarantine(unreadable).replaceWith(n));
    }

    /** Stores {@code rows} in one transaction; if PostgreSQL refuses one for its content, in halves. */
    private Uni<Integer> attempt(List<Rows.Row> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return onSafeContext(() -> store.store(Rows.of(rows)))
                .onFailure(StoreFailure::refusedContent).recoverWithUni(e -> split(rows, e));
    }

    private Uni<Integer> split(List<Rows.Row> rows, Throwable refusal) {
        if (rows.size() == 1) {
            Rows.Row row = rows.get(0);
            LOG.errorf("quarantined, PostgreSQL refuses its content (SQLSTATE %s, %s): %s", StoreFailure.sqlState(refusal),
                    StoreFailure.message(refusal), row.origin());
            return quarantine(List.of(new Quarantine(row.origin(), row.matchId(), StoreFailure.sqlState(refusal),
                    StoreFailure.message(refusal)))).replaceWith(0);
        }
        int half = rows.size() / 2;
        List<Rows.Row> first = rows.subList(0, half);
        List<Rows.Row> second = rows.subList(half, rows.size());
        return attempt(first).chain(a -> attempt(second).map(b -> a + b));
    }

    private Uni<Integer> quarantine(List<Quarantine> records) {
        if (records.isEmpty()) {
            return Uni.createFrom().item(0);
        }
        return onSafeContext(() -> store.quarantine(records));
    }

    /**
     * Runs {@code work} on a new safe duplicated Vert.x context (what Hibernate Reactive needs), from whatever thread
     * calls: the first attempt runs on the Kafka connector's context, a retry on Mutiny's timer thread.
     */
    private <T> Uni<T> onSafeContext(Supplier<Uni<T>> work) {
        Context context = VertxContext.createNewDuplicatedContext(vertx.getOrCreateContext());
        VertxContextSafetyToggle.setContextSafe(context, true);
        return Uni.createFrom().emitter(em -> context.runOnContext(v -> {
            try {
                work.get().subscribe().with(em::complete, em::fail);
            } catch (RuntimeException e) {
                em.fail(e);
            }
        }));
    }

    private void outageBegins(Throwable e) {
        if (outage.compareAndSet(false, true)) {
            outageSince.set(System.nanoTime());
            LOG.warnf("cannot store records in PostgreSQL (%s); retrying until it answers, nothing is skipped",
                    StoreFailure.rootMessage(e));
        }
    }

    private void outageEnds() {
        if (outage.compareAndSet(true, false)) {
            LOG.infof("PostgreSQL answers again after %d ms: storing records",
                    Duration.ofNanos(System.nanoTime() - outageSince.get()).toMillis());
        }
    }
}
