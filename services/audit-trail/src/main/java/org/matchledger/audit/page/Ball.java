package org.matchledger.audit.page;

import io.quarkus.qute.TemplateData;
import org.matchledger.http.BallLook;

import java.util.ArrayList;
import java.util.List;

/**
 * An object ball as the pages draw it ({@link BallLook}, shared with the scoreboard's tiles; {@code appeal.css}): pool
 * balls numbered in their colours ({@code b1}…{@code b15}); in Black Ball (5.x) 1–7 are red, 9–15 yellow and 8 the
 * black, drawn as such and unnumbered ({@code title} keeps the ledger's number for the record).
 */
@TemplateData
public record Ball(int number, String css, String label, String title) {

    public static Ball of(String discipline, int n) {
        BallLook look = BallLook.of(discipline, n);
        return new Ball(n, look.css(), look.label(), look.title());
    }

    public static List<Ball> of(String discipline, Iterable<Integer> numbers) {
        List<Ball> out = new ArrayList<>();
        numbers.forEach(n -> out.add(of(discipline, n)));
        return out;
    }

    /** How a fact names the ball in words: "7", or "red (3)" in Black Ball. */
    public static String word(String discipline, int n) {
        return BallLook.isBlackBall(discipline) ? of(discipline, n).title() : Integer.toString(n);
    }
}
