package org.matchledger.core.event;

/** The four disciplines of the WPA Rules of Play (docs/events.md "disciplines"). */
public enum Discipline {
    NINE_BALL(9),
    EIGHT_BALL(15),
    STRAIGHT_POOL(15),
    BLACKBALL(15);

    private final int highestBall;

    Discipline(int highestBall) {
        this.highestBall = highestBall;
    }

    /** The highest object ball number used by the discipline (9-ball uses 1–9, the others 1–15). */
    public int highestBall() {
        return highestBall;
    }
}
