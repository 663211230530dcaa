package org.matchledger.core.event;

/** {@code data.penalty} of an {@code UNSPORTSMANLIKE} ruling (6.16). */
public enum Penalty {
    WARNING, STANDARD_FOUL, SERIOUS_FOUL, LOSS_OF_RACK, LOSS_OF_MATCH, DISQUALIFICATION
}
