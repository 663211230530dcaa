package org.matchledger.core.view;

/** Where the incoming player may play the cue ball from (docs/view.md {@code cueBall}). */
public enum CueBall {
    /** Played where it lies. */
    IN_POSITION,
    /** In hand anywhere on the table. */
    IN_HAND,
    /** In hand behind the head string (Black Ball: in baulk). */
    IN_HAND_KITCHEN
}
