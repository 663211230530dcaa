package org.matchledger.processor;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.Replay;
import org.matchledger.kafka.Topics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Judging a consumed batch without Kafka: what goes to which topic, and what the book takes when. */
class BatchJudgementTest {
    private static final String M = "m-9";

    static String opened(String id, long seq) {
        return """
                {"specversion":"1.0","id":"%s","source":"/t","type":"pool.match.opened","subject":"%s","seq":%d,
                 "data":{"discipline":"NINE_BALL","players":[{"id":"p1"},{"id":"p2"}],"raceTo":3}}""".formatted(id, M, seq);
    }

    static String conceded(String id, long seq) {
        return """
                {"specversion":"1.0","id":"%s","source":"/t","type":"pool.match.conceded","subject":"%s","seq":%d,
                 "data":{"player":"p2"}}""".formatted(id, M, seq);
    }

    static List<ConsumerRecord<String, String>> records(String... values) {
        List<ConsumerRecord<String, String>> out = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            out.add(new ConsumerRecord<>(Topics.TABLE_EVENTS, 3, 100 + i, M, values[i]));
        }
        return out;
    }

    /** A book that has rebuilt partition 3 (where {@link #records} come from). */
    static MatchBook rebuilt() {
        MatchBook book = new MatchBook();
        book.assign(3, Map.of());
        return book;
    }

    private static List<Output> on(BatchJudgement b, String topic) {
        return b.outputs().stream().filter(o -> o.topic().equals(topic)).toList();
    }

    @Test
    void appliedEvents_giveTheirRulings_withTheirCount_andOneViewPerMatch() {
        MatchBook book = rebuilt();
        BatchJudgement b = BatchJudgement.of(book, records(opened("e1", 1), conceded("e2", 2)));
        List<Output> rulings = on(b, Topics.MATCH_RULINGS);
        assertEquals(2, rulings.size(), "MATCH_OPENED, then MATCH_WON");
        assertEquals(1, rulings.get(0).rulingsOfEvent());
        assertEquals(1, on(b, Topics.MATCH_VIEWS).size(), "match-views is compacted: the batch's last view");
        assertTrue(on(b, Topics.MATCH_VIEWS).get(0).value().contains("\"status\":\"FINISHED\""));
        assertTrue(on(b, Topics.TABLE_EVENTS_REJECTED).isEmpty());
        assertEquals(2, b.applied());
    }

    @Test
    void theRulingsAndViewAreTheReplayToolsForTheSameEvents() throws Exception {
        Replay replay = new Replay();
        replay.accept(Json.read(opened("e1", 1)));
        replay.accept(Json.read(conceded("e2", 2)));
        BatchJudgement b = BatchJudgement.of(rebuilt(), records(opened("e1", 1), conceded("e2", 2)));
        assertEquals(Json.write(replay.view()), on(b, Topics.MATCH_VIEWS).get(0).value());
        List<String> expected = replay.rulings().stream().map(Json::write).toList();
        assertEquals(expected, on(b, Topics.MATCH_RULINGS).stream().map(Output::value).toList());
    }

    @Test
    void aRejectedEvent_isKeptOnTheRejectedTopicWithItsReason_andChangesNothing() throws Exception {
        MatchBook book = rebuilt();
        BatchJudgement b = BatchJudgement.of(book, records(opened("e1", 1), conceded("e3", 3)));
        List<Output> rejected = on(b, Topics.TABLE_EVENTS_REJECTED);
        assertEquals(1, rejected.size());
        JsonNode r = Json.read(rejected.get(0).value());
        assertTrue(r.get("reason").asText().startsWith("seq:"), r.toString());
        assertEquals("e3", r.get("event").get("id").asText());
        assertEquals(101, r.get("offset").asLong());
        assertEquals(1, b.rejected());
        assertTrue(on(b, Topics.MATCH_VIEWS).get(0).value().contains("\"lastSeq\":1"));
    }

    @Test
    void aValueThatIsNotJson_isRejectedNamingTheEvent() {
        BatchJudgement b = BatchJudgement.of(rebuilt(), records("{nope"));
        assertTrue(on(b, Topics.MATCH_RULINGS).get(0).value().contains("\"reason\":\"event: not JSON\""));
        assertEquals(1, on(b, Topics.TABLE_EVENTS_REJECTED).size());
        assertTrue(on(b, Topics.MATCH_VIEWS).isEmpty());
    }

    @Test
    void aSubjectOtherThanTheRecordKey_isRejected() {
        BatchJudgement b = BatchJudgement.of(rebuilt(), records(opened("e1", 1).replace(M, "other")));
        assertTrue(on(b, Topics.MATCH_RULINGS).get(0).value().contains("\"reason\":\"subject:"));
    }

    @Test
    void aPoisonEvent_thatMakesTheFoldThrow_isRejectedWithTheError_andTheMatchStaysAsItWas() {
        EventJudgement.Result r = EventJudgement.judge(Match.EMPTY, M, opened("e1", 1), (m, e) -> {
            throw new IllegalStateException("boom");
        });
        assertFalse(r.applied());
        assertSame(Match.EMPTY, r.match());
        assertTrue(r.rejection().startsWith("event: the ledger could not judge this event (IllegalStateException)"));
    }

    @Test
    void theBookTakesABatchOnlyWhenCommitted_andNotForARevokedPartition() {
        MatchBook book = new MatchBook();
        book.assign(3, Map.of());
        BatchJudgement b = BatchJudgement.of(book, records(opened("e1", 1)));
        assertFalse(book.get(M).isOpened(), "staged only");
        book.commit(b.staged(), b.partitions());
        assertTrue(book.get(M).isOpened());

        MatchBook other = rebuilt();
        BatchJudgement c = BatchJudgement.of(other, records(opened("e1", 1)));
        other.revoke(List.of(3)); // partition 3 was revoked while the batch was in flight
        other.commit(c.staged(), c.partitions());
        assertFalse(other.get(M).isOpened());
    }

    @Test
    void aSecondBatch_continuesFromTheCommittedMatch() {
        MatchBook book = rebuilt();
        BatchJudgement first = BatchJudgement.of(book, records(opened("e1", 1)));
        book.commit(first.staged(), first.partitions());
        BatchJudgement second = BatchJudgement.of(book, records(conceded("e2", 2)));
        assertEquals(1, second.applied());
        assertEquals(0, second.rejected());
    }

    @Test
    void aRecordOfAPartitionNotRebuilt_isNotJudged_andNothingOfTheBatchIs() {
        MatchBook book = new MatchBook();
        book.assign(4, Map.of());
        List<ConsumerRecord<String, String>> batch = new ArrayList<>();
        batch.add(new ConsumerRecord<>(Topics.TABLE_EVENTS, 4, 7, "other", opened("x1", 1).replace(M, "other")));
        batch.addAll(records(opened("e1", 1))); // partition 3: never rebuilt here
        PartitionNotRebuiltException e = assertThrows(PartitionNotRebuiltException.class,
                () -> BatchJudgement.parts(book, batch, 10_000));
        assertEquals(3, e.partition());
        book.revoke(List.of(4));
        assertThrows(PartitionNotRebuiltException.class, () -> BatchJudgement.parts(book, records(opened("e1", 1)), 10_000),
                "a revoked partition is not judged either");
    }

    @Test
    void aBatchWhoseOutputExceedsTheCap_isCutIntoPartsInOrder_eachWithinTheCap_andTogetherTheWholeBatch() throws Exception {
        VoidStorm storm = new VoidStorm(M, 200, 60, 5);
        List<String> all = new ArrayList<>(storm.match);
        all.addAll(storm.voids);
        List<ConsumerRecord<String, String>> batch = records(all.toArray(String[]::new));
        int cap = 500;
        List<BatchJudgement> parts = BatchJudgement.parts(rebuilt(), batch, cap);
        assertTrue(parts.size() > 1);

        List<String> rulings = new ArrayList<>();
        long nextOffset = 100;
        for (BatchJudgement part : parts) {
            assertTrue(part.outputs().size() <= cap || part.events() == 1,
                    "a part over the cap holds one event only: " + part.outputs().size() + " records, " + part.events() + " events");
            TopicPartition tp = new TopicPartition(Topics.TABLE_EVENTS, 3);
            assertEquals(nextOffset + part.events() - 1, part.offsets().get(tp).offset(), "its own records' offsets");
            nextOffset += part.events();
            rulings.addAll(on(part, Topics.MATCH_RULINGS).stream().map(Output::value).toList());
            assertEquals(1, on(part, Topics.MATCH_VIEWS).size());
        }
        assertEquals(100 + batch.size(), nextOffset, "every record in exactly one part");
        assertEquals(storm.replay.rulings().stream().map(Json::write).toList(), rulings);
        BatchJudgement last = parts.get(parts.size() - 1);
        assertEquals(Json.write(storm.replay.view()), on(last, Topics.MATCH_VIEWS).get(0).value());
        assertEquals(Json.write(storm.replay.view()), Json.write(last.staged().get(M).view()));
        assertEquals(storm.replay.rulings().size(), rulings.size());
    }

    @Test
    void oneEventWhoseOutputAloneExceedsTheCap_isAPartOfItsOwn() {
        VoidStorm storm = new VoidStorm(M, 200, 1, 11);
        List<String> all = new ArrayList<>(storm.match);
        all.addAll(storm.voids);
        int cap = 3;
        List<BatchJudgement> parts = BatchJudgement.parts(rebuilt(), records(all.toArray(String[]::new)), cap);
        BatchJudgement voidPart = parts.get(parts.size() - 1);
        assertEquals(1, voidPart.events());
        assertTrue(voidPart.outputs().size() > cap, "the void re-judges the later shots: " + voidPart.outputs().size());
        for (BatchJudgement p : parts) {
            assertTrue(p.outputs().size() <= cap || p.events() == 1);
        }
    }
}
