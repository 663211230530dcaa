package org.matchledger.core.event;

/** Black Ball {@code data.options.foulAward} (docs/events.md "Match options"). */
public enum FoulAward {
    FREE_SHOT, TWO_VISITS
}
