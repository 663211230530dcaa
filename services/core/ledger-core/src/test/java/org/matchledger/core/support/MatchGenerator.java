package org.matchledger.core.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PendingOptionView;
import org.matchledger.core.view.PlayerView;
import org.matchledger.core.view.Status;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates realistic random match logs (NINE_BALL, EIGHT_BALL) as a table client would publish them: open, lag,
 * the lag winner's option, then shots drawn from the current view (balls on the table, who is at the table, pending
 * options answered with an offered option), with occasional fouls, push outs, safeties, referee rulings, corrections,
 * appeals, duplicates and bad events. Deterministic per seed: the same seed always gives the same log.
 * <p>
 * The generator folds each event as it goes (with {@link MatchLedger}) only to learn the view it draws the next
 * event from; the events it returns are plain CloudEvents JSON and can be replayed by anything.
 * <pre>
 *   List&lt;JsonNode&gt; log = MatchGenerator.generate(42);                  // discipline drawn from the seed
 *   List&lt;JsonNode&gt; log = new MatchGenerator(42, "EIGHT_BALL", 200).events();
 *   JsonNode junk = MatchGenerator.garbage(new Random(7), "m-1", 12, List.of("m-1-1"));
 * </pre>
 */
public final class MatchGenerator {
    public static final List<String> DISCIPLINES = List.of("NINE_BALL", "EIGHT_BALL");
    public static final List<String> POCKETS = List.of("FOOT_LEFT", "FOOT_RIGHT", "SIDE_LEFT", "SIDE_RIGHT", "HEAD_LEFT", "HEAD_RIGHT");
    public static final List<String> TYPES = List.of("pool.match.opened", "pool.lag.taken", "pool.shot.taken",
            "pool.option.chosen", "pool.ruling.made", "pool.match.conceded", "pool.event.voided", "pool.event.corrected",
            "pool.appeal.filed", "pool.appeal.decided");
    private static final List<String> REFEREE_FOULS = List.of("FOOT_NOT_ON_FLOOR", "TOUCHED_BALL", "DOUBLE_HIT",
            "PUSH_SHOT", "BALLS_MOVING", "CUE_ON_TABLE");
    private static final List<String> PENALTIES = List.of("WARNING", "STANDARD_FOUL", "SERIOUS_FOUL", "LOSS_OF_RACK",
            "LOSS_OF_MATCH", "DISQUALIFICATION");
    private static final int[] PENALTY_WEIGHTS = {35, 40, 12, 8, 3, 2};
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Instant T0 = Instant.parse("2026-03-01T18:00:00Z");

    private final Random rnd;
    private final String discipline;
    private final String matchId;
    private final int maxEvents;
    private final List<JsonNode> log = new ArrayList<>();
    private final List<JsonNode> applied = new ArrayList<>();
    private final List<String> appealFilings = new ArrayList<>();
    private Match match = Match.EMPTY;
    private int idCounter;
    private int tailAfterFinish;

    /** Discipline, race and length all drawn from the seed. */
    public MatchGenerator(long seed) {
        this(seed, DISCIPLINES.get(new Random(mix(seed)).nextInt(DISCIPLINES.size())), 120 + new Random(mix(seed + 1)).nextInt(160));
    }

    public MatchGenerator(long seed, String discipline, int maxEvents) {
        this.rnd = new Random(mix(seed));
        this.discipline = discipline;
        this.matchId = "gen-" + (seed < 0 ? "n" + (-seed) : String.valueOf(seed));
        this.maxEvents = maxEvents;
    }

    /** Spreads consecutive seeds apart: java.util.Random's first draws are alike for seeds 1, 2, 3… */
    private static long mix(long seed) {
        long z = seed * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The log generated for this seed (discipline drawn from it). */
    public static List<JsonNode> generate(long seed) {
        return new MatchGenerator(seed).events();
    }

    public String matchId() {
        return matchId;
    }

    public String discipline() {
        return discipline;
    }

    /** Generates the log: every event sent, the rejected and duplicate ones included, in order. */
    public List<JsonNode> events() {
        if (!log.isEmpty()) {
            return List.copyOf(log);
        }
        send(opened());
        tailAfterFinish = 2 + rnd.nextInt(8);
        while (log.size() < maxEvents) {
            MatchView v = match.view();
            if (v == null) {
                send(opened());
                continue;
            }
            if (v.status() == Status.FINISHED) {
                if (tailAfterFinish-- <= 0) {
                    break;
                }
                send(afterFinish(v));
                continue;
            }
            int roll = rnd.nextInt(1000);
            JsonNode e;
            if (roll < 30) {
                e = badEvent(v);
            } else if (roll < 55) {
                e = duplicate(v);
            } else if (roll < 75) {
                e = correction(v);
            } else if (roll < 100) {
                e = refereeRuling(v);
            } else if (roll < 110) {
                e = appeal(v);
            } else if (roll < 113) {
                e = event("pool.match.conceded", obj().put("player", randomPlayer()));
            } else {
                e = natural(v);
            }
            send(e);
        }
        return List.copyOf(log);
    }

    // ---- folding -------------------------------------------------------------------------------------------------

    private void send(JsonNode e) {
        Outcome step = MatchLedger.apply(match, e);
        log.add(e);
        if (step.applied()) {
            applied.add(e);
            match = step.match();
            if ("pool.appeal.filed".equals(e.path("type").asText())) {
                appealFilings.add(e.get("id").asText());
            }
        }
    }

    private long nextSeq() {
        return match.lastSeq() + 1;
    }

    private ObjectNode event(String type, JsonNode data) {
        return envelope(type, nextSeq(), matchId + "-e" + (++idCounter), data);
    }

    private ObjectNode envelope(String type, long seq, String id, JsonNode data) {
        ObjectNode e = obj();
        e.put("specversion", "1.0").put("id", id).put("source", "/tables/T" + (1 + Math.abs(matchId.hashCode() % 20)) + "/scorer")
                .put("type", type).put("subject", matchId).put("seq", seq)
                .put("time", T0.plusSeconds(30L * idCounter).toString()).put("datacontenttype", "application/json");
        e.set("data", data);
        return e;
    }

    // ---- natural play --------------------------------------------------------------------------------------------

    private JsonNode opened() {
        ObjectNode d = obj().put("discipline", discipline);
        ArrayNode players = d.putArray("players");
        players.addObject().put("id", "p1").put("name", "Player One");
        players.addObject().put("id", "p2").put("name", "Player Two");
        d.put("raceTo", 1 + rnd.nextInt(3));
        d.put("breakFormat", rnd.nextInt(4) == 0 ? "WINNER" : "ALTERNATE");
        d.put("tableId", "T" + (1 + rnd.nextInt(20)));
        return event("pool.match.opened", d);
    }

    private JsonNode natural(MatchView v) {
        if (v.status() == Status.AWAITING_LAG) {
            return rnd.nextInt(100) < 3
                    ? event("pool.ruling.made", obj().put("ruling", "UNSPORTSMANLIKE").put("player", randomPlayer()).put("penalty", penalty()))
                    : event("pool.lag.taken", lag());
        }
        if (v.pendingOption() != null) {
            return event("pool.option.chosen", option(v.pendingOption()));
        }
        if (v.stalemate() != null && v.stalemate().inningsLeft().values().stream().allMatch(n -> n == 0) && rnd.nextInt(100) < 40) {
            return event("pool.ruling.made", obj().put("ruling", "STALEMATE"));
        }
        return event("pool.shot.taken", shot(v));
    }

    private ObjectNode lag() {
        ObjectNode d = obj();
        ArrayNode results = d.putArray("results");
        boolean p1First = rnd.nextBoolean();
        lagResult(results.addObject(), p1First ? "p1" : "p2");
        lagResult(results.addObject(), p1First ? "p2" : "p1");
        int r = rnd.nextInt(100);
        if (r < 3) {
            d.put("struckLate", randomPlayer());
        } else {
            d.putNull("struckLate");
        }
        d.put("tooCloseToCall", r >= 3 && r < 7);
        return d;
    }

    private void lagResult(ObjectNode r, String player) {
        boolean bad = rnd.nextInt(100) < 12;
        int badKind = rnd.nextInt(6);
        r.put("player", player)
                .put("footRailContacts", bad && badKind == 0 ? rnd.nextInt(2) * 2 : 1)
                .put("crossedLongString", bad && badKind == 1)
                .put("touchedSideRail", bad && badKind == 2)
                .put("pocketedOrOffTable", bad && badKind == 3)
                .put("stoppedInCornerPocketPastHeadRail", bad && badKind == 4)
                .put("otherFoul", bad && badKind == 5)
                .put("distanceFromHeadRail", rnd.nextInt(120) / 2.0);
    }

    private ObjectNode option(PendingOptionView p) {
        String player = p.player();
        String option = p.options().get(rnd.nextInt(p.options().size())).name();
        int r = rnd.nextInt(100);
        if (r < 2) {
            player = other(player); // not his to choose: rejected
        } else if (r < 4) {
            option = pick(List.of("BREAK", "OPPONENT_BREAKS", "SHOOT", "PASS", "ACCEPT_TABLE", "REBREAK", "OPPONENT_REBREAKS", "SPOT_EIGHT"));
        }
        return obj().put("player", player).put("option", option);
    }

    /** A shot drawn from the view: the player at the table (sometimes the other one), balls that are on the table. */
    private ObjectNode shot(MatchView v) {
        String shooter = v.atTable() != null ? v.atTable() : randomPlayer();
        if (rnd.nextInt(100) < 3) {
            shooter = other(shooter); // 6.13
        }
        ObjectNode d = obj().put("shooter", shooter);
        List<Integer> table = v.ballsOnTable();
        boolean hisTurn = shooter.equals(v.atTable());
        if (v.cueBall() == CueBall.IN_HAND_KITCHEN && hisTurn) {
            int r = rnd.nextInt(100);
            d.put("placement", r < 93 ? "BEHIND_HEAD_STRING" : r < 97 ? "ON_HEAD_STRING" : "IN_FRONT_OF_HEAD_STRING");
            if (rnd.nextInt(100) < 5) {
                d.put("firstContactBehindHeadString", true).put("cueBallCrossedHeadString", rnd.nextBoolean());
            }
        } else if (v.cueBall() == CueBall.IN_HAND && hisTurn && rnd.nextInt(100) < 90) {
            d.put("placement", pick(List.of("BEHIND_HEAD_STRING", "ON_HEAD_STRING", "IN_FRONT_OF_HEAD_STRING")));
        }
        if (table.isEmpty()) {
            d.putNull("firstContact");
            return d;
        }
        if (v.nextShotIsBreak()) {
            breakShot(d, table);
        } else if (v.discipline().name().equals("NINE_BALL")) {
            nineBallShot(d, v, table);
        } else {
            eightBallShot(d, v, shooter, table);
        }
        // occasional fouls seen in the ball facts or by the referee
        List<Integer> left = remaining(table, d);
        int r = rnd.nextInt(1000);
        if (v.nextShotIsBreak() && r >= 45 && r < 165) {
            r = 50; // balls fly off the table more often on a break
        }
        if (r < 45) {
            d.put(rnd.nextInt(5) == 0 ? "cueBallOffTable" : "cueBallPocketed", true);
        } else if (r < 65 && !left.isEmpty()) {
            int ball = v.nextShotIsBreak() && v.discipline().name().equals("EIGHT_BALL") && left.contains(8) && rnd.nextBoolean()
                    ? 8 : pick(left);
            d.putArray("offTable").add(ball);
        } else if (r < 95) {
            d.putArray("fouls").add(pick(REFEREE_FOULS));
        }
        return d;
    }

    private void breakShot(ObjectNode d, List<Integer> table) {
        boolean nine = discipline.equals("NINE_BALL");
        d.put("firstContact", nine && rnd.nextInt(100) < 92 ? table.get(0) : pick(table));
        int k = weighted(40, 35, 20, 5);
        List<Integer> down = pickDistinct(table, k);
        int gameBall = nine ? 9 : 8;
        if (rnd.nextInt(100) < 6 && table.contains(gameBall) && !down.contains(gameBall)) {
            down.add(gameBall); // the 9 (or the 8) on the break
        }
        pocket(d, down);
        d.put("railAfterContact", true);
        d.put("objectBallsToRail", rnd.nextInt(100) < 65 ? 4 + rnd.nextInt(5) : rnd.nextInt(4));
    }

    private void nineBallShot(ObjectNode d, MatchView v, List<Integer> table) {
        int lowest = table.get(0);
        if (v.pushOutAvailable() && rnd.nextInt(100) < 35) {
            d.put("pushOut", true);
            if (rnd.nextInt(100) < 70) {
                d.put("firstContact", pick(table));
            } else {
                d.putNull("firstContact");
            }
            if (rnd.nextInt(100) < 10) {
                pocket(d, pickDistinct(table, 1));
            }
            d.put("railAfterContact", rnd.nextBoolean());
            return;
        }
        int r = rnd.nextInt(100);
        Integer first = r < 88 ? Integer.valueOf(lowest) : r < 95 ? pick(table) : null;
        if (first == null) {
            d.putNull("firstContact");
        } else {
            d.put("firstContact", first);
        }
        List<Integer> down = new ArrayList<>();
        int k = weighted(50, 38, 9, 3);
        if (k > 0 && first != null && rnd.nextInt(100) < 70) {
            down.add(first);
        }
        for (Integer b : pickDistinct(table, k)) {
            if (down.size() < k && !down.contains(b)) {
                down.add(b);
            }
        }
        if (rnd.nextInt(100) < 6 && !down.contains(9)) {
            down.add(9); // a combination on the 9
        }
        pocket(d, down);
        d.put("railAfterContact", !down.isEmpty() || rnd.nextInt(100) < 85);
        if (rnd.nextInt(100) < 4) {
            d.put("safety", true);
        }
    }

    private void eightBallShot(ObjectNode d, MatchView v, String shooter, List<Integer> table) {
        Group group = player(v, shooter).group();
        List<Integer> candidates = new ArrayList<>();
        for (int b : table) {
            if (b != 8 && (group == null || group.contains(b))) {
                candidates.add(b);
            }
        }
        if (candidates.isEmpty() && table.contains(8)) {
            candidates.add(8);
        }
        if (candidates.isEmpty()) {
            candidates.addAll(table);
        }
        int target = rnd.nextInt(100) < 90 ? pick(candidates) : pick(table);
        String calledPocket = pick(POCKETS);
        if (rnd.nextInt(100) < 95) {
            d.putObject("call").put("ball", target).put("pocket", calledPocket);
        }
        if (rnd.nextInt(100) < 5) {
            d.put("safety", true);
        }
        int r = rnd.nextInt(100);
        if (r < 93) {
            d.put("firstContact", target);
        } else if (r < 97) {
            d.put("firstContact", pick(table));
        } else {
            d.putNull("firstContact");
        }
        ArrayNode pocketed = F.arrayNode();
        int p = rnd.nextInt(100);
        if (p < 50) {
            pocketed.addObject().put("ball", target).put("pocket", calledPocket);
        } else if (p < 60) {
            pocketed.addObject().put("ball", target).put("pocket", otherPocket(calledPocket));
        }
        if (rnd.nextInt(100) < 15) {
            List<Integer> others = new ArrayList<>(table);
            others.remove(Integer.valueOf(target));
            if (!others.isEmpty()) {
                pocketed.addObject().put("ball", pick(others)).put("pocket", pick(POCKETS));
            }
        }
        if (!pocketed.isEmpty()) {
            d.set("pocketed", pocketed);
        }
        d.put("railAfterContact", !pocketed.isEmpty() || rnd.nextInt(100) < 85);
    }

    // ---- referee, corrections, appeals, duplicates -----------------------------------------------------------------

    private JsonNode refereeRuling(MatchView v) {
        int r = rnd.nextInt(100);
        ObjectNode d = obj();
        if (r < 35) {
            d.put("ruling", "SLOW_PLAY").put("player", v.atTable() != null && rnd.nextInt(4) > 0 ? v.atTable() : randomPlayer());
        } else if (r < 55) {
            d.put("ruling", "UNSPORTSMANLIKE").put("player", randomPlayer()).put("penalty", penalty());
        } else if (r < 72) {
            d.put("ruling", "NO_PROGRESS");
        } else if (r < 85) {
            d.put("ruling", "STALEMATE");
        } else {
            d.put("ruling", "OUTSIDE_INTERFERENCE");
        }
        if (rnd.nextInt(10) == 0) {
            d.put("note", "referee note " + rnd.nextInt(100));
        }
        return event("pool.ruling.made", d);
    }

    private String penalty() {
        return PENALTIES.get(weighted(PENALTY_WEIGHTS));
    }

    private JsonNode correction(MatchView v) {
        JsonNode target = applied.size() > 1 && rnd.nextInt(100) < 95 ? applied.get(1 + rnd.nextInt(applied.size() - 1)) : applied.get(0);
        String targetId = rnd.nextInt(100) < 3 ? "no-such-event" : target.get("id").asText();
        if (rnd.nextBoolean()) {
            return event("pool.event.voided", obj().put("targetId", targetId).put("reason", "entered by mistake"));
        }
        ObjectNode d = obj().put("targetId", targetId).put("reason", "scorer entered the wrong facts");
        ObjectNode replacement = d.putObject("replacement");
        String type = target.get("type").asText();
        JsonNode data = target.get("data").deepCopy();
        if ("pool.shot.taken".equals(type)) {
            mutateShot((ObjectNode) data, v);
        } else if ("pool.option.chosen".equals(type)) {
            ((ObjectNode) data).put("option", pick(List.of("BREAK", "OPPONENT_BREAKS", "SHOOT", "PASS", "ACCEPT_TABLE", "REBREAK", "SPOT_EIGHT")));
        } else if ("pool.ruling.made".equals(type) && data.has("player")) {
            ((ObjectNode) data).put("player", randomPlayer());
        } else if (rnd.nextInt(3) == 0) {
            type = "pool.shot.taken"; // the scorer recorded the wrong kind of event
            data = obj().put("shooter", randomPlayer()).put("firstContact", 1).put("railAfterContact", true);
        }
        replacement.put("type", type);
        replacement.set("data", data);
        return event("pool.event.corrected", d);
    }

    private void mutateShot(ObjectNode d, MatchView v) {
        switch (rnd.nextInt(5)) {
            case 0 -> d.put("cueBallPocketed", !d.path("cueBallPocketed").asBoolean(false));
            case 1 -> d.remove("pocketed");
            case 2 -> d.put("firstContact", 1 + rnd.nextInt(v.discipline().name().equals("NINE_BALL") ? 9 : 15));
            case 3 -> d.put("shooter", other(d.path("shooter").asText("p1")));
            default -> d.putArray("pocketed").addObject().put("ball", 1 + rnd.nextInt(9)).put("pocket", pick(POCKETS));
        }
    }

    private JsonNode appeal(MatchView v) {
        if (!appealFilings.isEmpty() && rnd.nextBoolean()) {
            return event("pool.appeal.decided", obj().put("appealId", pick(appealFilings)).put("upheld", rnd.nextBoolean())
                    .put("note", "decided"));
        }
        JsonNode target = applied.get(rnd.nextInt(applied.size()));
        return event("pool.appeal.filed", obj().put("player", randomPlayer()).put("targetId", target.get("id").asText())
                .put("grounds", "the referee missed it"));
    }

    private JsonNode duplicate(MatchView v) {
        JsonNode earlier = applied.get(rnd.nextInt(applied.size()));
        if (rnd.nextInt(100) < 70) {
            return earlier.deepCopy(); // the same event again: DUPLICATE
        }
        ObjectNode changed = (ObjectNode) earlier.deepCopy(); // same id, other content: rejected
        changed.put("seq", nextSeq());
        changed.put("time", T0.plusSeconds(30L * (++idCounter)).toString());
        return changed;
    }

    /** An event a faulty client could send: each is rejected (or harmlessly applied) by the ledger. */
    private JsonNode badEvent(MatchView v) {
        ObjectNode e = (ObjectNode) natural(v);
        ObjectNode d = (ObjectNode) e.get("data");
        switch (rnd.nextInt(13)) {
            case 0 -> e.put("seq", nextSeq() + 1 + rnd.nextInt(3)); // gap
            case 1 -> e.put("seq", Math.max(1, nextSeq() - 1 - rnd.nextInt(3))); // taken
            case 2 -> e.put("subject", "other-match");
            case 3 -> e.put("type", "pool.frame.exploded");
            case 4 -> e.set("data", obj().put("shooter", v.atTable() == null ? "p1" : v.atTable()).put("firstContact", 1)
                    .set("pocketed", F.arrayNode().add(obj().put("ball", offTableBall(v)).put("pocket", "FOOT_LEFT"))));
            case 5 -> e.set("data", obj().put("shooter", "p3").put("firstContact", 1));
            case 6 -> e.set("data", obj().put("firstContact", 1));
            case 7 -> e.set("data", obj().put("shooter", v.atTable() == null ? "p1" : v.atTable()).put("placement", "BEHIND_HEAD_STRING")
                    .put("firstContact", v.ballsOnTable().isEmpty() ? 1 : v.ballsOnTable().get(0)));
            case 8 -> e.set("data", obj().put("shooter", v.atTable() == null ? "p1" : v.atTable()).put("pushOut", true).putNull("firstContact"));
            case 9 -> {
                e.put("type", "pool.option.chosen");
                e.set("data", obj().put("player", randomPlayer()).put("option", "SHOOT"));
            }
            case 10 -> {
                e.put("type", "pool.lag.taken");
                e.set("data", lag());
            }
            case 11 -> {
                e.put("seq", String.valueOf(nextSeq()));
                d.put("firstContact", "one");
            }
            default -> {
                return rnd.nextBoolean() ? F.arrayNode().add(e) : F.numberNode(nextSeq());
            }
        }
        return e;
    }

    private int offTableBall(MatchView v) {
        int highest = v.discipline().name().equals("NINE_BALL") ? 9 : 15;
        for (int b = 1; b <= highest; b++) {
            if (!v.ballsOnTable().contains(b)) {
                return b;
            }
        }
        return highest + 1 + rnd.nextInt(15 - Math.min(highest, 14)); // 10–15 are not 9-ball balls
    }

    /** After the match is over: mostly events the ledger must refuse, sometimes an appeal or a correction. */
    private JsonNode afterFinish(MatchView v) {
        int r = rnd.nextInt(100);
        if (r < 10) {
            return correction(v);
        }
        if (r < 20) {
            return appeal(v);
        }
        if (r < 30) {
            return duplicate(v);
        }
        if (r < 45) {
            return refereeRuling(v);
        }
        if (r < 55) {
            return event("pool.match.conceded", obj().put("player", randomPlayer()));
        }
        if (r < 65) {
            return event("pool.lag.taken", lag());
        }
        if (r < 75) {
            return event("pool.option.chosen", obj().put("player", randomPlayer()).put("option", "BREAK"));
        }
        if (r < 80) {
            return opened();
        }
        return event("pool.shot.taken", shot(v));
    }

    // ---- garbage ---------------------------------------------------------------------------------------------------

    private static final List<String> FIELD_NAMES = List.of("shooter", "player", "firstContact", "pocketed", "ball",
            "pocket", "call", "offTable", "placement", "pushOut", "safety", "cueBallPocketed", "cueBallOffTable",
            "railAfterContact", "objectBallsToRail", "fouls", "rerack", "option", "ruling", "penalty", "note",
            "targetId", "replacement", "type", "data", "reason", "appealId", "upheld", "grounds", "results",
            "footRailContacts", "distanceFromHeadRail", "struckLate", "tooCloseToCall", "discipline", "players", "id",
            "name", "raceTo", "breakFormat", "options", "foulAward", "seq", "zz_unknown");
    private static final List<String> WORDS = List.of("p1", "p2", "p3", "", "NINE_BALL", "EIGHT_BALL", "STRAIGHT_POOL",
            "BLACKBALL", "FOOT_LEFT", "HEAD_RIGHT", "MIDDLE", "SHOOT", "PASS", "BREAK", "SPOT_EIGHT", "SLOW_PLAY",
            "STALEMATE", "NO_PROGRESS", "UNSPORTSMANLIKE", "OUTSIDE_INTERFERENCE", "SNOOKERED", "WARNING",
            "LOSS_OF_MATCH", "DOUBLE_HIT", "PLAYED_BEFORE_RACK_COMPLETE", "BEHIND_HEAD_STRING", "pool.shot.taken",
            "pool.event.voided", "x".repeat(70), "\u0000", "ž", "null", "1", "{}", "FREE_SHOT", "TWO_VISITS");

    /**
     * A random event a broken client could send: random types (unknown ones included), random fields, random
     * numbers, strings, nulls, players, seqs and nesting. {@code nextSeq} and {@code knownIds} let it hit the
     * interesting cases (the expected seq, ids already applied) often enough.
     */
    public static JsonNode garbage(Random rnd, String matchId, long nextSeq, List<String> knownIds) {
        if (rnd.nextInt(100) < 8) {
            return randomValue(rnd, 2);
        }
        ObjectNode e = F.objectNode();
        maybe(rnd, e, "specversion", () -> rnd.nextInt(100) < 85 ? F.textNode("1.0") : randomValue(rnd, 0));
        maybe(rnd, e, "id", () -> {
            int r = rnd.nextInt(100);
            if (r < 20 && !knownIds.isEmpty()) {
                return F.textNode(knownIds.get(rnd.nextInt(knownIds.size())));
            }
            return r < 90 ? F.textNode("junk-" + rnd.nextInt(1_000_000)) : randomValue(rnd, 0);
        });
        maybe(rnd, e, "source", () -> rnd.nextInt(100) < 85 ? F.textNode("/tables/T9/scorer") : randomValue(rnd, 0));
        maybe(rnd, e, "type", () -> {
            int r = rnd.nextInt(100);
            return r < 80 ? F.textNode(TYPES.get(rnd.nextInt(TYPES.size())))
                    : r < 90 ? F.textNode("pool." + WORDS.get(rnd.nextInt(WORDS.size()))) : randomValue(rnd, 0);
        });
        maybe(rnd, e, "subject", () -> rnd.nextInt(100) < 85 ? F.textNode(matchId) : randomValue(rnd, 0));
        maybe(rnd, e, "seq", () -> {
            int r = rnd.nextInt(100);
            return r < 55 ? F.numberNode(nextSeq) : r < 85 ? F.numberNode(nextSeq - 3 + rnd.nextInt(7)) : randomValue(rnd, 0);
        });
        if (rnd.nextInt(100) < 40) {
            e.set("time", rnd.nextBoolean() ? F.textNode("2026-03-01T18:00:00Z") : randomValue(rnd, 0));
        }
        if (rnd.nextInt(100) < 30) {
            e.set("datacontenttype", rnd.nextBoolean() ? F.textNode("application/json") : randomValue(rnd, 0));
        }
        if (rnd.nextInt(100) < 10) {
            e.set(FIELD_NAMES.get(rnd.nextInt(FIELD_NAMES.size())), randomValue(rnd, 2)); // unknown attribute
        }
        maybe(rnd, e, "data", () -> rnd.nextInt(100) < 90 ? randomData(rnd, 3, knownIds) : randomValue(rnd, 1));
        return e;
    }

    private interface Value {
        JsonNode get();
    }

    private static void maybe(Random rnd, ObjectNode e, String field, Value v) {
        int r = rnd.nextInt(100);
        if (r < 92) {
            e.set(field, v.get());
        } else if (r < 96) {
            e.putNull(field);
        } // else absent
    }

    private static ObjectNode randomData(Random rnd, int depth, List<String> knownIds) {
        ObjectNode d = F.objectNode();
        int n = rnd.nextInt(7);
        for (int i = 0; i < n; i++) {
            String name = FIELD_NAMES.get(rnd.nextInt(FIELD_NAMES.size()));
            int r = rnd.nextInt(100);
            if (r < 15 && !knownIds.isEmpty() && (name.equals("targetId") || name.equals("appealId"))) {
                d.put(name, knownIds.get(rnd.nextInt(knownIds.size())));
            } else if (r < 35 && depth > 0) {
                d.set(name, randomData(rnd, depth - 1, knownIds));
            } else if (r < 50 && depth > 0) {
                ArrayNode a = d.putArray(name);
                int k = rnd.nextInt(4);
                for (int j = 0; j < k; j++) {
                    a.add(rnd.nextBoolean() ? randomData(rnd, depth - 1, knownIds) : randomValue(rnd, 0));
                }
            } else {
                d.set(name, randomValue(rnd, depth > 0 ? 1 : 0));
            }
        }
        return d;
    }

    private static JsonNode randomValue(Random rnd, int depth) {
        int r = rnd.nextInt(depth > 0 ? 14 : 12);
        return switch (r) {
            case 0 -> F.nullNode();
            case 1 -> F.booleanNode(rnd.nextBoolean());
            case 2 -> F.numberNode(rnd.nextInt(20) - 3);
            case 3 -> F.numberNode(rnd.nextInt(16));
            case 4 -> F.numberNode(new BigDecimal(rnd.nextInt(200) - 50).movePointLeft(1));
            case 5 -> F.numberNode(new BigInteger("123456789012345678901234567890"));
            case 6 -> F.numberNode(rnd.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE);
            case 7 -> F.numberNode(rnd.nextBoolean() ? Double.NaN : 1e308 * 10);
            case 8, 9, 10 -> F.textNode(WORDS.get(rnd.nextInt(WORDS.size())));
            case 11 -> F.textNode(Integer.toString(rnd.nextInt(20)));
            case 12 -> {
                ArrayNode a = F.arrayNode();
                int k = rnd.nextInt(4);
                for (int j = 0; j < k; j++) {
                    a.add(randomValue(rnd, depth - 1));
                }
                yield a;
            }
            default -> {
                ObjectNode o = F.objectNode();
                int k = rnd.nextInt(4);
                for (int j = 0; j < k; j++) {
                    o.set(FIELD_NAMES.get(rnd.nextInt(FIELD_NAMES.size())), randomValue(rnd, depth - 1));
                }
                yield o;
            }
        };
    }

    // ---- small helpers -----------------------------------------------------------------------------------------------

    private static ObjectNode obj() {
        return Json.MAPPER.createObjectNode();
    }

    private void pocket(ObjectNode d, List<Integer> balls) {
        if (balls.isEmpty()) {
            if (rnd.nextBoolean()) {
                d.putArray("pocketed");
            }
            return;
        }
        ArrayNode a = d.putArray("pocketed");
        for (int b : balls) {
            a.addObject().put("ball", b).put("pocket", pick(POCKETS));
        }
    }

    private static List<Integer> remaining(List<Integer> table, ObjectNode d) {
        List<Integer> left = new ArrayList<>(table);
        for (JsonNode p : d.path("pocketed")) {
            left.remove(Integer.valueOf(p.path("ball").asInt()));
        }
        return left;
    }

    private List<Integer> pickDistinct(List<Integer> from, int k) {
        List<Integer> pool = new ArrayList<>(from);
        List<Integer> out = new ArrayList<>();
        while (out.size() < k && !pool.isEmpty()) {
            out.add(pool.remove(rnd.nextInt(pool.size())));
        }
        return out;
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    private int weighted(int... weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int r = rnd.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            r -= weights[i];
            if (r < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    private String otherPocket(String pocket) {
        String p;
        do {
            p = pick(POCKETS);
        } while (p.equals(pocket));
        return p;
    }

    private String randomPlayer() {
        return rnd.nextBoolean() ? "p1" : "p2";
    }

    private static String other(String player) {
        return "p1".equals(player) ? "p2" : "p1";
    }

    private static PlayerView player(MatchView v, String id) {
        return v.players().stream().filter(p -> p.id().equals(id)).findFirst().orElse(v.players().get(0));
    }

    /** Ids of the events of a log, for {@link #garbage}. */
    public static List<String> ids(List<JsonNode> events) {
        List<String> ids = new ArrayList<>();
        for (JsonNode e : events) {
            if (e.path("id").isTextual()) {
                ids.add(e.get("id").asText());
            }
        }
        return ids;
    }
}
