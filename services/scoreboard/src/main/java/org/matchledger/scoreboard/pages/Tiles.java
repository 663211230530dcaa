package org.matchledger.scoreboard.pages;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import org.matchledger.core.ruling.RuleTexts;
import org.matchledger.scoreboard.readmodel.LedgerRuling;

import java.util.Locale;

/**
 * The one rendering of a match for the pages, from the Qute templates {@code templates/tiles/} (HTML escaping by
 * default): a dashboard tile, an overlay lower third, and a ruling's line on a tile. The pages are rendered with them
 * ({@link PagesResource}) and so are the feeds of rendered HTML ({@code SseForm.TILES_OF_ALL},
 * {@code SseForm.OVERLAY_OF_MATCH}) that {@code scoreboard.js} swaps in: the browser never builds a tile itself.
 * Elements carry stable hooks ({@code data-match-id}, {@code data-field}, {@code data-player}, {@code data-ball}).
 */
public final class Tiles {

    @CheckedTemplate(basePath = "tiles")
    static class Templates {
        static native TemplateInstance tile(TileView t);

        static native TemplateInstance lowerThird(TileView t);

        static native TemplateInstance ruling(String matchId, String text);
    }

    private Tiles() {
    }

    public static String tile(TileView view) {
        return Templates.tile(view).render().strip();
    }

    public static String lowerThird(TileView view) {
        return Templates.lowerThird(view).render().strip();
    }

    /** A ruling's line on its match's tile ({@code data-field="lastRuling"}). */
    public static String ruling(String matchId, LedgerRuling r) {
        return Templates.ruling(matchId, rulingText(r)).render().strip();
    }

    /** "FOUL · cue ball scratch (6.1 cue ball scratch or off the table): reason". */
    public static String rulingText(LedgerRuling r) {
        StringBuilder t = new StringBuilder(r.kind().replace('_', ' '));
        if (r.foul() != null) {
            t.append(" · ").append(r.foul().replace('_', ' ').toLowerCase(Locale.ROOT));
        }
        if (r.rule() != null) {
            String title = RuleTexts.of(r.rule());
            t.append(" (").append(r.rule()).append(title == null ? "" : " " + title).append(')');
        }
        if ("POINTS".equals(r.kind()) && r.points() != null) {
            t.append(" +").append(r.points());
        }
        if (r.reason() != null) {
            t.append(": ").append(r.reason());
        }
        return t.toString();
    }
}
