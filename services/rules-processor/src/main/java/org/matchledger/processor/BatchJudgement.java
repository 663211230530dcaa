package org.matchledger.processor;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.Topics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run of consecutive records of one consumed batch, judged against the book: the records to produce in its own
 * transaction, the offsets that transaction commits (those of this run only) and the matches the book takes once it
 * has committed. The book itself is not touched here, so an aborted transaction leaves it as it was and the records
 * are judged again from the same state.
 *
 * <p>{@link #parts} judges a batch in order and cuts it into such runs whose output fits one transaction: a burst of
 * corrections against a long match re-judges every later event and can give tens of thousands of rulings. A single
 * event whose own output is larger than the cap still makes one run of its own (an event is never split).
 */
public final class BatchJudgement {
    private final List<Output> outputs = new ArrayList<>();
    /** Insertion-ordered so that views are produced in the order the matches were last touched. */
    private final Map<String, Match> staged = new LinkedHashMap<>();
    private final Map<String, Integer> partitions = new HashMap<>();
    /** The last offset judged in each partition (the convention of SmallRye's batch metadata). */
    private final Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    private int events;
    private int applied;
    private int rejected;

    /** The whole batch as one run, however large its output (tests; the processor uses {@link #parts}). */
    public static BatchJudgement of(MatchBook book, Iterable<ConsumerRecord<String, String>> records) {
        List<BatchJudgement> parts = parts(book, records, Integer.MAX_VALUE);
        return parts.isEmpty() ? new BatchJudgement() : parts.get(0);
    }

    /**
     * Judges the records in order and cuts them into runs of at most {@code maxRecords} output records each (a run
     * of one event may exceed it). Each run continues from the matches the runs before it left.
     *
     * @throws PartitionNotRebuiltException for a record of a partition the book has not rebuilt: nothing is judged
     */
    public static List<BatchJudgement> parts(MatchBook book, Iterable<ConsumerRecord<String, String>> records, int maxRecords) {
        for (ConsumerRecord<String, String> r : records) {
            if (!book.isRebuilt(r.partition())) {
                throw new PartitionNotRebuiltException(r.partition());
            }
        }
        List<BatchJudgement> parts = new ArrayList<>();
        Map<String, Match> latest = new HashMap<>();
        BatchJudgement part = new BatchJudgement();
        for (ConsumerRecord<String, String> r : records) {
            String key = r.key();
            Match before = latest.containsKey(key) ? latest.get(key) : book.get(key);
            EventJudgement.Result result = EventJudgement.judge(before, key, r.value(), PosterHeaders.read(r.headers()));
            if (part.events > 0 && part.size() + part.cost(key, result) > maxRecords) {
                parts.add(part.close());
                part = new BatchJudgement();
            }
            part.add(r, result);
            if (result.applied()) {
                latest.put(key, result.match());
            }
        }
        if (part.events > 0) {
            parts.add(part.close());
        }
        return parts;
    }

    /** The output records so far, counting the view each changed match still gets at the end of the run. */
    private int size() {
        return outputs.size() + staged.size();
    }

    /** How many output records the event adds to this run: its rulings, its rejection, a view for a new match. */
    private int cost(String key, EventJudgement.Result result) {
        return result.rulings().size() + (result.rejection() != null ? 1 : 0)
                + (result.applied() && !staged.containsKey(key) ? 1 : 0);
    }

    private void add(ConsumerRecord<String, String> record, EventJudgement.Result result) {
        String key = record.key();
        events++;
        offsets.put(new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset()));
        int count = result.rulings().size();
        for (Ruling r : result.rulings()) {
            outputs.add(new Output(Topics.MATCH_RULINGS, key, Json.write(r), count));
        }
        if (result.rejection() != null) {
            rejected++;
            outputs.add(new Output(Topics.TABLE_EVENTS_REJECTED, key,
                    EventJudgement.rejectedRecord(key, record.value(), result.rejection(), record.partition(), record.offset()),
                    null, PosterHeaders.read(record.headers())));
        }
        if (result.applied()) {
            applied++;
            staged.remove(key);
            staged.put(key, result.match());
            partitions.put(key, record.partition());
        }
    }

    /** The latest view of every match the run changed (match-views is compacted: the last one counts). */
    private BatchJudgement close() {
        for (Map.Entry<String, Match> e : staged.entrySet()) {
            outputs.add(new Output(Topics.MATCH_VIEWS, e.getKey(), Json.write(e.getValue().view())));
        }
        return this;
    }

    public List<Output> outputs() {
        return outputs;
    }

    public Map<String, Match> staged() {
        return staged;
    }

    public Map<String, Integer> partitions() {
        return partitions;
    }

    /** The last offset judged in each partition of this run; its transaction commits the offset after each. */
    public Map<TopicPartition, OffsetAndMetadata> offsets() {
        return offsets;
    }

    public int events() {
        return events;
    }

    public int applied() {
        return applied;
    }

    public int rejected() {
        return rejected;
    }
}
