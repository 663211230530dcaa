package org.matchledger.audit.intake;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.Topics;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/view.md "Outcomes": an {@code EVENT_REJECTED} or {@code DUPLICATE} given to an event is a notice; an
 * {@code EVENT_REJECTED} given by a correction's re-judgement ({@code rejudges}) is one of the correction's rulings.
 */
class IntakeTest {

    private static Rows take(String ruling) {
        Rows rows = new Rows();
        Intake.add(rows, new ConsumerRecord<>(Topics.MATCH_RULINGS, 0, 7, "m1", ruling), Map.of());
        return rows;
    }

    @Test
    void aRejectionOfAnEventIsANotice() {
        Rows rows = take("{\"matchId\":\"m1\",\"seq\":9,\"eventId\":\"e9\",\"n\":0,\"kind\":\"EVENT_REJECTED\",\"reason\":\"seq: gap\"}");
        assertEquals(1, rows.rejected.size());
        assertEquals(0, rows.rulings.size());
    }

    @Test
    void aDuplicateIsANotice() {
        Rows rows = take("{\"matchId\":\"m1\",\"seq\":3,\"eventId\":\"e3\",\"n\":0,\"kind\":\"DUPLICATE\",\"detail\":\"same as the applied event with seq 3\"}");
        assertEquals(1, rows.rejected.size());
        assertEquals(0, rows.rulings.size());
    }

    @Test
    void aReJudgedRejectionIsARulingOfTheCorrection() {
        Rows rows = take("{\"matchId\":\"m1\",\"seq\":8,\"eventId\":\"e8\",\"n\":1,\"kind\":\"EVENT_REJECTED\","
                + "\"reason\":\"type: no option is pending\",\"rejudges\":6}");
        assertEquals(0, rows.rejected.size());
        assertEquals(1, rows.rulings.size());
        assertEquals(6L, rows.rulings.get(0).rejudges());
    }
}
