package org.matchledger.processor;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.kafka.Topics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One consumed batch judged against the book: the records to produce in the batch's transaction and the matches to
 * commit to the book once that transaction has committed. The book itself is not touched here, so an aborted
 * transaction leaves it as it was and the batch is judged again from the same state.
 */
public final class BatchJudgement {
    private final List<Output> outputs = new ArrayList<>();
    /** Insertion-ordered so that views are produced in the order the matches were last touched. */
    private final Map<String, Match> staged = new LinkedHashMap<>();
    private final Map<String, Integer> partitions = new HashMap<>();
    private int applied;
    private int rejected;

    public static BatchJudgement of(MatchBook book, Iterable<ConsumerRecord<String, String>> records) {
        BatchJudgement b = new BatchJudgement();
        for (ConsumerRecord<String, String> r : records) {
            b.judge(book, r);
        }
        b.addViews();
        return b;
    }

    private void judge(MatchBook book, ConsumerRecord<String, String> record) {
        String key = record.key();
        Match before = staged.containsKey(key) ? staged.get(key) : book.get(key);
        EventJudgement.Result result = EventJudgement.judge(before, key, record.value());
        int count = result.rulings().size();
        for (Ruling r : result.rulings()) {
            outputs.add(new Output(Topics.MATCH_RULINGS, key, Json.write(r), count));
        }
        if (result.rejection() != null) {
            rejected++;
            outputs.add(new Output(Topics.TABLE_EVENTS_REJECTED, key,
                    EventJudgement.rejectedRecord(key, record.value(), result.rejection(), record.partition(), record.offset())));
        }
        if (result.applied()) {
            applied++;
            staged.remove(key);
            staged.put(key, result.match());
            partitions.put(key, record.partition());
        }
    }

    /** The latest view of every match the batch changed (match-views is compacted: the last one counts). */
    private void addViews() {
        for (Map.Entry<String, Match> e : staged.entrySet()) {
            outputs.add(new Output(Topics.MATCH_VIEWS, e.getKey(), Json.write(e.getValue().view())));
        }
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

    public int applied() {
        return applied;
    }

    public int rejected() {
        return rejected;
    }
}
