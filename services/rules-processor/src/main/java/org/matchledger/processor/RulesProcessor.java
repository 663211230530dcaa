package org.matchledger.processor;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.transactions.KafkaTransactions;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;
import org.matchledger.kafka.RulingsHeader;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Exactly-once consume → judge → produce: each batch of {@code table-events} is judged with the rules core and its
 * rulings, views and rejections are produced in one Kafka transaction together with the batch's offsets. The book of
 * matches takes the batch's changes only after that transaction commits; if it aborts, the consumer goes back to the
 * last committed offsets and the batch is judged again from the same state.
 */
@ApplicationScoped
public class RulesProcessor {
    private static final Logger LOG = Logger.getLogger(RulesProcessor.class);

    private final KafkaTransactions<String> transactions;
    private final MatchBook book;
    private final Counter applied;
    private final Counter rejected;
    private final Counter aborted;
    private final Timer judging;
    private final Timer transaction;
    private final DistributionSummary batchSize;

    private final String topicPrefix;

    @Inject
    public RulesProcessor(@Channel(Channels.LEDGER_OUT)
                          // a batch of 500 events gives some 1,500 records (rulings, views, rejections)
                          @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 32_768)
                          KafkaTransactions<String> transactions, MatchBook book,
                          MeterRegistry registry,
                          @ConfigProperty(name = "ledger.output-topic-prefix", defaultValue = "") Optional<String> topicPrefix) {
        this.transactions = transactions;
        this.topicPrefix = topicPrefix.orElse("");
        this.book = book;
        this.applied = registry.counter("ledger.events.applied");
        this.rejected = registry.counter("ledger.events.rejected");
        this.aborted = registry.counter("ledger.transactions.aborted");
        this.judging = Timer.builder("ledger.batch.judging").publishPercentiles(0.5, 0.99).register(registry);
        this.transaction = Timer.builder("ledger.batch.transaction").publishPercentiles(0.5, 0.99).register(registry);
        this.batchSize = DistributionSummary.builder("ledger.batch.events").publishPercentiles(0.5, 0.99).register(registry);
    }

    @Incoming(Channels.TABLE_EVENTS)
    public Uni<Void> judge(Message<List<String>> batch) {
        @SuppressWarnings("unchecked")
        IncomingKafkaRecordBatchMetadata<String, String> meta = batch.getMetadata(IncomingKafkaRecordBatchMetadata.class)
                .orElseThrow(() -> new IllegalStateException("the table-events channel must be consumed in batches"));
        long start = System.nanoTime();
        BatchJudgement judged = BatchJudgement.of(book, meta.getRecords());
        long judgedAt = System.nanoTime();
        judging.record(judgedAt - start, TimeUnit.NANOSECONDS);
        batchSize.record(meta.count());
        return transactions.withTransaction(batch, emitter -> {
                    for (Output o : judged.outputs()) {
                        var record = KafkaRecord.of(topicPrefix + o.topic(), o.key(), o.value());
                        emitter.send(o.rulingsOfEvent() == null ? record
                                : record.withHeader(RulingsHeader.NAME, o.rulingsOfEvent().toString()));
                    }
                    return Uni.createFrom().voidItem();
                })
                .invoke(() -> {
                    transaction.record(System.nanoTime() - judgedAt, TimeUnit.NANOSECONDS);
                    book.commit(judged.staged(), judged.partitions());
                    applied.increment(judged.applied());
                    rejected.increment(judged.rejected());
                })
                .onFailure().recoverWithUni(e -> {
                    // The transaction aborted: nothing of this batch is visible downstream, the consumer is back at
                    // the committed offsets, and the book was not changed. The batch is judged again.
                    aborted.increment();
                    LOG.warnf("transaction for a batch of %d events aborted (%s); it will be judged again",
                            meta.count(), e.getMessage());
                    return Uni.createFrom().voidItem();
                })
                .replaceWithVoid();
    }
}
