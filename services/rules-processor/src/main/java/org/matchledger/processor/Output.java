package org.matchledger.processor;

import org.matchledger.kafka.RulingsHeader;

/**
 * One record the processor produces: topic, key (the match id), JSON value and, on a ruling, how many rulings its
 * event got (header {@value RulingsHeader#NAME}, so a waiting client knows when it has them all).
 */
public record Output(String topic, String key, String value, Integer rulingsOfEvent) {

    public Output(String topic, String key, String value) {
        this(topic, key, value, null);
    }
}
