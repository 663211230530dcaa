package org.matchledger.gateway;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/** The token buckets on a clock the test moves: refill, Retry-After and bounded memory. */
class TokenBucketsTest {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    private void advanceSeconds(double s) {
        nanos.addAndGet((long) (s * 1e9));
    }

    @Test
    void aBurstThenOnePerRefill_andRetryAfterInWholeSeconds() {
        TokenBuckets b = new TokenBuckets(0.5, 2, 10, nanos::get);
        assertTrue(b.take("a").allowed());
        assertTrue(b.take("a").allowed());
        TokenBuckets.Decision no = b.take("a");
        assertFalse(no.allowed());
        assertEquals(2, no.retryAfterSeconds(), "one token comes after 2 s at 0.5/s");
        assertTrue(b.take("b").allowed(), "another address has its own bucket");
        advanceSeconds(1.0);
        assertFalse(b.take("a").allowed());
        assertEquals(1, b.take("a").retryAfterSeconds());
        advanceSeconds(1.0);
        assertTrue(b.take("a").allowed());
        assertFalse(b.take("a").allowed());
    }

    @Test
    void retryAfterIsAtLeastOneSecond() {
        TokenBuckets b = new TokenBuckets(1000, 1, 10, nanos::get);
        assertTrue(b.take("a").allowed());
        TokenBuckets.Decision no = b.take("a");
        assertFalse(no.allowed());
        assertEquals(1, no.retryAfterSeconds());
    }

    @Test
    void idleAddressesAreForgotten_andTheNumberOfAddressesIsBounded() {
        TokenBuckets b = new TokenBuckets(10, 20, 1000, nanos::get);
        for (int i = 0; i < 500; i++) {
            b.take("10.0.0." + i);
        }
        assertEquals(500, b.size());
        advanceSeconds(2.0); // 20 tokens at 10/s: every bucket is full again
        b.take("fresh");
        assertEquals(1, b.size());

        TokenBuckets small = new TokenBuckets(10, 20, 3, nanos::get);
        for (int i = 0; i < 10; i++) {
            small.take("x" + i);
        }
        assertEquals(3, small.size());
    }

    @Test
    void aForgottenAddressComesBackWithAFullBucket_notAFreshAdvantage() {
        TokenBuckets b = new TokenBuckets(1, 2, 10, nanos::get);
        assertTrue(b.take("a").allowed());
        assertTrue(b.take("a").allowed());
        assertFalse(b.take("a").allowed());
        advanceSeconds(0.5); // not idle long enough to be forgotten: still empty
        b.take("other");
        assertFalse(b.take("a").allowed());
    }
}
