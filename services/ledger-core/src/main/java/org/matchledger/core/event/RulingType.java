package org.matchledger.core.event;

/** {@code data.ruling} of {@code pool.ruling.made}. */
public enum RulingType {
    SLOW_PLAY, UNSPORTSMANLIKE, NO_PROGRESS, STALEMATE, SNOOKERED, OUTSIDE_INTERFERENCE
}
