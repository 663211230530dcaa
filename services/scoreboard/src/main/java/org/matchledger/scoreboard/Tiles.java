package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.RuleTexts;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one rendering of a match for the pages, from the Qute templates {@code templates/tiles/} (HTML escaping by
 * default): a dashboard tile, an overlay lower third, and a ruling's line on a tile. The pages are rendered with them
 * ({@link PagesResource}) and so are the feeds of rendered HTML ({@link SseForm#TILES_OF_ALL},
 * {@link SseForm#OVERLAY_OF_MATCH}) that {@code scoreboard.js} swaps in: the browser never builds a tile itself.
 * Elements carry stable hooks ({@code data-match-id}, {@code data-field}, {@code data-player}, {@code data-ball}).
 */
final class Tiles {

    @CheckedTemplate(basePath = "tiles")
    static class Templates {
        static native TemplateInstance tile(TileView t);

        static native TemplateInstance lowerThird(TileView t);

        static native TemplateInstance ruling(String matchId, String text);
    }

    private Tiles() {
    }

    static String tile(TileView view) {
        return Templates.tile(view).render().strip();
    }

    static String lowerThird(TileView view) {
        return Templates.lowerThird(view).render().strip();
    }

    /** A ruling's line on its match's tile ({@code data-field="lastRuling"}). */
    static String ruling(String matchId, JsonNode r) {
        return Templates.ruling(matchId, rulingText(r)).render().strip();
    }

    /** "FOUL · cue ball scratch (6.1 cue ball scratch or off the table): reason". */
    static String rulingText(JsonNode r) {
        StringBuilder t = new StringBuilder(r.path("kind").asText().replace('_', ' '));
        if (r.hasNonNull("foul")) {
            t.append(" · ").append(r.path("foul").asText().replace('_', ' ').toLowerCase(java.util.Locale.ROOT));
        }
        if (r.hasNonNull("rule")) {
            String rule = r.path("rule").asText();
            String title = RuleTexts.of(rule);
            t.append(" (").append(rule).append(title == null ? "" : " " + title).append(')');
        }
        if ("POINTS".equals(r.path("kind").asText()) && r.hasNonNull("points")) {
            t.append(" +").append(r.path("points").asInt());
        }
        if (r.hasNonNull("reason")) {
            t.append(": ").append(r.path("reason").asText());
        }
        return t.toString();
    }

    static JsonNode read(String json) {
        try {
            return Json.read(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
