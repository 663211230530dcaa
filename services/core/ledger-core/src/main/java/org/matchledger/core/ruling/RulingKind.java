package org.matchledger.core.ruling;

/** The {@code kind} of a ruling (docs/view.md "Rulings"). */
public enum RulingKind {
    MATCH_OPENED, LAG_WON, RELAG, BREAK_ASSIGNED, FOUL, BREAKING_FOUL, ILLEGAL_BREAK, SERIOUS_FOUL,
    TWO_FOUL_WARNING, POINTS, GROUP_ASSIGNED, BALLS_SPOTTED, RERACK, PUSH_OUT, SAFETY, OPTION_OFFERED,
    OPTION_TAKEN, TURN, RACK_WON, STALEMATE_WARNING, STALEMATE, MATCH_WON, EVENT_VOIDED, EVENT_CORRECTED,
    CONTINUE, WARNING, SNOOKER_DECLARED, APPEAL_FILED, APPEAL_DECIDED, EVENT_REJECTED, DUPLICATE,
    /** A finished match's correction window has passed: it takes no more events (docs/events.md). */
    MATCH_CLOSED
}
