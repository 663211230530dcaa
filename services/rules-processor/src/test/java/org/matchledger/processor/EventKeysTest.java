package org.matchledger.processor;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The match-events store's keys: a range scan must return a match's events in seq order, and only that match's. */
class EventKeysTest {

    @Test
    void seqIsZeroPaddedToFiveDigitsAfterTheIdAndANul() {
        assertEquals("T01-3\u000000007", EventKeys.of("T01-3", 7));
        assertEquals("T01-3\u000012345", EventKeys.of("T01-3", 12345));
        assertEquals("m\u000000000", EventKeys.first("m"));
        assertEquals("m\u000099999", EventKeys.last("m"));
    }

    @Test
    void keysSortInSeqOrder() {
        assertTrue(EventKeys.of("m", 9).compareTo(EventKeys.of("m", 10)) < 0);
        assertTrue(EventKeys.of("m", 999).compareTo(EventKeys.of("m", 1000)) < 0);
    }

    @Test
    void anotherMatchWhoseIdExtendsThisOneIsNotInItsRange() {
        String key = EventKeys.of("m\u000012345", 1); // within the range of "m" by its text
        assertTrue(key.compareTo(EventKeys.first("m")) > 0 && key.compareTo(EventKeys.last("m")) < 0);
        assertFalse(EventKeys.belongsTo(key, "m"));
        assertTrue(EventKeys.belongsTo(EventKeys.of("m", 1), "m"));
    }

    @Test
    void seqOutsideFiveDigitsIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> EventKeys.of("m", 100_000));
        assertThrows(IllegalArgumentException.class, () -> EventKeys.of("m", -1));
    }
}
