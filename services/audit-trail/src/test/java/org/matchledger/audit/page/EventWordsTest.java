package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.json.Json;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A shot's and a lag's facts in words, from the event as the core parsed it. */
class EventWordsTest {
    static final Opening NINE_BALL = new Opening(Discipline.NINE_BALL, Map.of("p1", "Ann", "p2", "Bo"));

    @Test
    void aShot_inWords() throws Exception {
        TableEvent shot = parse("pool.shot.taken", "{\"shooter\":\"p1\",\"call\":{\"ball\":7,\"pocket\":\"FOOT_LEFT\"},"
                + "\"firstContact\":3,\"pocketed\":[{\"ball\":7,\"pocket\":\"FOOT_LEFT\"}],\"cueBallPocketed\":true,"
                + "\"railAfterContact\":true,\"fouls\":[\"DOUBLE_HIT\"]}");
        List<Fact> facts = new EventWords(NINE_BALL).of(shot);
        assertEquals(List.of("shooter: Ann", "called: 7 in foot left", "first ball hit: 3", "pocketed: 7 in foot left",
                "scratch: cue ball pocketed", "rail after contact: yes", "fouls seen: double hit"), words(facts));
        assertEquals(List.of(7), facts.get(3).balls().stream().map(Ball::number).toList());
    }

    @Test
    void aLag_inWords_distancesAsPosted() throws Exception {
        TableEvent lag = parse("pool.lag.taken", "{\"results\":[{\"player\":\"p1\",\"footRailContacts\":1,"
                + "\"distanceFromHeadRail\":10.0},{\"player\":\"p2\",\"footRailContacts\":2,\"distanceFromHeadRail\":12.5}]}");
        assertEquals(List.of("lag of Ann: 10 from the head rail",
                        "lag of Bo: 12.5 from the head rail; bad lag: 2 foot-rail contacts"),
                words(new EventWords(NINE_BALL).of(lag)));
    }

    static TableEvent parse(String type, String data) throws Exception {
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("specversion", "1.0").put("id", "e-1").put("source", "/tables/T").put("type", type)
                .put("subject", "m-1").put("seq", 2);
        e.set("data", Json.read(data));
        return ((ParseResult.Parsed) EventParser.parse(e)).event();
    }

    static List<String> words(List<Fact> facts) {
        return facts.stream().map(f -> f.label() + ": " + f.text()).toList();
    }
}
