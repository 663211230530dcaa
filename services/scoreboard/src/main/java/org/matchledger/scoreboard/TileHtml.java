package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Set;

/**
 * The server-side rendering of a match view for the pages: a dashboard tile and an overlay lower third. The
 * browser script ({@code assets/scoreboard.js}) renders the same markup from the live feed; elements carry stable
 * hooks ({@code data-match-id}, {@code data-field}, {@code data-player}).
 *
 * <p>A view is data from the ledger, not markup: every text and attribute value is {@link #esc escaped}, numbers are
 * coerced to integers, and what becomes a class name or a styled attribute ({@code data-status}, ball colours) comes
 * from an allow-list only.
 */
final class TileHtml {
    static final Set<String> STATUSES = Set.of("AWAITING_LAG", "IN_PROGRESS", "FINISHED");

    private TileHtml() {
    }

    /** {@code status} when it is one of the contract's values, else empty (it becomes an attribute CSS matches). */
    static String status(JsonNode v) {
        String s = v.path("status").asText();
        return STATUSES.contains(s) ? s : "";
    }

    /** view.md {@code closed}: a finished match whose correction window has passed (only a JSON true counts). */
    static boolean closed(JsonNode v) {
        return v.path("closed").isBoolean() && v.path("closed").booleanValue();
    }

    /** The mark of a closed match, or nothing. */
    private static String closedMark(JsonNode v) {
        return closed(v) ? "<span class=\"closed\" data-field=\"closed\">closed</span>" : "";
    }

    static String tile(JsonNode v) {
        String id = v.path("matchId").asText();
        StringBuilder b = new StringBuilder(1024);
        b.append("<article class=\"tile\" data-match-id=\"").append(esc(id)).append("\" data-status=\"")
                .append(status(v)).append("\" data-closed=\"").append(closed(v)).append("\" data-last-seq=\"")
                .append(v.path("lastSeq").asLong()).append("\">");
        b.append("<header><span class=\"table\" data-field=\"table\">").append(esc(v.path("tableId").asText(id)))
                .append("</span><span class=\"discipline\" data-field=\"discipline\">").append(discipline(v.path("discipline").asText()))
                .append("</span><span class=\"race\" data-field=\"race\">Race to ").append(v.path("raceTo").asInt())
                .append("</span><span class=\"rack\" data-field=\"rack\">Rack ").append(v.path("rack").asInt()).append("</span>")
                .append(closedMark(v)).append("</header>");
        for (JsonNode p : v.path("players")) {
            b.append(playerRow(v, p));
        }
        b.append("<footer>").append(atTable(v)).append(balls(v))
                .append("<span class=\"last-ruling\" data-field=\"lastRuling\"></span></footer></article>");
        return b.toString();
    }

    static String overlay(JsonNode v) {
        StringBuilder b = new StringBuilder(1024);
        b.append("<section class=\"lower-third\" data-match-id=\"").append(esc(v.path("matchId").asText()))
                .append("\" data-status=\"").append(status(v)).append("\" data-closed=\"").append(closed(v))
                .append("\" data-last-seq=\"").append(v.path("lastSeq").asLong()).append("\">");
        b.append("<div class=\"info\"><span data-field=\"discipline\">").append(discipline(v.path("discipline").asText()))
                .append("</span><span data-field=\"race\">Race to ").append(v.path("raceTo").asInt())
                .append("</span><span data-field=\"rack\">Rack ").append(v.path("rack").asInt()).append("</span>")
                .append(closedMark(v)).append("</div>");
        for (JsonNode p : v.path("players")) {
            b.append(playerRow(v, p));
        }
        b.append("<div class=\"info\">").append(atTable(v)).append(balls(v)).append("</div></section>");
        return b.toString();
    }

    private static String playerRow(JsonNode v, JsonNode p) {
        String pid = esc(p.path("id").asText());
        boolean at = p.path("id").asText().equals(v.path("atTable").asText(null));
        boolean winner = p.path("id").asText().equals(v.path("winner").asText(null));
        StringBuilder b = new StringBuilder(512);
        b.append("<div class=\"player").append(at ? " at" : "").append(winner ? " winner" : "")
                .append("\" data-player=\"").append(pid).append("\">");
        b.append("<span class=\"marker\" aria-hidden=\"true\">").append(at ? "▶" : "").append("</span>");
        b.append("<span class=\"name\" data-field=\"name\" data-player=\"").append(pid).append("\">")
                .append(esc(p.path("name").asText())).append("</span>");
        b.append("<span class=\"fouls\" data-field=\"fouls\" data-player=\"").append(pid).append("\">")
                .append(fouls(p)).append("</span>");
        if ("STRAIGHT_POOL".equals(v.path("discipline").asText())) {
            b.append("<span class=\"run\" data-field=\"run\" data-player=\"").append(pid).append("\">Run ")
                    .append(p.path("currentRun").asInt()).append("</span>");
            b.append("<span class=\"run\" data-field=\"highRun\" data-player=\"").append(pid).append("\">HR ")
                    .append(p.path("highRun").asInt()).append("</span>");
        }
        b.append("<span class=\"score\" data-field=\"score\" data-player=\"").append(pid).append("\">")
                .append(p.path("score").asInt()).append("</span></div>");
        return b.toString();
    }

    private static String fouls(JsonNode p) {
        if (p.path("onTwoFouls").asBoolean(false)) {
            return "2 FOULS";
        }
        int n = p.path("consecutiveFouls").asInt(0);
        return n == 0 ? "" : n == 1 ? "1 FOUL" : n + " FOULS";
    }

    private static String atTable(JsonNode v) {
        String at = v.path("atTable").asText(null);
        String name = "";
        for (JsonNode p : v.path("players")) {
            if (p.path("id").asText().equals(at)) {
                name = p.path("name").asText();
            }
        }
        if ("FINISHED".equals(v.path("status").asText())) {
            for (JsonNode p : v.path("players")) {
                if (p.path("id").asText().equals(v.path("winner").asText(null))) {
                    name = p.path("name").asText() + " wins";
                }
            }
        }
        return "<span class=\"at-table\" data-field=\"atTable\" data-player=\"" + esc(at == null ? "" : at) + "\">"
                + esc(name) + "</span>";
    }

    private static String balls(JsonNode v) {
        JsonNode balls = v.path("ballsOnTable");
        StringBuilder b = new StringBuilder("<span class=\"balls\" data-field=\"balls\" data-count=\"")
                .append(balls.size()).append("\">");
        if ("STRAIGHT_POOL".equals(v.path("discipline").asText())) {
            b.append(balls.size()).append(" balls");
        } else {
            for (JsonNode ball : balls) {
                int n = ball.asInt();
                // Only the fifteen object balls have a colour class.
                b.append("<i class=\"ball").append(n >= 1 && n <= 15 ? " b" + n : "").append("\">").append(n).append("</i>");
            }
        }
        return b.append("</span>").toString();
    }

    static String discipline(String d) {
        return switch (d) {
            case "NINE_BALL" -> "9-Ball";
            case "EIGHT_BALL" -> "8-Ball";
            case "STRAIGHT_POOL" -> "14.1";
            case "BLACKBALL", "BLACK_BALL" -> "Black Ball";
            default -> esc(d);
        };
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
