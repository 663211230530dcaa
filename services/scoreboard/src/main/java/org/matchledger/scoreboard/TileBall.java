package org.matchledger.scoreboard;

import io.quarkus.qute.TemplateData;

/**
 * A ball on the table as the pages draw it: pool balls numbered in their colours ({@code b1}…{@code b15}, any other
 * number plain); in Black Ball (5.x) 1–7 are red, 9–15 yellow and 8 the black, drawn unnumbered ({@code title} keeps
 * the ledger's number).
 */
@TemplateData
public record TileBall(int number, String css, String label, String title) {

    static TileBall of(boolean blackBall, int n) {
        if (blackBall && n >= 1 && n <= 15) {
            String colour = n == 8 ? "black" : n <= 7 ? "red" : "yellow";
            return new TileBall(n, "ball " + colour, "", colour + " (" + n + ")");
        }
        return new TileBall(n, "ball" + (n >= 1 && n <= 15 ? " b" + n : ""), Integer.toString(n), "ball " + n);
    }
}
