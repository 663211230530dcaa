package org.matchledger.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PlayerView;
import org.matchledger.core.view.Status;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Conservation of points in 14.1 (plain JUnit, one {@link Random} per seed): random but well-formed matches — calls,
 * misses, safeties, fouls, breaking fouls and their options, re-racks with random {@code rerack} facts, referee
 * rulings (slow play, 6.16 penalties, stalemates) and the occasional correction (void, corrected shot, outside
 * interference). After every event each player's {@code score} must equal the sum of the {@code points} of the rulings
 * that currently stand for him. "Currently standing" is defined two ways:
 * <ol>
 *   <li><b>Refolded log.</b> Take the log as it now reads (docs/events.md "referee corrections"): drop the corrections
 *   themselves, drop voided events (a void, or an {@code OUTSIDE_INTERFERENCE} ruling, which voids the last event
 *   before it that reads as a shot), replace a corrected event's type and data by its latest replacement. Fold that
 *   log from scratch with fresh seqs and ids; the standing rulings are that fold's rulings. No ruling superseded by a
 *   correction is in it, and it does not depend on how a correction reports its re-judgement. Its view must also be
 *   the live view (lastSeq aside).</li>
 *   <li><b>Ledger.</b> From the rulings the ledger emitted, per event {@code seq}: the rulings an event got when it
 *   was applied stand until a correction re-judges it; a correction's re-judged rulings ({@code rejudges = s}) then
 *   stand for event {@code s}; a voided event has none; a corrected target has the rulings re-given for it
 *   ({@code rejudges} = the target's seq); a correction's own {@code EVENT_VOIDED} / {@code EVENT_CORRECTED} stands
 *   for its own seq (no points).</li>
 * </ol>
 */
class StraightPoolProperties {
    private static final String[] POCKETS = {"FOOT_LEFT", "FOOT_RIGHT", "SIDE_LEFT", "SIDE_RIGHT", "HEAD_LEFT", "HEAD_RIGHT"};
    private static final String[] REFEREE_FOULS = {"FOOT_NOT_ON_FLOOR", "TOUCHED_BALL", "DOUBLE_HIT", "PUSH_SHOT", "BALLS_MOVING", "CUE_ON_TABLE"};
    private static final int RACE = 120;
    private static final int MAX_EVENTS = 500;

    static LongStream seeds() {
        return LongStream.rangeClosed(1, 100);
    }

    /** Which corrections the generator may send. */
    private enum Corrections { NONE, VOIDS_ONLY, ALL }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void scoresEqualThePointsOfTheRefoldedLog(long seed) {
        new RandomMatch(seed, Corrections.ALL).play(true, false);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void scoresEqualThePointsOfTheStandingLedgerRulings_voidsOnly(long seed) {
        new RandomMatch(seed, Corrections.VOIDS_ONLY).play(true, true);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void scoresEqualThePointsOfTheStandingLedgerRulings_withCorrectedShots(long seed) {
        new RandomMatch(seed, Corrections.ALL).play(false, true);
    }

    /** One random match, checked after every event. */
    private static final class RandomMatch {
        private final Random rnd;
        private final Corrections corrections;
        private final MatchScript m = MatchScript.open("STRAIGHT_POOL", RACE);

        /** Applied, non-correction events in log order: seq, type, data as sent. */
        private final List<Long> logSeqs = new ArrayList<>();
        private final Map<Long, String> logTypes = new HashMap<>();
        private final Map<Long, ObjectNode> logData = new HashMap<>();
        /** Latest correction per target seq: null value = voided, else {type, data}. */
        private final Map<Long, JsonNode> patches = new HashMap<>();
        private final List<Long> shotSeqs = new ArrayList<>();
        /** Ledger reading: the rulings standing for each seq. */
        private final Map<Long, List<Ruling>> standing = new LinkedHashMap<>();

        /** The refolded log, kept up to date (rebuilt after each correction). */
        private Match refold = Match.EMPTY;
        private final List<Ruling> refoldRulings = new ArrayList<>();
        private int freshIds;

        RandomMatch(long seed, Corrections corrections) {
            this.rnd = new Random(seed);
            this.corrections = corrections;
            recordApplied(); // pool.match.opened
        }

        void play(boolean checkRefold, boolean checkLedger) {
            for (int i = 0; i < MAX_EVENTS && m.view().status() != Status.FINISHED; i++) {
                next();
                if (!m.lastApplied()) {
                    continue; // a rejected event changes nothing (and the generator tries again)
                }
                recordApplied();
                String where = "after seq " + m.view().lastSeq() + " " + m.sent().get(m.sent().size() - 1);
                if (checkRefold) {
                    Map<String, Integer> sums = sums(refoldRulings);
                    for (PlayerView p : m.view().players()) {
                        assertEquals(p.score(), sums.getOrDefault(p.id(), 0), p.id() + " vs the refolded log, " + where);
                    }
                    assertEquals(normalised(m.view()), normalised(refold.view()), "live view vs refolded log, " + where);
                }
                if (checkLedger) {
                    List<Ruling> stand = standing.values().stream().flatMap(List::stream).toList();
                    Map<String, Integer> sums = sums(stand);
                    for (PlayerView p : m.view().players()) {
                        assertEquals(p.score(), sums.getOrDefault(p.id(), 0), p.id() + " vs the standing ledger, " + where);
                    }
                }
            }
        }

        private static Map<String, Integer> sums(List<Ruling> rulings) {
            Map<String, Integer> sums = new HashMap<>();
            for (Ruling r : rulings) {
                if (r.points() != null && r.kind() != RulingKind.EVENT_REJECTED) {
                    sums.merge(r.player(), r.points(), Integer::sum);
                }
            }
            return sums;
        }

        private static String normalised(MatchView v) {
            JsonNode n = Json.MAPPER.valueToTree(v);
            ((ObjectNode) n).remove("lastSeq");
            return n.toString();
        }

        // ---- bookkeeping of what the ledger applied -----------------------------------------------------------

        private void recordApplied() {
            JsonNode ev = m.sent().get(m.sent().size() - 1);
            long seq = ev.get("seq").asLong();
            String type = ev.get("type").asText();
            ObjectNode data = (ObjectNode) ev.get("data");
            List<Ruling> rs = m.rulings();
            boolean interference = type.equals("pool.ruling.made") && data.get("ruling").asText().equals("OUTSIDE_INTERFERENCE");
            if (type.equals("pool.event.voided") || type.equals("pool.event.corrected") || interference) {
                long target;
                if (interference) {
                    target = lastShotStandingBefore(seq);
                    assertEquals(m.idOf(target), rs.get(0).targetId(), "1.9: the last shot standing is voided");
                    patches.put(target, null);
                } else {
                    target = seqOf(data.get("targetId").asText());
                    patches.put(target, type.equals("pool.event.voided") ? null : data.get("replacement"));
                }
                Long t = target;
                standing.put(seq, List.of(rs.get(0)));
                standing.put(t, rs.stream().filter(r -> t.equals(r.rejudges())).toList());
                for (Ruling r : rs) {
                    if (r.rejudges() != null && !t.equals(r.rejudges())) {
                        standing.put(r.rejudges(), rs.stream().filter(x -> r.rejudges().equals(x.rejudges())).toList());
                    }
                }
                rebuildRefold();
                return;
            }
            standing.put(seq, rs);
            logSeqs.add(seq);
            logTypes.put(seq, type);
            logData.put(seq, data);
            if (type.equals("pool.shot.taken")) {
                shotSeqs.add(seq);
            }
            refoldOne(type, data);
        }

        private long seqOf(String id) {
            return Long.parseLong(id.substring(id.lastIndexOf('-') + 1));
        }

        /** The last event before {@code seq} that is not voided and reads as a shot. */
        private long lastShotStandingBefore(long seq) {
            for (int i = logSeqs.size() - 1; i >= 0; i--) {
                long s = logSeqs.get(i);
                if (s >= seq) {
                    continue;
                }
                if (patches.containsKey(s)) {
                    JsonNode p = patches.get(s);
                    if (p != null && p.get("type").asText().equals("pool.shot.taken")) {
                        return s;
                    }
                } else if (logTypes.get(s).equals("pool.shot.taken")) {
                    return s;
                }
            }
            return -1;
        }

        private void rebuildRefold() {
            refold = Match.EMPTY;
            refoldRulings.clear();
            for (long s : logSeqs) {
                if (patches.containsKey(s)) {
                    JsonNode p = patches.get(s);
                    if (p != null) {
                        refoldOne(p.get("type").asText(), (ObjectNode) p.get("data"));
                    }
                } else {
                    refoldOne(logTypes.get(s), logData.get(s));
                }
            }
        }

        private void refoldOne(String type, ObjectNode data) {
            ObjectNode e = m.envelope(type, refold.lastSeq() + 1, "refold-" + (++freshIds));
            e.set("data", data);
            Outcome step = MatchLedger.apply(refold, e);
            refold = step.match();
            if (step.applied()) {
                refoldRulings.addAll(step.rulings());
            }
        }

        // ---- the generator ------------------------------------------------------------------------------------

        private String otherOf(String p) {
            return "p1".equals(p) ? "p2" : "p1";
        }

        private String anyPlayer() {
            return rnd.nextBoolean() ? "p1" : "p2";
        }

        private <T> T pick(List<T> list) {
            return list.get(rnd.nextInt(list.size()));
        }

        private String pocket() {
            return POCKETS[rnd.nextInt(POCKETS.length)];
        }

        /** Sends one well-formed event chosen from the live view. */
        private void next() {
            MatchView v = m.view();
            if (v.status() == Status.AWAITING_LAG) {
                if (rnd.nextInt(12) == 0) {
                    m.ruling("UNSPORTSMANLIKE", anyPlayer(), rnd.nextBoolean() ? "WARNING" : "STANDARD_FOUL");
                } else {
                    m.lagWonBy(anyPlayer());
                }
                return;
            }
            if (v.pendingOption() != null) {
                if (rnd.nextInt(15) == 0) {
                    m.ruling("SLOW_PLAY", anyPlayer(), null);
                } else {
                    m.choose(v.pendingOption().player(), pick(v.pendingOption().options()).name());
                }
                return;
            }
            int r = rnd.nextInt(100);
            if (r < 4 && corrections != Corrections.NONE && shotSeqs.size() > 1) {
                correction();
            } else if (r < 9) {
                refereeRuling();
            } else {
                String shooter = rnd.nextInt(40) == 0 ? otherOf(v.atTable()) : v.atTable();
                m.send("pool.shot.taken", shot(v, shooter));
            }
        }

        private void correction() {
            long target = pick(shotSeqs);
            int k = rnd.nextInt(3);
            if (k == 0 || corrections == Corrections.VOIDS_ONLY && k == 1) {
                m.voidEvent(target);
            } else if (k == 1) {
                ObjectNode replacement = logData.get(target).deepCopy();
                switch (rnd.nextInt(4)) {
                    case 0 -> replacement.remove("pocketed"); // it was a miss
                    case 1 -> replacement.put("cueBallPocketed", true); // and a scratch
                    case 2 -> replacement.putArray("fouls").add("DOUBLE_HIT");
                    default -> replacement.put("safety", true);
                }
                ObjectNode d = Json.MAPPER.createObjectNode().put("targetId", m.idOf(target)).put("reason", "property");
                d.putObject("replacement").put("type", "pool.shot.taken").set("data", replacement);
                m.send("pool.event.corrected", d);
            } else {
                m.ruling("OUTSIDE_INTERFERENCE", null, null);
            }
        }

        private void refereeRuling() {
            int k = rnd.nextInt(20);
            if (k < 6) {
                m.ruling("SLOW_PLAY", anyPlayer(), null);
            } else if (k < 14) {
                String[] penalties = {"WARNING", "WARNING", "STANDARD_FOUL", "STANDARD_FOUL", "STANDARD_FOUL", "SERIOUS_FOUL"};
                m.ruling("UNSPORTSMANLIKE", anyPlayer(), penalties[rnd.nextInt(penalties.length)]);
            } else if (k < 18) {
                m.ruling("NO_PROGRESS", null, null);
            } else {
                m.ruling("STALEMATE", null, null);
            }
        }

        private ObjectNode shot(MatchView v, String shooter) {
            ObjectNode d = Json.MAPPER.createObjectNode().put("shooter", shooter);
            List<Integer> balls = new ArrayList<>(v.ballsOnTable());
            boolean inTurn = shooter.equals(v.atTable());
            if (inTurn && v.cueBall() == CueBall.IN_HAND_KITCHEN) {
                d.put("placement", rnd.nextInt(25) == 0 ? "IN_FRONT_OF_HEAD_STRING" : "BEHIND_HEAD_STRING");
            }
            int called = pick(balls);
            String calledPocket = pocket();
            d.putObject("call").put("ball", called).put("pocket", calledPocket);
            d.put("firstContact", called);
            ArrayNode pocketed = d.putArray("pocketed");
            if (v.nextShotIsBreak()) {
                if (rnd.nextInt(4) == 0) {
                    pocketed.addObject().put("ball", called).put("pocket", calledPocket);
                }
                d.put("objectBallsToRail", rnd.nextInt(5));
                d.put("railAfterContact", true);
                d.put("cueBallToRail", rnd.nextInt(10) < 7);
                d.put("cueBallPocketed", rnd.nextInt(10) == 0);
                return d;
            }
            int kind = rnd.nextInt(100);
            if (kind < 60) { // a called shot that goes in, with some others
                int n = 1 + rnd.nextInt(Math.min(5, balls.size()));
                balls.remove(Integer.valueOf(called));
                pocketed.addObject().put("ball", called).put("pocket", calledPocket);
                for (int i = 1; i < n; i++) {
                    int b = balls.remove(rnd.nextInt(balls.size()));
                    pocketed.addObject().put("ball", b).put("pocket", pocket());
                }
                d.put("railAfterContact", true);
                if (balls.size() == 1) {
                    d.putObject("rerack").put("cueBallInRackArea", rnd.nextBoolean())
                            .put("lastBallInRackArea", rnd.nextBoolean()).put("lastBallBehindHeadString", rnd.nextBoolean());
                }
            } else if (kind < 75) { // the call misses; sometimes another ball or the wrong pocket
                if (rnd.nextInt(3) == 0) {
                    String other = pocket();
                    if (!other.equals(calledPocket)) {
                        pocketed.addObject().put("ball", called).put("pocket", other);
                    }
                }
                d.put("railAfterContact", true);
            } else if (kind < 85) { // a called safety
                d.remove("call");
                d.put("safety", true);
                if (rnd.nextInt(4) == 0) {
                    pocketed.addObject().put("ball", called).put("pocket", pocket());
                }
                d.put("railAfterContact", true);
            } else { // a standard foul
                switch (rnd.nextInt(5)) {
                    case 0 -> d.put("railAfterContact", false); // 6.3
                    case 1 -> {
                        d.put("railAfterContact", true).put("cueBallPocketed", true); // 6.1
                        if (rnd.nextBoolean()) {
                            pocketed.addObject().put("ball", called).put("pocket", calledPocket);
                        }
                    }
                    case 2 -> d.put("railAfterContact", true).putArray("offTable").add(called); // 6.5
                    case 3 -> {
                        d.put("railAfterContact", true).putArray("fouls").add(REFEREE_FOULS[rnd.nextInt(REFEREE_FOULS.length)]);
                        pocketed.addObject().put("ball", called).put("pocket", calledPocket);
                    }
                    default -> d.putNull("firstContact"); // no contact: 6.3
                }
            }
            return d;
        }
    }
}
