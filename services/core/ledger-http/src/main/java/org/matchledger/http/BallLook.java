package org.matchledger.http;

/**
 * How the pages draw an object ball (the scoreboard's tiles and overlays, the audit trail's appeal page, the same CSS
 * classes in each): pool balls numbered in their colours, {@code ball b1} … {@code ball b15}, any other number plain
 * {@code ball}; in Black Ball (rules 5.x) 1–7 are reds, 9–15 yellows and 8 the black, drawn unnumbered as
 * {@code ball red}, {@code ball yellow}, {@code ball black} (the title keeps the ledger's number).
 *
 * @param css   the element's classes (from this allow-list only)
 * @param label the text on the ball: its number, or nothing in Black Ball
 * @param title the ball in words: "ball 9", "red (3)"
 */
public record BallLook(String css, String label, String title) {

    /** {@code discipline} as in the view ({@code BLACKBALL}; {@code BLACK_BALL} read alike). */
    public static BallLook of(String discipline, int n) {
        if (isBlackBall(discipline) && n >= 1 && n <= 15) {
            String colour = n == 8 ? "black" : n <= 7 ? "red" : "yellow";
            return new BallLook("ball " + colour, "", colour + " (" + n + ")");
        }
        return new BallLook("ball" + (n >= 1 && n <= 15 ? " b" + n : ""), Integer.toString(n), "ball " + n);
    }

    public static boolean isBlackBall(String discipline) {
        return "BLACKBALL".equals(discipline) || "BLACK_BALL".equals(discipline);
    }
}
