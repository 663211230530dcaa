package org.matchledger.core.view;

/** Ball groups: 8-ball solids 1–7 / stripes 9–15; Black Ball reds 1–7 / yellows 9–15. */
public enum Group {
    SOLIDS, STRIPES, REDS, YELLOWS;

    /** Bit mask of the group's balls (bit n = ball n). */
    public int mask() {
        return this == SOLIDS || this == REDS ? LOW : HIGH;
    }

    public boolean contains(int ball) {
        return (mask() & (1 << ball)) != 0;
    }

    public Group other() {
        return switch (this) {
            case SOLIDS -> STRIPES;
            case STRIPES -> SOLIDS;
            case REDS -> YELLOWS;
            case YELLOWS -> REDS;
        };
    }

    private static final int LOW = 0b1111_1110;          // balls 1–7
    private static final int HIGH = 0b1111_1110 << 8;    // balls 9–15
}
