package org.matchledger.gateway;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lease on a clock of its own (docs/console.md): a holder not seen for two minutes may be replaced unasked. */
class ConsoleLeasesTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final ConsoleLeases leases = new ConsoleLeases(now::get, Duration.ofMinutes(2), 3);

    @Test
    void aHolderNotSeenForTwoMinutesMayBeReplacedWithoutAsking() {
        assertTrue(leases.take("m", "A", "table-T01", false).done());
        now.addAndGet(119_000);
        assertFalse(leases.take("m", "B", "table-T01", false).done(), "seen 119 s ago: held");
        leases.look("m", "A"); // the holder's poll keeps it fresh
        now.addAndGet(119_000);
        assertFalse(leases.look("m", "B").stale());
        now.addAndGet(2_000);
        assertTrue(leases.look("m", "B").stale(), "121 s without the holder: stale, and the console says so");
        ConsoleLeases.Outcome taken = leases.take("m", "B", "table-T01", false);
        assertTrue(taken.done());
        assertTrue(taken.view().yours());
        assertFalse(leases.look("m", "A").yours());
    }

    @Test
    void askingForAStaleLeaseTakesItAtOnce() {
        leases.take("m", "A", "referee", false);
        now.addAndGet(121_000);
        ConsoleLeases.Outcome asked = leases.ask("m", "B", "table-T01");
        assertTrue(asked.view().yours());
        assertNull(asked.view().request());
    }

    @Test
    void aRequestWhoseAskerIsGoneLapses() {
        leases.take("m", "A", "table-T01", false);
        leases.ask("m", "B", "table-T01");
        now.addAndGet(60_000);
        assertEquals("table-T01", leases.look("m", "A").request().by());
        now.addAndGet(61_000);
        leases.look("m", "A");
        assertNull(leases.look("m", "A").request(), "the asker has not looked for 121 s");
        assertFalse(leases.answer("m", "A", true).done());
        assertTrue(leases.look("m", "A").yours());
    }

    @Test
    void aGatewayKeepsTheLeasesOfAFewMatchesAtMost_dropsStaleOnesForNewOnes() {
        for (String m : new String[]{"m1", "m2", "m3"}) {
            assertTrue(leases.take(m, "A", "table-T01", false).done());
        }
        ConsoleLeases.Outcome full = leases.take("m4", "A", "table-T01", false);
        assertFalse(full.done());
        assertEquals("full", full.reason());
        now.addAndGet(121_000);
        leases.look("m1", "A");
        assertTrue(leases.take("m4", "A", "table-T01", false).done(), "m2 and m3 were stale and dropped");
    }
}
