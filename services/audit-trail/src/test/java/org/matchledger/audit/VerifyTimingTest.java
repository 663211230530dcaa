package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.matchledger.audit.intake.LedgerRecorder;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;
import org.matchledger.testsupport.PostgresTestResource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How long {@code verify} takes for a 2,000-event match: the match is stored through the consumer (records of our own
 * making, as the processor would publish them: a ruling record per ruling, a view per event), then verify is timed
 * over several runs. Results in target/verify-timing.txt and on stdout.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(TestTokensResource.class)
class VerifyTimingTest {
    @org.junit.jupiter.api.BeforeEach
    void asReader() {
        AsReader.everyRequest(); // the service answers readers only
    }

    static final int EVENTS = 2_000;
    static final int RUNS = 9;

    @Inject
    LedgerRecorder consumer;

    @Test
    void verifyOf2000Events() throws Exception {
        String m = "timing-" + System.nanoTime();
        MatchPlayer player = new MatchPlayer(m, Discipline.STRAIGHT_POOL, 1_000, "T-" + m, 5, SimProfile.REALISTIC);
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        long offset = 2_000_000_000L + (System.nanoTime() % 1_000_000_000L);
        Match match = Match.EMPTY;
        int rulings = 0;
        for (int i = 0; i < EVENTS; i++) {
            String event = Json.write(player.next());
            records.add(new ConsumerRecord<>(Topics.TABLE_EVENTS, 7, offset + i, m, event));
            Outcome step = MatchLedger.apply(match, Json.read(event));
            if (step.applied()) {
                match = step.match();
                for (Ruling r : step.rulings()) {
                    RecordHeaders h = new RecordHeaders();
                    h.add("ledger-rulings-of-event", Integer.toString(step.rulings().size()).getBytes(StandardCharsets.UTF_8));
                    records.add(new ConsumerRecord<>(Topics.MATCH_RULINGS, 7, offset + rulings++, 0L, TimestampType.CREATE_TIME,
                            0, 0, m, Json.write(r), h, Optional.empty()));
                }
                records.add(new ConsumerRecord<>(Topics.MATCH_VIEWS, 7, offset + i, m, Json.write(match.view())));
            }
        }
        for (int from = 0; from < records.size(); from += 500) {
            consumer.consume(ConsumerRedeliveryTest.batch(records.subList(from, Math.min(records.size(), from + 500))))
                    .await().atMost(Duration.ofSeconds(60));
        }
        double[] http = new double[RUNS];
        double[] took = new double[RUNS];
        JsonNode v = null;
        for (int run = -2; run < RUNS; run++) { // two warm-up runs
            long t0 = System.nanoTime();
            v = Json.read(given().get("/matches/{id}/verify", m).then().statusCode(200).extract().asString());
            if (run >= 0) {
                http[run] = (System.nanoTime() - t0) / 1e6;
                took[run] = v.get("tookMs").asDouble();
            }
        }
        assertEquals("consistent", v.get("status").asText(), v.toString());
        assertEquals(EVENTS, v.get("recordedEvents").asInt());
        assertTrue(v.get("events").asInt() > EVENTS * 0.95, v.toString());
        String report = String.format("verify of a %d-event match (%d applied, %d rulings, %d views), %d runs after 2 warm-ups:%n"
                        + "  HTTP round trip (DB read + refold + compare): median %.1f ms, min %.1f, max %.1f%n"
                        + "  refold + compare only (tookMs):               median %.1f ms, min %.1f, max %.1f%n",
                EVENTS, v.get("events").asInt(), v.get("rulings").asInt(), v.get("views").asInt(), RUNS,
                median(http), min(http), max(http), median(took), min(took), max(took));
        System.out.println(report);
        Files.writeString(Path.of("target", "verify-timing.txt"), report);
    }

    static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    static double min(double[] a) {
        return Arrays.stream(a).min().orElse(0);
    }

    static double max(double[] a) {
        return Arrays.stream(a).max().orElse(0);
    }
}
