package org.matchledger.scoreboard;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.RulingsHeader;
import org.matchledger.kafka.Topics;
import org.matchledger.scoreboard.ingest.RecordDispatcher;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.scoreboard.readmodel.LedgerRuling;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * design.md: every projection test delivers each record twice. The scoreboard's consumer hands a record to the read
 * model once; a record seen again (same partition and offset) changes nothing: no ruling twice, no second group.
 */
class RedeliveryTest {
    static final String M = "redelivered";

    @Test
    void everyRecordDeliveredTwice_givesEachRulingOnce() {
        FeedHub hub = new FeedHub(1000);
        RecordDispatcher consumer = new RecordDispatcher(hub);
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        records.add(ruling(0, 1, 0, "MATCH_OPENED", 1));
        records.add(view(0, 1));
        records.add(ruling(1, 2, 0, "LAG_WON", 2));
        records.add(ruling(2, 2, 1, "BREAK_ASSIGNED", 2));
        records.add(view(1, 2));
        for (ConsumerRecord<String, String> r : records) {
            consumer.dispatch(r);
            consumer.dispatch(r);
        }
        // And the whole log again, as a consumer re-created from an older position would read it.
        records.forEach(consumer::dispatch);

        Optional<List<LedgerRuling>> rulings = hub.rulingsAfter(M, 0);
        assertEquals(List.of("MATCH_OPENED", "LAG_WON", "BREAK_ASSIGNED"),
                rulings.orElseThrow().stream().map(r -> read(r.json()).get("kind").asText()).toList());
        assertEquals(2, read(hub.view(M).orElseThrow().json()).get("lastSeq").asLong());
    }

    static com.fasterxml.jackson.databind.JsonNode read(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static ConsumerRecord<String, String> ruling(long offset, long seq, int n, String kind, int rulingsOfEvent) {
        String json = LedgerWriter.ruling(M, seq, n, kind).toString();
        RecordHeaders headers = new RecordHeaders();
        headers.add(RulingsHeader.NAME, RulingsHeader.value(rulingsOfEvent));
        return new ConsumerRecord<>(Topics.MATCH_RULINGS, 0, offset, 0L, TimestampType.CREATE_TIME, 0, 0, M, json,
                headers, Optional.empty());
    }

    static ConsumerRecord<String, String> view(long offset, long lastSeq) {
        String json = LedgerWriter.view(M, "T1", "IN_PROGRESS", lastSeq, 0).toString();
        return new ConsumerRecord<>(Topics.MATCH_VIEWS, 0, offset, 0L, TimestampType.CREATE_TIME, 0, 0, M, json,
                new RecordHeaders(), Optional.empty());
    }
}
