package org.matchledger.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The ledger properties over realistic matches of all four disciplines (14.1 and Black Ball included), played by the
 * simulator with rulings, corrections and re-sent events: determinism, {@code --at N} = folding the first N applied
 * events, and a finished match changing only through a correction.
 */
class AllDisciplinesProperties {

    static Stream<Arguments> matches() {
        List<Arguments> out = new ArrayList<>();
        for (Discipline d : Discipline.values()) {
            for (long seed = 1; seed <= 25; seed++) {
                out.add(Arguments.of(d, seed));
            }
        }
        return out.stream();
    }

    private static List<JsonNode> play(Discipline d, long seed) {
        int raceTo = d == Discipline.STRAIGHT_POOL ? 40 : 3;
        MatchPlayer p = new MatchPlayer("prop-" + d.name().toLowerCase() + "-" + seed, d, raceTo, "T1", seed, SimProfile.REALISTIC);
        List<JsonNode> events = new ArrayList<>();
        ObjectNode e;
        while ((e = p.next()) != null) {
            events.add(e);
        }
        return events;
    }

    private static String fold(List<JsonNode> events) {
        Replay r = new Replay();
        events.forEach(r::accept);
        return Json.write(r.view()) + Json.write(r.rulings());
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("matches")
    void theSameEventsGiveTheSameViewAndRulings(Discipline d, long seed) {
        List<JsonNode> events = play(d, seed);
        assertEquals(fold(events), fold(events));
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("matches")
    void theViewAfterTheNthAppliedEventIsTheFoldOfTheFirstNAppliedEvents(Discipline d, long seed) {
        List<JsonNode> events = play(d, seed);
        Match live = Match.EMPTY;
        List<JsonNode> applied = new ArrayList<>();
        for (JsonNode e : events) {
            Outcome s = MatchLedger.apply(live, e);
            live = s.match();
            if (s.applied()) {
                applied.add(e);
                Match fresh = Match.EMPTY;
                for (JsonNode a : applied) {
                    fresh = MatchLedger.apply(fresh, a).match();
                }
                assertEquals(Json.write(live.view()), Json.write(fresh.view()), "after seq " + live.lastSeq());
            }
        }
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("matches")
    void aFinishedMatchChangesOnlyThroughACorrection(Discipline d, long seed) {
        List<JsonNode> events = play(d, seed);
        Replay r = new Replay();
        events.forEach(r::accept);
        assertEquals(Status.FINISHED, r.view().status());
        String finished = Json.write(r.view());
        long next = r.match().lastSeq() + 1;
        // a shot, a ruling and a concession after the end: each rejected, nothing changes
        for (String late : List.of(
                "{\"type\":\"pool.shot.taken\",\"data\":{\"shooter\":\"%s\",\"firstContact\":null}}",
                "{\"type\":\"pool.ruling.made\",\"data\":{\"ruling\":\"SLOW_PLAY\",\"player\":\"%s\"}}",
                "{\"type\":\"pool.match.conceded\",\"data\":{\"player\":\"%s\"}}")) {
            ObjectNode e = (ObjectNode) readOrFail(String.format(late, r.view().players().get(0).id()));
            e.put("specversion", "1.0").put("id", "late-" + next + "-" + e.get("type").textValue()).put("source", "/t")
                    .put("subject", r.view().matchId()).put("seq", next);
            Outcome s = r.accept(e);
            assertFalse(s.applied());
            assertEquals(RulingKind.EVENT_REJECTED, s.rulings().get(0).kind());
            assertEquals(finished, Json.write(r.view()));
        }
    }

    private static JsonNode readOrFail(String json) {
        try {
            return Json.read(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
