package org.matchledger.processor;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.OutgoingKafkaRecord;
import io.smallrye.reactive.messaging.kafka.api.IncomingKafkaRecordBatchMetadata;
import io.smallrye.reactive.messaging.kafka.transactions.KafkaTransactions;
import io.smallrye.reactive.messaging.kafka.transactions.TransactionalEmitter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;
import org.apache.kafka.common.header.Header;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.RulingsHeader;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Exactly-once consume → judge → produce: each batch of {@code table-events} is judged with the rules core and cut
 * into parts of at most {@code ledger.processor.max-records-per-transaction} output records (rulings, views,
 * rejections); each part is produced in its own Kafka transaction together with the offsets of that part's records.
 * The book of matches takes a part's changes only after its transaction commits; if one aborts, the parts after it
 * are not produced, the consumer goes back to the last committed offsets and those records are judged again from
 * the same state.
 *
 * <p>A batch that cannot be judged fails the channel (failure-strategy=fail): nothing of it is committed, liveness
 * goes DOWN and {@link ChannelFailureExit} exits so that the processor is restarted. Records of a partition that has
 * not been rebuilt here are never judged ({@link PartitionNotRebuiltException}).
 */
@ApplicationScoped
public class RulesProcessor {
    private static final Logger LOG = Logger.getLogger(RulesProcessor.class);
    /** The emitter's buffer; sends are windowed ({@link #SEND_WINDOW}) so that a part of any size fits in it. */
    static final int EMITTER_BUFFER = 32_768;
    /** Records handed to the emitter before waiting for the broker to take them. */
    static final int SEND_WINDOW = 4_096;

    private final KafkaTransactions<String> transactions;
    private final KafkaClientService kafka;
    private final MatchBook book;
    private final PartitionRecovery recovery;
    private final StallWatch progress;
    private final int maxRecordsPerTransaction;
    private final Counter applied;
    private final Counter rejected;
    private final Counter aborted;
    private final Counter committed;
    private final Counter refused;
    private final Timer judging;
    private final Timer transaction;
    private final DistributionSummary batchSize;

    private final String topicPrefix;

    @Inject
    public RulesProcessor(@Channel(Channels.LEDGER_OUT)
                          @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = EMITTER_BUFFER)
                          KafkaTransactions<String> transactions, KafkaClientService kafka, MatchBook book,
                          @Identifier(Channels.REBALANCE_LISTENER) PartitionRecovery recovery, StallWatch progress,
                          MeterRegistry registry,
                          @ConfigProperty(name = "ledger.processor.max-records-per-transaction", defaultValue = "10000")
                          int maxRecordsPerTransaction,
                          @ConfigProperty(name = "ledger.output-topic-prefix", defaultValue = "") Optional<String> topicPrefix) {
        if (maxRecordsPerTransaction < 1) {
            throw new IllegalArgumentException("ledger.processor.max-records-per-transaction must be at least 1");
        }
        this.transactions = transactions;
        this.kafka = kafka;
        this.topicPrefix = topicPrefix.orElse("");
        this.book = book;
        this.recovery = recovery;
        this.progress = progress;
        this.maxRecordsPerTransaction = maxRecordsPerTransaction;
        this.applied = registry.counter("ledger.events.applied");
        this.rejected = registry.counter("ledger.events.rejected");
        this.aborted = registry.counter("ledger.transactions.aborted");
        this.committed = registry.counter("ledger.transactions.committed");
        this.refused = registry.counter("ledger.batches.refused");
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
        List<BatchJudgement> parts;
        try {
            parts = BatchJudgement.parts(book, meta.getRecords(), maxRecordsPerTransaction);
        } catch (PartitionNotRebuiltException e) {
            if (recovery.failedPartitions().contains(e.partition())) {
                return fail(batch, e);
            }
            return refuse(meta, e);
        } catch (RuntimeException e) {
            return fail(batch, e);
        }
        long judgedAt = System.nanoTime();
        judging.record(judgedAt - start, TimeUnit.NANOSECONDS);
        batchSize.record(meta.count());
        return produce(meta, parts, 0)
                .invoke(() -> transaction.record(System.nanoTime() - judgedAt, TimeUnit.NANOSECONDS))
                .onFailure().recoverWithUni(e -> {
                    // A transaction aborted: nothing of its part is visible downstream, the consumer is back at the
                    // last committed offsets, and the book has the parts committed before it only. Judged again.
                    aborted.increment();
                    LOG.warnf("a transaction for a batch of %d events (%d parts) aborted (%s); it will be judged again",
                            meta.count(), parts.size(), e.getMessage());
                    return Uni.createFrom().voidItem();
                });
    }

    /** Produces the parts one after the other, each in its own transaction with its own offsets. */
    private Uni<Void> produce(IncomingKafkaRecordBatchMetadata<String, String> meta, List<BatchJudgement> parts, int index) {
        if (index == parts.size()) {
            return Uni.createFrom().voidItem();
        }
        BatchJudgement part = parts.get(index);
        // KafkaTransactions commits the offsets named by a message's batch metadata: here those of this part only.
        // The consumer group generation is the batch's, so a part judged before a rebalance still aborts.
        Message<List<String>> offsets = Message.of(List.of(), Metadata.of(new IncomingKafkaRecordBatchMetadata<>(
                ConsumerRecords.<String, String>empty(), meta.getChannel(), meta.getConsumerIndex(), part.offsets(),
                meta.getConsumerGroupGenerationId())));
        return transactions.withTransaction(offsets, emitter -> send(emitter, part.outputs(), 0))
                .invoke(() -> {
                    book.commit(part.staged(), part.partitions());
                    progress.committed();
                    committed.increment();
                    applied.increment(part.applied());
                    rejected.increment(part.rejected());
                })
                .chain(() -> produce(meta, parts, index + 1));
    }

    /**
     * Hands the records to the transaction's emitter {@link #SEND_WINDOW} at a time, each window once the broker
     * has taken the one before, so the emitter's buffer never overflows whatever the size of the part.
     */
    private Uni<Void> send(TransactionalEmitter<String> emitter, List<Output> outputs, int from) {
        int to = Math.min(outputs.size(), from + SEND_WINDOW);
        List<Uni<Void>> taken = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            Output o = outputs.get(i);
            OutgoingKafkaRecord<String, String> record = KafkaRecord.of(topicPrefix + o.topic(), o.key(), o.value());
            if (o.rulingsOfEvent() != null) {
                record = record.withHeader(RulingsHeader.NAME, o.rulingsOfEvent().toString());
            }
            for (Header h : PosterHeaders.of(o.poster())) {
                record = record.withHeader(h.key(), h.value());
            }
            if (to < outputs.size()) {
                CompletableFuture<Void> acked = new CompletableFuture<>();
                record = record.withAck(() -> {
                    acked.complete(null);
                    return CompletableFuture.completedFuture(null);
                }).withNack(e -> {
                    acked.completeExceptionally(e);
                    return CompletableFuture.completedFuture(null);
                });
                taken.add(Uni.createFrom().completionStage(acked));
            }
            emitter.send(record);
        }
        if (to == outputs.size()) {
            return Uni.createFrom().voidItem(); // the transaction waits for its last sends itself
        }
        return Uni.join().all(taken).andFailFast().chain(() -> send(emitter, outputs, to));
    }

    /**
     * A batch with records of a partition that is no longer ours (revoked while the batch waited): not judged; the
     * consumer goes back to the committed offsets of the partitions it has, so the rest of the batch comes again.
     */
    private Uni<Void> refuse(IncomingKafkaRecordBatchMetadata<String, String> meta, PartitionNotRebuiltException e) {
        refused.increment();
        LOG.warnf("a batch of %d events was not judged: %s", meta.count(), e.getMessage());
        return kafka.getConsumers(meta.getChannel()).get(0).resetToLastCommittedPositions();
    }

    /** The batch cannot be judged: nothing of it is committed, the channel fails (failure-strategy=fail). */
    private Uni<Void> fail(Message<?> batch, Exception e) {
        LOG.errorf(e, "a batch could not be judged; nothing of it is committed and the channel stops");
        return Uni.createFrom().completionStage(batch.nack(e)).chain(() -> Uni.createFrom().failure(e));
    }
}
