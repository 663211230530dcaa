package org.matchledger.core.event;

/**
 * The referee's call, {@code data.ruling} of {@code pool.ruling.made} (an input fact; the ledger's own rulings are
 * {@link org.matchledger.core.ruling.RulingKind}).
 */
public enum RefereeCall {
    SLOW_PLAY, UNSPORTSMANLIKE, NO_PROGRESS, STALEMATE, SNOOKERED, OUTSIDE_INTERFERENCE
}
