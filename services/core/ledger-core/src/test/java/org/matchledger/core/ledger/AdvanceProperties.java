package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.support.MatchGenerator;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link MatchLedger#advance} (in place, for the processor and the replay tool) judges exactly like the persistent
 * {@link MatchLedger#apply}: it relies on every rule checking what it may reject before it changes the state, so a
 * rule that broke that would show here as a difference after a rejected event.
 */
class AdvanceProperties {

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 150);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void advanceGivesTheSameViewsAndRulingsAsApply(long seed) {
        MatchGenerator generator = new MatchGenerator(seed);
        List<JsonNode> events = new ArrayList<>(generator.events());
        // Mix in malformed and unacceptable events: they must leave an advanced match exactly as they found it.
        Random rnd = new Random(seed);
        List<String> ids = MatchGenerator.ids(events);
        for (int i = events.size(); i > 1; i--) {
            if (rnd.nextInt(5) == 0) {
                events.add(i, MatchGenerator.garbage(rnd, generator.matchId(), 1 + rnd.nextInt(i), ids));
            }
        }
        Match persistent = Match.EMPTY;
        Match advanced = Match.EMPTY;
        for (int i = 0; i < events.size(); i++) {
            Outcome a = MatchLedger.apply(persistent, events.get(i));
            Outcome b = MatchLedger.advance(advanced, events.get(i));
            persistent = a.match();
            advanced = b.match();
            assertEquals(Json.write(a.rulings()), Json.write(b.rulings()), "rulings of event " + i);
            assertEquals(Json.write(persistent.view()), Json.write(advanced.view()), "view after event " + i);
        }
    }
}
