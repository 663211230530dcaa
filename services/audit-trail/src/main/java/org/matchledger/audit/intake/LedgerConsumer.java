package org.matchledger.audit.intake;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;
import org.matchledger.audit.Channels;
import org.matchledger.audit.store.LedgerStore;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Stores every record of the ledger's four topics. A batch is written in one transaction; its offsets are committed
 * (throttled strategy) only once the returned Uni has completed, i.e. once the rows are in PostgreSQL. A redelivered
 * batch inserts nothing new (every insert is ON CONFLICT DO NOTHING on the table's key).
 *
 * <p>PostgreSQL away: the write is retried with backoff (250 ms up to 5 s) for as long as it takes; the Uni does not
 * fail, so no record is skipped and the channel stays up. One warning when an outage begins, one line when it ends.
 * A row PostgreSQL refuses for its content (SQLSTATE class 22 or 23, e.g. a NUL character in a value) is the only thing
 * not stored: the batch is then written row by row and each refused row is logged with its coordinates.
 */
@ApplicationScoped
public class LedgerConsumer {
    private static final Logger LOG = Logger.getLogger(LedgerConsumer.class);
    static final Duration FIRST_RETRY = Duration.ofMillis(250);
    static final Duration MAX_RETRY = Duration.ofSeconds(5);

    private final LedgerStore store;
    private final Vertx vertx;
    private final AtomicBoolean outage = new AtomicBoolean();
    private final AtomicLong outageSince = new AtomicLong();
    private final AtomicLong stored = new AtomicLong();

    @Inject
    public LedgerConsumer(LedgerStore store, Vertx vertx) {
        this.store = store;
        this.vertx = vertx;
    }

    @Incoming(Channels.AUDIT_IN)
    public Uni<Void> consume(ConsumerRecords<String, String> records) {
        Rows rows = new Rows();
        for (ConsumerRecord<String, String> r : records) {
            Intake.add(rows, r);
        }
        rows.unreadable.forEach(u -> LOG.warnf("not stored: %s", u));
        return storeUntilDone(rows);
    }

    /** Stores the rows, retrying through database outages; completes once they are committed. */
    public Uni<Void> storeUntilDone(Rows rows) {
        return Uni.createFrom().deferred(() -> onSafeContext(() -> store.store(rows)))
                .onFailure(LedgerConsumer::refusedContent).recoverWithUni(e -> storeRowByRow(rows, e))
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

    private Uni<Integer> storeRowByRow(Rows rows, Throwable cause) {
        LOG.warnf("PostgreSQL refused a row of a batch (%s): storing the batch row by row", rootMessage(cause));
        Uni<Integer> total = Uni.createFrom().item(0);
        for (Rows single : singles(rows)) {
            total = total.chain(sum -> onSafeContext(() -> store.store(single))
                    .onFailure(LedgerConsumer::refusedContent).recoverWithItem(e -> {
                        LOG.errorf("not stored, PostgreSQL refuses its content (%s): %s", rootMessage(e), describe(single));
                        return 0;
                    })
                    .map(n -> sum + n));
        }
        return total;
    }

    private static java.util.List<Rows> singles(Rows rows) {
        java.util.List<Rows> list = new java.util.ArrayList<>();
        rows.events.forEach(e -> { Rows r = new Rows(); r.events.add(e); list.add(r); });
        rows.rulings.forEach(e -> { Rows r = new Rows(); r.rulings.add(e); list.add(r); });
        rows.rejected.forEach(e -> { Rows r = new Rows(); r.rejected.add(e); list.add(r); });
        rows.views.forEach(e -> { Rows r = new Rows(); r.views.add(e); list.add(r); });
        return list;
    }

    private static String describe(Rows single) {
        if (!single.events.isEmpty()) {
            var e = single.events.get(0);
            return "table-events-" + e.partition() + "@" + e.offset() + " (match " + e.matchId() + ")";
        }
        if (!single.rejected.isEmpty()) {
            var e = single.rejected.get(0);
            return e.topic() + "-" + e.partition() + "@" + e.offset();
        }
        if (!single.rulings.isEmpty()) {
            var e = single.rulings.get(0);
            return "ruling " + e.matchId() + " seq " + e.seq() + " n " + e.n();
        }
        var v = single.views.get(0);
        return "view " + v.matchId() + " lastSeq " + v.lastSeq();
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

    /** PostgreSQL refused the content of a row (data exception or integrity violation), not a connection problem. */
    static boolean refusedContent(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof PgException pg && pg.getSqlState() != null
                    && (pg.getSqlState().startsWith("22") || pg.getSqlState().startsWith("23"))) {
                return true;
            }
        }
        return false;
    }

    private void outageBegins(Throwable e) {
        if (outage.compareAndSet(false, true)) {
            outageSince.set(System.nanoTime());
            LOG.warnf("cannot store records in PostgreSQL (%s); retrying until it answers, nothing is skipped",
                    rootMessage(e));
        }
    }

    private void outageEnds() {
        if (outage.compareAndSet(true, false)) {
            LOG.infof("PostgreSQL answers again after %d ms: storing records", 
                    Duration.ofNanos(System.nanoTime() - outageSince.get()).toMillis());
        }
    }

    static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getClass().getSimpleName() + ": " + c.getMessage();
    }
}
