package org.matchledger.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Group;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PlayerView;
import org.matchledger.core.view.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Plays one match event by event, as a table client would report it: it reads the ledger's own view (folded here
 * with the rules core) to know whose turn it is and what is on the table, then makes up plausible facts.
 * Deterministic for a seed. Used by the table simulator, the load generators and the benchmarks.
 */
public final class MatchPlayer {
    private static final String[] POCKETS = {"FOOT_LEFT", "FOOT_RIGHT", "SIDE_LEFT", "SIDE_RIGHT", "HEAD_LEFT", "HEAD_RIGHT"};
    private static final String[] REFEREE_FOULS = {"FOOT_NOT_ON_FLOOR", "TOUCHED_BALL", "DOUBLE_HIT", "PUSH_SHOT",
            "BALLS_MOVING", "CUE_ON_TABLE"};

    private final String matchId;
    private final String source;
    private final Random rnd;
    private final SimProfile profile;
    private Match match = Match.EMPTY;
    private ObjectNode lastSent;
    private ObjectNode lastAppliedShot;
    private int rejectedInARow;
    private long sentCount;

    public MatchPlayer(String matchId, Discipline discipline, int raceTo, String tableId, long seed, SimProfile profile) {
        this.matchId = matchId;
        this.source = "/tables/" + tableId + "/scorer";
        this.rnd = new Random(seed);
        this.profile = profile;
        ObjectNode d = Json.MAPPER.createObjectNode();
        d.put("discipline", discipline.name());
        ArrayNode players = d.putArray("players");
        players.addObject().put("id", matchId + "-a").put("name", PlayerNames.pick(rnd));
        players.addObject().put("id", matchId + "-b").put("name", PlayerNames.pick(rnd));
        d.put("raceTo", raceTo);
        d.put("breakFormat", rnd.nextInt(4) == 0 ? "WINNER" : "ALTERNATE");
        d.put("tableId", tableId);
        if (discipline == Discipline.BLACKBALL && rnd.nextInt(4) == 0) {
            d.putObject("options").put("foulAward", "TWO_VISITS");
        }
        pending = envelope("pool.match.opened", d);
    }

    private ObjectNode pending;

    public String matchId() {
        return matchId;
    }

    public MatchView view() {
        return match.view();
    }

    public Match match() {
        return match;
    }

    public boolean finished() {
        MatchView v = match.view();
        return v != null && v.status() == Status.FINISHED;
    }

    /** Events produced so far (duplicates and the occasional rejected one included). */
    public long sentCount() {
        return sentCount;
    }

    /**
     * The next event this table sends; it is also folded here so the next call knows the new position. Returns null
     * once the match is finished.
     */
    public ObjectNode next() {
        if (finished()) {
            return null;
        }
        ObjectNode event = pending != null ? pending : makeEvent();
        pending = null;
        Outcome outcome = MatchLedger.apply(match, event);
        match = outcome.match();
        sentCount++;
        rejectedInARow = outcome.on(applied -> {
            if ("pool.shot.taken".equals(event.get("type").textValue())) {
                lastAppliedShot = event;
            }
            return 0;
        }, duplicate -> rejectedInARow, rejected -> rejectedInARow + 1);
        if (rejectedInARow > 50) {
            throw new IllegalStateException("the simulator keeps making rejected events: " + outcome.rulings());
        }
        lastSent = event;
        return event;
    }

    private ObjectNode makeEvent() {
        MatchView v = match.view();
        if (lastSent != null && rnd.nextDouble() < profile.duplicateRate()) {
            return lastSent.deepCopy(); // a client retry: same id, same content
        }
        if (v.status() == Status.AWAITING_LAG) {
            return lag(v);
        }
        if (v.pendingOption() != null) {
            List<?> options = v.pendingOption().options();
            String option = options.get(rnd.nextInt(options.size())).toString();
            if (options.contains(org.matchledger.core.event.OptionName.BREAK) && rnd.nextInt(10) < 7) {
                option = "BREAK";
            }
            return envelope("pool.option.chosen",
                    Json.MAPPER.createObjectNode().put("player", v.pendingOption().player()).put("option", option));
        }
        if (rnd.nextDouble() < profile.correctionRate() && lastAppliedShot != null && lastSent == lastAppliedShot) {
            // The scorer entered the last shot wrongly: the referee voids it and the shot is entered again.
            return envelope("pool.event.voided", Json.MAPPER.createObjectNode()
                    .put("targetId", lastAppliedShot.get("id").textValue()).put("reason", "scorer entered the wrong shot"));
        }
        if (rnd.nextDouble() < profile.refereeRate()) {
            return refereeRuling(v);
        }
        return envelope("pool.shot.taken", new ShotMaker(v, rnd).shot());
    }

    private ObjectNode lag(MatchView v) {
        ObjectNode d = Json.MAPPER.createObjectNode();
        ArrayNode results = d.putArray("results");
        for (PlayerView p : v.players()) {
            boolean bad = rnd.nextInt(12) == 0;
            results.addObject().put("player", p.id()).put("footRailContacts", bad ? 2 : 1)
                    .put("crossedLongString", false).put("touchedSideRail", false).put("pocketedOrOffTable", false)
                    .put("stoppedInCornerPocketPastHeadRail", false).put("otherFoul", false)
                    .put("distanceFromHeadRail", Math.round(rnd.nextDouble() * 400) / 10.0);
        }
        d.putNull("struckLate");
        d.put("tooCloseToCall", rnd.nextInt(20) == 0);
        return envelope("pool.lag.taken", d);
    }

    private ObjectNode refereeRuling(MatchView v) {
        ObjectNode d = Json.MAPPER.createObjectNode();
        String atTable = v.atTable() != null ? v.atTable() : v.players().get(0).id();
        if (v.stalemate() != null && v.stalemate().inningsLeft().values().stream().allMatch(n -> n == 0)) {
            return envelope("pool.ruling.made", d.put("ruling", "STALEMATE"));
        }
        int r = rnd.nextInt(10);
        if (r < 5) {
            d.put("ruling", "SLOW_PLAY").put("player", atTable);
        } else if (r < 7) {
            d.put("ruling", "UNSPORTSMANLIKE").put("player", atTable).put("penalty", "WARNING").put("note", "slamming the cue");
        } else if (r < 9 && v.stalemate() == null) {
            d.put("ruling", "NO_PROGRESS");
        } else {
            d.put("ruling", "UNSPORTSMANLIKE").put("player", atTable).put("penalty", "STANDARD_FOUL").put("note", "distracting");
        }
        return envelope("pool.ruling.made", d);
    }

    private ObjectNode envelope(String type, ObjectNode data) {
        long seq = match.lastSeq() + 1;
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("specversion", "1.0").put("id", matchId + "-" + seq + (type.equals("pool.event.voided") ? "-void" : ""))
                .put("source", source).put("type", type).put("subject", matchId).put("seq", seq)
                .put("datacontenttype", "application/json");
        e.set("data", data);
        return e;
    }

    /** Makes up the facts of the next shot from the view: realistic success rates and occasional fouls. */
    private static final class ShotMaker {
        private final MatchView v;
        private final Random rnd;
        private final ObjectNode d = Json.MAPPER.createObjectNode();
        private final List<Integer> balls;

        ShotMaker(MatchView v, Random rnd) {
            this.v = v;
            this.rnd = rnd;
            this.balls = new ArrayList<>(v.ballsOnTable());
            d.put("shooter", v.atTable());
        }

        ObjectNode shot() {
            place();
            switch (v.discipline()) {
                case NINE_BALL -> nineBall();
                case EIGHT_BALL -> eightBall();
                case STRAIGHT_POOL -> straightPool();
                case BLACKBALL -> blackBall();
            }
            return d;
        }

        private void place() {
            if (v.cueBall() == CueBall.IN_HAND_KITCHEN) {
                d.put("placement", "BEHIND_HEAD_STRING").put("cueBallCrossedHeadString", true);
            } else if (v.cueBall() == CueBall.IN_HAND) {
                d.put("placement", rnd.nextBoolean() ? "IN_FRONT_OF_HEAD_STRING" : "BEHIND_HEAD_STRING")
                        .put("cueBallCrossedHeadString", true);
            } else if (v.freeShot() && rnd.nextInt(3) == 0) {
                d.put("placement", "BEHIND_HEAD_STRING").put("cueBallCrossedHeadString", true);
            }
        }

        private void nineBall() {
            int lowest = balls.get(0);
            if (v.nextShotIsBreak()) {
                breakShot(lowest, 4, 9);
                return;
            }
            if (v.pushOutAvailable() && rnd.nextInt(6) == 0) {
                d.put("pushOut", true).put("firstContact", any()).put("railAfterContact", rnd.nextBoolean());
                return;
            }
            d.put("firstContact", lowest).put("railAfterContact", true);
            if (maybeFoul(lowest)) {
                return;
            }
            if (rnd.nextInt(100) < 62) {
                int target = balls.contains(9) && (balls.size() == 1 || rnd.nextInt(12) == 0) ? 9 : lowest;
                pocket(target, pocket());
            }
        }

        private void eightBall() {
            if (v.nextShotIsBreak()) {
                breakShot(any(), 4, 8);
                return;
            }
            int target = target(8, groupOf(v.atTable()));
            callAndShoot(target, 60);
        }

        private void straightPool() {
            if (v.nextShotIsBreak()) {
                d.put("firstContact", any()).put("cueBallToRail", true).put("railAfterContact", true)
                        .put("objectBallsToRail", rnd.nextInt(8) == 0 ? 1 : 2 + rnd.nextInt(3));
                if (rnd.nextInt(25) == 0) {
                    d.put("cueBallPocketed", true);
                }
                return;
            }
            int target = any();
            callAndShoot(target, 74);
            int pocketed = d.has("pocketed") ? d.get("pocketed").size() : 0;
            if (pocketed > 0 && balls.size() - pocketed == 1) {
                d.putObject("rerack").put("cueBallInRackArea", rnd.nextInt(8) == 0)
                        .put("lastBallInRackArea", rnd.nextInt(8) == 0).put("lastBallBehindHeadString", rnd.nextInt(4) == 0);
            }
        }

        private void blackBall() {
            if (v.nextShotIsBreak()) {
                d.put("objectBallsCrossedCenter", 1 + rnd.nextInt(5));
                breakShot(any(), 0, 8);
                return;
            }
            int target = target(8, groupOf(v.atTable()));
            d.put("firstContact", target).put("railAfterContact", true);
            if (rnd.nextInt(100) < 3) {
                d.put("cueBallJumpedBall", true);
                return;
            }
            if (maybeFoul(target)) {
                return;
            }
            if (rnd.nextInt(100) < 56) {
                pocket(target, pocket());
            }
        }

        private void breakShot(int firstContact, int minRails, int special) {
            d.put("firstContact", firstContact).put("railAfterContact", true)
                    .put("objectBallsToRail", minRails == 0 ? rnd.nextInt(6) : minRails - 1 + rnd.nextInt(5));
            int n = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(3);
            for (int i = 0; i < n; i++) {
                int b = any();
                if (b == special && rnd.nextInt(8) != 0) {
                    continue;
                }
                pocket(b, pocket());
            }
            if (rnd.nextInt(30) == 0) {
                d.put("cueBallPocketed", true);
            }
        }

        /** A called shot: makes it with the given percentage, else misses, plays safe or fouls. */
        private void callAndShoot(int target, int percent) {
            d.put("firstContact", target).put("railAfterContact", true);
            if (rnd.nextInt(100) < 4) {
                d.put("safety", true);
                return;
            }
            String pocket = pocket();
            d.putObject("call").put("ball", target).put("pocket", pocket);
            if (maybeFoul(target)) {
                return;
            }
            int r = rnd.nextInt(100);
            if (r < percent) {
                pocket(target, pocket);
                if (rnd.nextInt(20) == 0 && balls.size() > 2) {
                    int extra = any();
                    if (extra != target && extra != 8) {
                        pocket(extra, pocket());
                    }
                }
            } else if (r < percent + 4) {
                pocket(target, otherPocket(pocket)); // dropped, but not where called
            }
        }

        private boolean maybeFoul(int target) {
            int r = rnd.nextInt(100);
            if (r < 3) {
                d.put("cueBallPocketed", true);
                return true;
            }
            if (r < 5) {
                d.put("railAfterContact", false);
                return true;
            }
            if (r < 6) {
                d.putArray("fouls").add(REFEREE_FOULS[rnd.nextInt(REFEREE_FOULS.length)]);
                return true;
            }
            return false;
        }

        /** A ball the shooter may legally aim at: his group, the 8 once it is cleared, any but the 8 on an open table. */
        private int target(int eight, Group group) {
            List<Integer> candidates = new ArrayList<>();
            for (int b : balls) {
                if (b != eight && (group == null || group.contains(b))) {
                    candidates.add(b);
                }
            }
            if (candidates.isEmpty()) {
                return balls.contains(eight) ? eight : balls.get(0);
            }
            return candidates.get(rnd.nextInt(candidates.size()));
        }

        private Group groupOf(String player) {
            for (PlayerView p : v.players()) {
                if (p.id().equals(player)) {
                    return p.group();
                }
            }
            return null;
        }

        private int any() {
            return balls.get(rnd.nextInt(balls.size()));
        }

        private String pocket() {
            return POCKETS[rnd.nextInt(POCKETS.length)];
        }

        private String otherPocket(String pocket) {
            String p;
            do {
                p = pocket();
            } while (p.equals(pocket));
            return p;
        }

        private void pocket(int ball, String pocket) {
            ArrayNode a = d.has("pocketed") ? (ArrayNode) d.get("pocketed") : d.putArray("pocketed");
            for (var e : a) {
                if (e.get("ball").intValue() == ball) {
                    return;
                }
            }
            a.addObject().put("ball", ball).put("pocket", pocket);
        }
    }
}
