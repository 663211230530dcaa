package org.matchledger.core.event;

public enum Pocket {
    FOOT_LEFT, FOOT_RIGHT, SIDE_LEFT, SIDE_RIGHT, HEAD_LEFT, HEAD_RIGHT
}
