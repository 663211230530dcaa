package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The appeal page's view panel (template {@code AppealPage/viewPanel.html}): the match view after one seq as the
 * committee reads it, players by name, the balls on the table drawn as the timeline draws them ({@link Ball}). Rendered
 * on the server for each step of the page's step control; the page's script only swaps it in.
 */
@TemplateData
public record ViewPanel(long seq, String status, String rack, String atTable, String breaker, String cueBall,
                        List<Ball> balls, String pendingOption, String winner, List<Player> players) {
    static final String NONE = "–";

    /** One player's row: name (id), score, fouls in a row, group. */
    @TemplateData
    public record Player(String id, String name, String score, String fouls, String group) {
    }

    public static ViewPanel of(JsonNode v) {
        Map<String, String> names = new HashMap<>();
        List<Player> players = new ArrayList<>();
        for (JsonNode p : v.path("players")) {
            String id = p.path("id").asText();
            String name = p.hasNonNull("name") ? p.get("name").asText() : id;
            names.put(id, name);
            players.add(new Player(id, name + " (" + id + ")", text(p.get("score")), text(p.get("consecutiveFouls")),
                    text(p.get("group"))));
        }
        String discipline = v.path("discipline").asText();
        List<Integer> numbers = new ArrayList<>();
        v.path("ballsOnTable").forEach(b -> numbers.add(b.asInt()));
        JsonNode option = v.get("pendingOption");
        String pending = NONE;
        if (option != null && option.isObject()) {
            List<String> options = new ArrayList<>();
            option.path("options").forEach(o -> options.add(o.asText()));
            pending = who(names, option.get("player")) + ": " + String.join(" / ", options);
        }
        return new ViewPanel(v.path("lastSeq").asLong(), text(v.get("status")), text(v.get("rack")),
                who(names, v.get("atTable")), who(names, v.get("breaker")), text(v.get("cueBall")),
                Ball.of(discipline, numbers), pending, who(names, v.get("winner")), players);
    }

    /** A player by name (the id when the view does not name them), or "–". */
    private static String who(Map<String, String> names, JsonNode id) {
        return id == null || id.isNull() ? NONE : names.getOrDefault(id.asText(), id.asText());
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() || n.isMissingNode() ? NONE : n.isValueNode() ? n.asText() : n.toString();
    }
}
