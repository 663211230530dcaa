package org.matchledger.gateway;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * One token bucket per key (a client address): {@code burst} tokens at most, refilled at {@code perSecond}; a post
 * takes one. Memory stays bounded: a key unused long enough for its bucket to be full again is forgotten (a new bucket
 * would be the same), and beyond {@code maxKeys} the least recently used key is forgotten.
 */
final class TokenBuckets {
    /** Whether a post may go on, and if not, after how many whole seconds (≥ 1) it may. */
    record Decision(boolean allowed, long retryAfterSeconds) {
    }

    private static final class Bucket {
        double tokens;
        long lastNanos;

        Bucket(double tokens, long lastNanos) {
            this.tokens = tokens;
            this.lastNanos = lastNanos;
        }
    }

    private final double perSecond;
    private final double burst;
    private final int maxKeys;
    private final long refillNanos;
    private final LongSupplier nanoClock;
    private final LinkedHashMap<String, Bucket> buckets = new LinkedHashMap<>(256, 0.75f, true);

    TokenBuckets(double perSecond, int burst, int maxKeys, LongSupplier nanoClock) {
        if (perSecond <= 0 || burst < 1 || maxKeys < 1) {
            throw new IllegalArgumentException("a rate > 0, a burst ≥ 1 and room for ≥ 1 key");
        }
        this.perSecond = perSecond;
        this.burst = burst;
        this.maxKeys = maxKeys;
        this.refillNanos = (long) Math.ceil(burst / perSecond * 1e9);
        this.nanoClock = nanoClock;
    }

    Decision take(String key) {
        long now = nanoClock.getAsLong();
        synchronized (buckets) {
            forgetIdle(now);
            Bucket b = buckets.get(key);
            if (b == null) {
                b = new Bucket(burst, now);
                buckets.put(key, b);
                if (buckets.size() > maxKeys) {
                    Iterator<String> eldest = buckets.keySet().iterator();
                    eldest.next();
                    eldest.remove();
                }
            } else {
                b.tokens = Math.min(burst, b.tokens + (now - b.lastNanos) / 1e9 * perSecond);
                b.lastNanos = now;
            }
            if (b.tokens >= 1) {
                b.tokens -= 1;
                return new Decision(true, 0);
            }
            return new Decision(false, Math.max(1, (long) Math.ceil((1 - b.tokens) / perSecond)));
        }
    }

    /** Drops, least recently used first, every key whose bucket has refilled to full since its last post. */
    private void forgetIdle(long now) {
        Iterator<Map.Entry<String, Bucket>> it = buckets.entrySet().iterator();
        while (it.hasNext()) {
            if (now - it.next().getValue().lastNanos < refillNanos) {
                return; // the later ones were used more recently still
            }
            it.remove();
        }
    }

    int size() {
        synchronized (buckets) {
            return buckets.size();
        }
    }
}
