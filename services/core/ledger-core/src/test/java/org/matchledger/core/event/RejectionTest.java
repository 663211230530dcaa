package org.matchledger.core.event;

import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** docs/events.md: a malformed event is rejected with the field at fault named apart from what is wrong with it. */
class RejectionTest {

    @Test
    void readsAsFieldColonReasonOrTheReasonAlone() {
        assertEquals("data.player: T1 is not a player", Rejection.of("data.player", "T1 is not a player").text());
        assertEquals("match closed", Rejection.unfielded("match closed").text());
        assertEquals(Optional.empty(), Rejection.unfielded("match closed").field());
    }

    @Test
    void theParserNamesTheFieldApartFromTheProblem() throws Exception {
        String event = """
                {"specversion":"1.0","id":"e1","source":"/tables/T1","type":"pool.match.opened","subject":"m1",
                 "seq":0,"time":"2026-01-01T10:00:00Z","datacontenttype":"application/json","data":{}}""";
        ParseResult.Invalid bad = assertInstanceOf(ParseResult.Invalid.class, EventParser.parse(Json.read(event)));
        assertEquals(Optional.of("seq"), bad.rejection().field());
        assertEquals("must be an integer ≥ 1", bad.rejection().reason());
    }

    @Test
    void aNonObjectIsRejectedNamingTheEvent() throws Exception {
        ParseResult.Invalid bad = assertInstanceOf(ParseResult.Invalid.class, EventParser.parse(Json.read("[1]")));
        assertEquals(Optional.of("event"), bad.rejection().field());
        assertEquals("must be a JSON object", bad.rejection().reason());
    }
}
