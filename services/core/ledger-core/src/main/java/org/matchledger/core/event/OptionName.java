package org.matchledger.core.event;

/** The answers a player may give in {@code pool.option.chosen}. */
public enum OptionName {
    BREAK, OPPONENT_BREAKS, SHOOT, PASS, ACCEPT_TABLE, REBREAK, OPPONENT_REBREAKS, SPOT_EIGHT
}
