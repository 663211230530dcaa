package org.matchledger.core.event;

import java.util.Optional;

/** The CloudEvents {@code type} values of contract v1. */
public enum EventType {
    MATCH_OPENED("pool.match.opened"),
    LAG_TAKEN("pool.lag.taken"),
    SHOT_TAKEN("pool.shot.taken"),
    OPTION_CHOSEN("pool.option.chosen"),
    RULING_MADE("pool.ruling.made"),
    MATCH_CONCEDED("pool.match.conceded"),
    EVENT_VOIDED("pool.event.voided"),
    EVENT_CORRECTED("pool.event.corrected"),
    APPEAL_FILED("pool.appeal.filed"),
    APPEAL_DECIDED("pool.appeal.decided");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public boolean isCorrection() {
        return this == EVENT_VOIDED || this == EVENT_CORRECTED;
    }

    public static Optional<EventType> fromWire(String name) {
        for (EventType t : values()) {
            if (t.wireName.equals(name)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
