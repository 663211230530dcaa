package org.matchledger.scoreboard.ingest;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;
import org.matchledger.kafka.RulingsHeader;
import org.matchledger.kafka.Topics;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.scoreboard.readmodel.LedgerRuling;
import org.matchledger.scoreboard.readmodel.LedgerView;
import org.matchledger.scoreboard.readmodel.MatchSequencer;

import java.util.HashMap;
import java.util.Map;

/**
 * Hands each record of {@code match-views} and {@code match-rulings} to the {@link FeedHub} once, read into a
 * {@link LedgerView} or {@link LedgerRuling}, and says how it was read: records written before the start and, for a
 * start from a cut of the log ({@code scoreboard.rulings-window}), views from before the cut. Used by the consumer's
 * thread only.
 */
public final class RecordDispatcher {
    private static final Logger LOG = Logger.getLogger(RecordDispatcher.class);

    private final FeedHub hub;
    /** Per partition, the offset after the last record handed to the hub. */
    private final Map<TopicPartition, Long> dispatchedUpTo = new HashMap<>();
    /** Per partition, the end offset at start: records before it were written before the start. */
    private Map<TopicPartition, Long> endAtStart = Map.of();
    /** Log time from which rulings are read at start (epoch millis). */
    private long cutMillis;
    /** Whether the rulings read at start begin after the start of some partition's log (retention or the window). */
    private boolean readFromCut;

    public RecordDispatcher(FeedHub hub) {
        this.hub = hub;
    }

    /** Where the first read began: rulings from {@code cutMillis}, {@code readFromCut} when that left some out. */
    void startedAt(long cutMillis, boolean readFromCut) {
        this.cutMillis = cutMillis;
        this.readFromCut = readFromCut;
    }

    /** The end offsets seen at start. */
    void endsAtStart(Map<TopicPartition, Long> ends) {
        this.endAtStart = ends;
    }

    /**
     * Hands one record to the hub, once: a record delivered again (a consumer re-created after an error re-reads from
     * its last position, which may be behind what was already handed over) is a no-op, like every projection's.
     */
    public void dispatch(ConsumerRecord<String, String> r) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        if (r.offset() < dispatchedUpTo.getOrDefault(tp, 0L)) {
            return;
        }
        dispatchedUpTo.put(tp, r.offset() + 1);
        if (r.key() == null || r.value() == null) {
            return;
        }
        boolean atStart = readFromCut && r.offset() < endAtStart.getOrDefault(tp, 0L);
        try {
            if (Topics.MATCH_VIEWS.equals(r.topic())) {
                view(r, LedgerView.read(r.value()), atStart);
            } else {
                hub.acceptRuling(r.key(), LedgerRuling.read(r.value(), RulingsHeader.read(r.headers())), r.timestamp(),
                        atStart);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            LOG.warnf("%s-%d@%d is not JSON: skipped", r.topic(), r.partition(), r.offset());
        }
    }

    private void view(ConsumerRecord<String, String> r, LedgerView view, boolean atStart) {
        boolean beforeCut = atStart && r.timestamp() < cutMillis;
        if (beforeCut && view.finished() && !hub.holds(r.key())) {
            return; // finished before the window: not part of the live read model (the audit trail has it)
        }
        hub.acceptView(r.key(), view, r.timestamp(), beforeCut ? MatchSequencer.ViewRead.BEFORE_CUT
                : atStart ? MatchSequencer.ViewRead.AT_START : MatchSequencer.ViewRead.LIVE);
    }
}
