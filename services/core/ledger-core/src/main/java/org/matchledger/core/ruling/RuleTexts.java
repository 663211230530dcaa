package org.matchledger.core.ruling;

/**
 * The short text of each rule number a ruling cites (WPA Rules of Play, 2008; docs/rules.md), for pages that show a
 * ruling beside its rule: "6.1" → "cue ball scratch or off the table". A switch, not a map: no hash order in the core.
 */
public final class RuleTexts {
    private RuleTexts() {
    }

    /** The rule's short text, or null for a number the ledger does not cite. */
    public static String of(String rule) {
        if (rule == null) {
            return null;
        }
        return switch (rule.trim()) {
            case "1.2" -> "lag for the break";
            case "1.5" -> "cue ball in hand";
            case "1.6" -> "called shots and safeties";
            case "1.9" -> "a shot disturbed or an event voided: the match re-derived without it";
            case "1.10" -> "appeals of a referee's decision";
            case "1.11" -> "concession loses the match";
            case "1.12" -> "stalemate: three more innings each, then a re-rack";
            case "2.3" -> "9-ball legal break: a ball pocketed or four object balls to a rail";
            case "2.4" -> "9-ball push out after the break";
            case "2.5" -> "9-ball: pocketing keeps the shooter at the table; the 9 wins the rack";
            case "3.3" -> "8-ball break: four balls to a rail; the 8 on the break";
            case "3.4" -> "8-ball open table: the first called ball pocketed decides the groups";
            case "3.5" -> "8-ball: the called 8 in the called pocket wins the rack";
            case "3.6" -> "8-ball: a missed call or a safety passes the table";
            case "3.8" -> "8-ball loss of rack: the 8 on a foul, too early, uncalled or off the table";
            case "4.2" -> "14.1 scoring: a point for each legally pocketed ball";
            case "4.3" -> "14.1 opening break: a called ball, or the cue ball and two balls to a rail";
            case "4.4" -> "14.1: fourteen balls re-racked when one is left";
            case "4.5" -> "14.1: a missed call or a safety passes the table, pocketed balls spotted";
            case "4.8" -> "14.1 re-rack: the cue ball or the last ball in the rack area";
            case "4.11" -> "14.1 third consecutive foul: 15 more points off and a re-rack";
            case "4.12" -> "14.1 stalemate: lag again, scores carried";
            case "5.5" -> "Black Ball break: a ball pocketed or two balls across the centre line";
            case "5.6" -> "Black Ball open table: pocketing one group only takes it";
            case "5.7" -> "Black Ball: an own ball pocketed keeps the shooter at the table; the black wins the frame";
            case "5.8" -> "Black Ball fouls: the opponent gets a free shot";
            case "5.9" -> "Black Ball loss of frame";
            case "6.1" -> "cue ball scratch or off the table";
            case "6.2" -> "wrong ball first";
            case "6.3" -> "no rail after contact";
            case "6.4" -> "no foot on the floor";
            case "6.5" -> "ball driven off the table";
            case "6.6" -> "touched ball";
            case "6.7" -> "double hit or frozen balls";
            case "6.8" -> "push shot";
            case "6.9" -> "balls still moving";
            case "6.10" -> "bad cue ball placement";
            case "6.11" -> "bad play from behind the head string";
            case "6.12" -> "cue stick on the table";
            case "6.13" -> "playing out of turn";
            case "6.14" -> "three consecutive fouls";
            case "6.15" -> "slow play";
            case "6.16" -> "unsportsmanlike conduct";
            default -> null;
        };
    }
}
