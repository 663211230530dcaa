package org.matchledger.scoreboard.readmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.json.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * A match view (docs/view.md) as the scoreboard reads it: what the read model, the filters and the pages use, and the
 * view's JSON as written. Read leniently, as the pages always read it: a view is data, possibly forged, so a field of
 * the wrong type takes its empty value (texts "", numbers 0) instead of failing the view; {@code closed} counts only
 * as a JSON {@code true}.
 */
public record LedgerView(String matchId, String discipline, String status, int raceTo, String tableId, int rack,
                         List<Player> players, String atTable, List<Integer> ballsOnTable, String winner,
                         boolean closed, long lastSeq, String json) implements LedgerJson {

    /** One player of the view, as far as the tiles show it. */
    public record Player(String id, String name, int score, int consecutiveFouls, boolean onTwoFouls, int currentRun,
                         int highRun) {
    }

    /** view.md {@code status} of a finished match. */
    public static final String FINISHED = "FINISHED";

    /** The view of this JSON text; fails only when the text is not JSON. */
    public static LedgerView read(String json) throws JsonProcessingException {
        return of(Json.read(json), json);
    }

    /** The view of {@code v}, whose text is {@code json}. */
    public static LedgerView of(JsonNode v, String json) {
        List<Player> players = new ArrayList<>();
        for (JsonNode p : v.path("players")) {
            players.add(new Player(p.path("id").asText(), p.path("name").asText(), p.path("score").asInt(),
                    p.path("consecutiveFouls").asInt(0), p.path("onTwoFouls").asBoolean(false),
                    p.path("currentRun").asInt(), p.path("highRun").asInt()));
        }
        List<Integer> balls = new ArrayList<>();
        for (JsonNode b : v.path("ballsOnTable")) {
            balls.add(b.asInt());
        }
        JsonNode closed = v.path("closed");
        return new LedgerView(v.path("matchId").asText(), v.path("discipline").asText(), v.path("status").asText(null),
                v.path("raceTo").asInt(), v.path("tableId").asText(null), v.path("rack").asInt(), List.copyOf(players),
                v.path("atTable").asText(null), List.copyOf(balls), v.path("winner").asText(null),
                closed.isBoolean() && closed.booleanValue(), v.path("lastSeq").asLong(0), json);
    }

    /** view.md: {@code status} FINISHED, or {@code closed} (a finished match whose correction window has passed). */
    public boolean finished() {
        return closed || FINISHED.equals(status);
    }
}
