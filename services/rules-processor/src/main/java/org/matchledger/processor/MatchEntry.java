package org.matchledger.processor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.json.Json;

/**
 * One match in the {@code match-state} store (compact, whatever the length of the match): the seq of its last
 * applied event (sequencing; a cached match whose seq differs is stale and folded again from the events store), the
 * log time at which it finished (null while it is not finished) and, once closed, only the marker that rejects its
 * later events.
 */
public record MatchEntry(long lastSeq, Long finishedAt, boolean closed) {

    public MatchEntry closedMarker() {
        return new MatchEntry(lastSeq, finishedAt, true);
    }

    public String toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("lastSeq", lastSeq);
        if (finishedAt != null) {
            o.put("finishedAt", finishedAt);
        }
        if (closed) {
            o.put("closed", true);
        }
        return Json.write(o);
    }

    public static MatchEntry fromJson(String json) {
        try {
            JsonNode o = Json.read(json);
            return new MatchEntry(o.get("lastSeq").longValue(),
                    o.hasNonNull("finishedAt") ? o.get("finishedAt").longValue() : null, o.path("closed").asBoolean(false));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable match-state entry: " + json, e);
        }
    }
}
