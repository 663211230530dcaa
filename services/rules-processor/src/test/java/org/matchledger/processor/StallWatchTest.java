package org.matchledger.processor;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/** Readiness' notion of a stall, on a clock the test moves by hand. */
class StallWatchTest {
    private static final long SECOND = 1_000_000_000L;
    private final AtomicLong now = new AtomicLong(1_000 * SECOND);
    private final StallWatch watch = new StallWatch(Duration.ofSeconds(30), now::get);

    private void advance(long seconds) {
        now.addAndGet(seconds * SECOND);
    }

    @Test
    void lagWithoutACommitForTheTimeout_isAStall() {
        watch.committed();
        assertFalse(watch.assess(5).stalled());
        advance(29);
        assertFalse(watch.assess(5).stalled(), "29 s since the last commit");
        advance(1);
        StallWatch.Assessment a = watch.assess(5);
        assertTrue(a.stalled(), "30 s since the last commit, events waiting");
        assertEquals(5, a.lag());
        assertEquals(30_000, a.lastCommitAgeMillis());
    }

    @Test
    void aCommitEndsTheStall() {
        watch.committed();
        advance(10);
        watch.assess(5);
        advance(40);
        assertTrue(watch.assess(5).stalled());
        watch.committed();
        assertFalse(watch.assess(5).stalled());
        assertEquals(0, watch.assess(5).lastCommitAgeMillis());
    }

    @Test
    void noLag_isNeverAStall_howeverLongAgoTheLastCommit() {
        watch.committed();
        advance(3_600);
        StallWatch.Assessment a = watch.assess(0);
        assertFalse(a.stalled());
        assertEquals(3_600_000, a.lastCommitAgeMillis());
    }

    @Test
    void afterAnIdleHour_newLagIsGivenTheTimeoutFromWhenItWasFirstSeen() {
        watch.committed();
        advance(3_600);
        assertFalse(watch.assess(0).stalled());
        advance(5);
        assertFalse(watch.assess(3).stalled(), "events just arrived");
        advance(29);
        assertFalse(watch.assess(3).stalled());
        advance(1);
        assertTrue(watch.assess(3).stalled(), "30 s of lag and no commit");
    }

    @Test
    void nothingEverCommitted_withLag_stallsAfterTheTimeout() {
        StallWatch.Assessment first = watch.assess(7);
        assertFalse(first.stalled());
        assertEquals(-1, first.lastCommitAgeMillis());
        advance(30);
        assertTrue(watch.assess(7).stalled());
    }
}
