package org.matchledger.core.view;

public enum Status {
    AWAITING_LAG, IN_PROGRESS, FINISHED
}
