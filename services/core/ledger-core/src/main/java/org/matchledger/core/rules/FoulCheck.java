package org.matchledger.core.rules;

import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.Placement;
import org.matchledger.core.event.RefereeFoul;
import org.matchledger.core.ruling.Foul;

/**
 * The general fouls of WPA 6.x as they show in a shot's facts. One shot is one foul: the checks run in the citation
 * order of docs/view.md and the first that applies is the foul. Each discipline says which rules apply to the shot.
 */
public final class FoulCheck {
    /** Pass as {@code legalFirst} where 6.2 does not apply (14.1, push outs, breaks without a target, free shots). */
    public static final int NO_WRONG_BALL_RULE = -1;

    private FoulCheck() {
    }

    /**
     * @param legalFirst   mask of the balls that may be hit first (6.2), or {@link #NO_WRONG_BALL_RULE}
     * @param checkRail    whether 6.3 applies (not on a break, where the break test replaces it, nor on a push out)
     * @param fromKitchen  the cue ball was in hand behind the head string (6.10, and 6.11 where it applies)
     * @param checkKitchenContact whether 6.11 applies in this discipline
     */
    public static Foul firstFoul(ShotTaken shot, boolean outOfTurn, int legalFirst, boolean checkRail,
                                 boolean fromKitchen, boolean checkKitchenContact) {
        // 6.1 cue ball pocketed or off the table
        if (shot.scratched()) {
            return Foul.CUE_BALL_SCRATCH;
        }
        // 6.2 first contact not a legal ball; hitting nothing is also 6.2 where 6.2 applies
        if (legalFirst != NO_WRONG_BALL_RULE
                && (shot.firstContact() == null || (legalFirst & (1 << shot.firstContact())) == 0)) {
            return Foul.WRONG_BALL_FIRST;
        }
        // 6.3 no contact, or nothing pocketed and no ball to a rail after the contact
        if (checkRail && (shot.firstContact() == null || (!shot.pocketedAny() && !shot.railAfterContact()))) {
            return Foul.NO_RAIL_AFTER_CONTACT;
        }
        if (shot.fouls().contains(RefereeFoul.FOOT_NOT_ON_FLOOR)) {
            return Foul.FOOT_NOT_ON_FLOOR; // 6.4
        }
        if (shot.offTableMask() != 0) {
            return Foul.BALL_OFF_TABLE; // 6.5
        }
        if (shot.fouls().contains(RefereeFoul.TOUCHED_BALL)) {
            return Foul.TOUCHED_BALL; // 6.6
        }
        if (shot.fouls().contains(RefereeFoul.DOUBLE_HIT)) {
            return Foul.DOUBLE_HIT; // 6.7
        }
        if (shot.fouls().contains(RefereeFoul.PUSH_SHOT)) {
            return Foul.PUSH_SHOT; // 6.8
        }
        if (shot.fouls().contains(RefereeFoul.BALLS_MOVING)) {
            return Foul.BALLS_MOVING; // 6.9
        }
        // 6.10 in hand behind the head string, placed on or in front of it
        if (fromKitchen && shot.placement() != null && shot.placement() != Placement.BEHIND_HEAD_STRING) {
            return Foul.BAD_CUE_BALL_PLACEMENT;
        }
        // 6.11 from the kitchen, first contact behind the head string before the cue ball crossed it
        if (checkKitchenContact && fromKitchen && shot.firstContactBehindHeadString() && !shot.cueBallCrossedHeadString()) {
            return Foul.BAD_PLAY_FROM_KITCHEN;
        }
        if (shot.fouls().contains(RefereeFoul.CUE_ON_TABLE)) {
            return Foul.CUE_ON_TABLE; // 6.12
        }
        if (outOfTurn) {
            return Foul.OUT_OF_TURN; // 6.13
        }
        return null;
    }
}
