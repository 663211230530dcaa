package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A match view as the tile and overlay templates ({@code templates/tiles/}) show it. A view is data from the ledger,
 * not markup: texts stay texts (the templates escape them), numbers are coerced to integers, and what becomes a class
 * name or a styled attribute ({@code data-status}, ball colours) comes from an allow-list only.
 */
@TemplateData
public record TileView(String matchId, String status, boolean closed, long lastSeq, String table, String discipline,
                       int raceTo, int rack, boolean straightPool, List<TilePlayer> players, String atTableId,
                       String atTableText, List<TileBall> balls) {
    static final Set<String> STATUSES = Set.of("AWAITING_LAG", "IN_PROGRESS", "FINISHED");

    static TileView of(JsonNode v) {
        String id = v.path("matchId").asText();
        String discipline = v.path("discipline").asText();
        boolean straightPool = "STRAIGHT_POOL".equals(discipline);
        String status = v.path("status").asText();
        String atTable = v.path("atTable").asText(null);
        String winner = v.path("winner").asText(null);
        List<TilePlayer> players = new ArrayList<>();
        String atTableText = "";
        for (JsonNode p : v.path("players")) {
            String pid = p.path("id").asText();
            String name = p.path("name").asText();
            boolean at = pid.equals(atTable);
            boolean wins = pid.equals(winner);
            if (at && atTableText.isEmpty()) {
                atTableText = name;
            }
            players.add(new TilePlayer(pid, name, at, wins, fouls(p), p.path("currentRun").asInt(), p.path("highRun").asInt(),
                    p.path("score").asInt()));
        }
        if ("FINISHED".equals(status)) {
            for (TilePlayer p : players) {
                if (p.winner()) {
                    atTableText = p.name() + " wins";
                }
            }
        }
        List<TileBall> balls = new ArrayList<>();
        for (JsonNode b : v.path("ballsOnTable")) {
            balls.add(TileBall.of(discipline, b.asInt()));
        }
        return new TileView(id, STATUSES.contains(status) ? status : "", closed(v), v.path("lastSeq").asLong(),
                v.path("tableId").asText(id), discipline(discipline), v.path("raceTo").asInt(), v.path("rack").asInt(),
                straightPool, players, atTable == null ? "" : atTable, atTableText, balls);
    }

    /** view.md {@code closed}: a finished match whose correction window has passed (only a JSON true counts). */
    static boolean closed(JsonNode v) {
        return v.path("closed").isBoolean() && v.path("closed").booleanValue();
    }

    /** Whether the dashboard lists the match under Finished. */
    public boolean finished() {
        return "FINISHED".equals(status) || closed;
    }

    static String discipline(String d) {
        return switch (d) {
            case "NINE_BALL" -> "9-Ball";
            case "EIGHT_BALL" -> "8-Ball";
            case "STRAIGHT_POOL" -> "14.1";
            case "BLACKBALL", "BLACK_BALL" -> "Black Ball";
            default -> d;
        };
    }

    private static String fouls(JsonNode p) {
        if (p.path("onTwoFouls").asBoolean(false)) {
            return "2 FOULS";
        }
        int n = p.path("consecutiveFouls").asInt(0);
        return n == 0 ? "" : n == 1 ? "1 FOUL" : n + " FOULS";
    }
}
