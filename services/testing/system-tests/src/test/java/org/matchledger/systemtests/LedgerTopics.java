package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import org.matchledger.testsupport.KafkaBroker;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * The ledger's four topics as a test reads them ({@code read_committed}, from the beginning), and the waits the tests
 * share: a match's view reaching a seq, every match's final view, every match's rulings. Call
 * {@code Awaitility.pollInSameThread()} first: the consumers are used by the test's thread only.
 */
public final class LedgerTopics implements AutoCloseable {
    public final TopicTail events;
    public final TopicTail rulings;
    public final TopicTail views;
    public final TopicTail rejected;

    private final Duration timeout;

    /** On the test JVM's broker ({@link KafkaBroker}). */
    public LedgerTopics(Duration timeout) {
        this(timeout, KafkaBroker.clientProperties());
    }

    /** On the brokers these client settings reach (e.g. a SASL user of a local cluster). */
    public LedgerTopics(Duration timeout, Map<String, Object> clientProperties) {
        this.timeout = timeout;
        this.events = new TopicTail("table-events", clientProperties);
        this.rulings = new TopicTail("match-rulings", clientProperties);
        this.views = new TopicTail("match-views", clientProperties);
        this.rejected = new TopicTail("table-events-rejected", clientProperties);
    }

    /** The latest view of the match once it has reached {@code lastSeq}. */
    public JsonNode awaitView(String matchId, long lastSeq) {
        return await(matchId + ": a view with lastSeq " + lastSeq + " on match-views").atMost(timeout)
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    views.catchUp();
                    return latestView(matchId);
                }, v -> v != null && v.path("lastSeq").asLong() >= lastSeq);
    }

    /** The latest view of the match read so far, or null. */
    public JsonNode latestView(String matchId) {
        ConsumerRecord<String, String> last = views.lastForKey(matchId);
        return last == null ? null : ReplayedMatch.read(last.value());
    }

    /** The rulings of one event once there are at least {@code atLeast}. */
    public List<JsonNode> awaitRulingsOf(String matchId, String eventId, int atLeast) {
        return await(matchId + ": " + atLeast + " ruling(s) of " + eventId).atMost(timeout)
                .pollInterval(Duration.ofMillis(100)).until(() -> {
                    rulings.catchUp();
                    return rulings.forKey(matchId).stream().map(r -> ReplayedMatch.read(r.value()))
                            .filter(r -> eventId.equals(r.path("eventId").asText(null))).toList();
                }, l -> l.size() >= atLeast);
    }

    /** Waits until every match's latest view has reached the replay's last seq. */
    public void awaitFinalViews(List<ReplayedMatch> expected) {
        await("every match's final view on match-views").atMost(timeout).pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    views.catchUp();
                    return expected.stream().filter(e -> {
                        JsonNode v = latestView(e.matchId());
                        return v == null || v.path("lastSeq").asLong() < e.lastSeq();
                    }).map(ReplayedMatch::matchId).toList();
                }, List::isEmpty);
    }

    /** Waits until match-rulings holds at least as many rulings of every match as the replay gives. */
    public void awaitRulingCounts(List<ReplayedMatch> expected) {
        await("every match's rulings on match-rulings").atMost(timeout).pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    rulings.catchUp();
                    return expected.stream().filter(e -> rulings.forKey(e.matchId()).size() < e.rulings().size())
                            .map(ReplayedMatch::matchId).toList();
                }, List::isEmpty);
    }

    /** The replay of a match's events as they are on table-events (read up to now). */
    public ReplayedMatch replayFromLog(String matchId) {
        return ReplayedMatch.of(matchId, events.forKey(matchId).stream().map(ConsumerRecord::value).toList());
    }

    @Override
    public void close() {
        for (TopicTail t : List.of(events, rulings, views, rejected)) {
            try {
                t.close();
            } catch (RuntimeException e) {
                // keep closing the others
            }
        }
    }
}
