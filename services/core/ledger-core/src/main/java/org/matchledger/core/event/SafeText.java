package org.matchledger.core.event;

/**
 * What text the ledger accepts in any string of an event: no control characters (U+0000–U+001F, U+007F–U+009F) and
 * no bidirectional controls (U+202A–U+202E, U+2066–U+2069). Names and ids are shown on scoreboards, overlays, CSV
 * exports and logs, where such characters hide or reorder what an operator reads.
 */
public final class SafeText {
    private SafeText() {
    }

    public static boolean isForbidden(char c) {
        return c <= 0x1F || (c >= 0x7F && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    }

    /** The index of the first forbidden character of {@code s}, or -1. */
    public static int firstForbidden(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (isForbidden(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    public static boolean isSafe(String s) {
        return s != null && firstForbidden(s) < 0;
    }

    /** Why {@code s} is refused, or null when it is safe. */
    public static String problem(String s) {
        int i = firstForbidden(s);
        return i < 0 ? null : String.format("must not contain control characters or bidi controls (U+%04X at character %d)",
                (int) s.charAt(i), i + 1);
    }
}
