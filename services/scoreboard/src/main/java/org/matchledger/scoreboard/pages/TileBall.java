package org.matchledger.scoreboard.pages;

import io.quarkus.qute.TemplateData;
import org.matchledger.http.BallLook;

/**
 * A ball on the table as the pages draw it ({@link BallLook}, shared with the audit trail's appeal page): pool balls
 * numbered in their colours; in Black Ball (5.x) reds, yellows and the black, unnumbered.
 */
@TemplateData
public record TileBall(int number, String css, String label, String title) {

    static TileBall of(String discipline, int n) {
        BallLook look = BallLook.of(discipline, n);
        return new TileBall(n, look.css(), look.label(), look.title());
    }
}
