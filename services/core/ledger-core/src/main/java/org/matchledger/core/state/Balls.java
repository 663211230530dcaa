package org.matchledger.core.state;

import java.util.ArrayList;
import java.util.List;

/** Sets of object balls as bit masks (bit n = ball n): cheap to copy and always iterated in ascending order. */
public final class Balls {
    private Balls() {
    }

    /** Balls 1..highest. */
    public static int upTo(int highest) {
        return ((1 << (highest + 1)) - 1) & ~1;
    }

    public static int of(int... balls) {
        int m = 0;
        for (int b : balls) {
            m |= 1 << b;
        }
        return m;
    }

    public static boolean has(int mask, int ball) {
        return ball >= 0 && ball < 31 && (mask & (1 << ball)) != 0;
    }

    public static int count(int mask) {
        return Integer.bitCount(mask);
    }

    /** The lowest-numbered ball, or 0 if none. */
    public static int lowest(int mask) {
        return mask == 0 ? 0 : Integer.numberOfTrailingZeros(mask);
    }

    public static List<Integer> list(int mask) {
        List<Integer> out = new ArrayList<>(Integer.bitCount(mask));
        for (int b = 1; b < 16; b++) {
            if ((mask & (1 << b)) != 0) {
                out.add(b);
            }
        }
        return out;
    }
}
