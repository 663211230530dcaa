package org.matchledger.core.ruling;

/**
 * Foul names and the rule each cites (docs/view.md). The declaration order is the citation order: when one shot
 * breaks several rules it is one foul, cited by the first of them in this order.
 */
public enum Foul {
    CUE_BALL_SCRATCH("6.1"),
    WRONG_BALL_FIRST("6.2"),
    NO_RAIL_AFTER_CONTACT("6.3"),
    FOOT_NOT_ON_FLOOR("6.4"),
    BALL_OFF_TABLE("6.5"),
    TOUCHED_BALL("6.6"),
    DOUBLE_HIT("6.7"),
    PUSH_SHOT("6.8"),
    BALLS_MOVING("6.9"),
    BAD_CUE_BALL_PLACEMENT("6.10"),
    BAD_PLAY_FROM_KITCHEN("6.11"),
    CUE_ON_TABLE("6.12"),
    OUT_OF_TURN("6.13"),
    SLOW_PLAY("6.15"),
    UNSPORTSMANLIKE("6.16"),
    /** 9-ball 2.3 or Black Ball 5.5: the discipline supplies the rule number. */
    ILLEGAL_BREAK(null),
    OPPONENT_BALL_ONLY("5.8"),
    JUMP_SHOT("5.8"),
    PLAYED_BEFORE_RACK_COMPLETE("5.8");

    private final String rule;

    Foul(String rule) {
        this.rule = rule;
    }

    /** The rule number; null only for {@link #ILLEGAL_BREAK}, whose rule depends on the discipline. */
    public String rule() {
        return rule;
    }
}
