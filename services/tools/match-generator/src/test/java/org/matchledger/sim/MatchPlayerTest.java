package org.matchledger.sim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ruling.RulingKind;

import static org.junit.jupiter.api.Assertions.*;

/** The simulator plays every discipline to the end, and what it sends is what the ledger judges. */
class MatchPlayerTest {

    @ParameterizedTest
    @EnumSource(Discipline.class)
    void playsAWholeMatchMostlyOfAcceptedEvents(Discipline discipline) {
        int raceTo = discipline == Discipline.STRAIGHT_POOL ? 50 : 3;
        for (long seed = 1; seed <= 20; seed++) {
            MatchPlayer player = new MatchPlayer("sim-" + seed, discipline, raceTo, "T1", seed, SimProfile.REALISTIC);
            Match replayed = Match.EMPTY;
            long rejected = 0;
            ObjectNode e;
            while ((e = player.next()) != null) {
                var step = MatchLedger.apply(replayed, e);
                replayed = step.match();
                if (step.rulings().get(0).kind() == RulingKind.EVENT_REJECTED) {
                    rejected++;
                }
                assertTrue(player.sentCount() < 20_000, "a match must end");
            }
            assertTrue(player.finished());
            // Folding what was sent gives the simulator's own view: the same code, the same events.
            assertEquals(player.view(), replayed.view());
            assertTrue(rejected * 50 < player.sentCount(), "few rejected events: " + rejected + " of " + player.sentCount());
        }
    }
}
