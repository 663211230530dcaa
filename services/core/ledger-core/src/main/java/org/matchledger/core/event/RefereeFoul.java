package org.matchledger.core.event;

/** Infractions a referee reports in {@code data.fouls}: they are not visible in the ball facts. */
public enum RefereeFoul {
    FOOT_NOT_ON_FLOOR, TOUCHED_BALL, DOUBLE_HIT, PUSH_SHOT, BALLS_MOVING, CUE_ON_TABLE, PLAYED_BEFORE_RACK_COMPLETE
}
