package org.matchledger.processor;

/**
 * One record the processor produces: topic, key (the match id), JSON value and, on a ruling, how many rulings its
 * event got (header {@value #RULINGS_HEADER}, so a waiting client knows when it has them all).
 */
public record Output(String topic, String key, String value, Integer rulingsOfEvent) {
    public static final String RULINGS_HEADER = "ledger-rulings-of-event";

    public Output(String topic, String key, String value) {
        this(topic, key, value, null);
    }
}
