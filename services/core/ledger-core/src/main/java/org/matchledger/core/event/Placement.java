package org.matchledger.core.event;

/** Where the cue ball was placed when it was in hand (null in a shot = played from position). */
public enum Placement {
    BEHIND_HEAD_STRING, ON_HEAD_STRING, IN_FRONT_OF_HEAD_STRING
}
