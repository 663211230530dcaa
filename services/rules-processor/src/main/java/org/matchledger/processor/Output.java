package org.matchledger.processor;

import org.matchledger.core.event.Poster;
import org.matchledger.kafka.RulingsHeader;

/**
 * One record the processor produces: topic, key (the match id), JSON value and, on a ruling, how many rulings its
 * event got (header {@value RulingsHeader#NAME}, so a waiting client knows when it has them all); on a rejection, who
 * posted the rejected event (the {@code PosterHeaders}, copied from its {@code table-events} record; null if none).
 */
public record Output(String topic, String key, String value, Integer rulingsOfEvent, Poster poster) {

    public Output(String topic, String key, String value) {
        this(topic, key, value, null, null);
    }

    public Output(String topic, String key, String value, Integer rulingsOfEvent) {
        this(topic, key, value, rulingsOfEvent, null);
    }
}
