package org.matchledger.core.rules;

import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class NineBallSmokeTest {
    @Test
    void rule_2_5_legallyPocketedBallKeepsShooterAtTable() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        assertTrue(m.lastApplied());
        assertEquals(RulingKind.CONTINUE, m.kinds().get(0));
        assertEquals("p1", m.view().atTable());
        assertEquals(CueBall.IN_POSITION, m.view().cueBall());
        assertTrue(m.view().pushOutAvailable());
    }
}
