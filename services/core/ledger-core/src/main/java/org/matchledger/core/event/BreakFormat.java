package org.matchledger.core.event;

public enum BreakFormat {
    ALTERNATE, WINNER
}
