package org.matchledger.core.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PlayerView;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Given/when/then helper for rules tests: builds events as a table client would send them (JSON, consecutive seqs,
 * ids {@code <match>-<seq>}), folds them with {@link MatchLedger} and keeps every step.
 * <pre>
 *   MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1").choose("p1", "BREAK");
 *   m.shot("p1", s -> s.firstContact(1).pocket(3, "FOOT_LEFT").rails(5));
 * </pre>
 * Then, the way an event-sourcing test fixture compares the exact events a command produced:
 * <pre>
 *   m.expectRulings(foul("p1", Foul.CUE_BALL_SCRATCH, "6.1"), turn("p2", CueBall.IN_HAND));  // the whole list, in order
 *   m.expectFoul("p1", Foul.WRONG_BALL_FIRST, "6.2");    // applied, and exactly this one FOUL among the rulings
 *   m.expectRejected("data.player");                    // Outcome.Rejected, its Rejection naming that field
 * </pre>
 */
public final class MatchScript {
    private final String matchId;
    private Match match = Match.EMPTY;
    private long nextSeq = 1;
    private Outcome last;
    private final List<JsonNode> sent = new ArrayList<>();
    private final List<Ruling> allRulings = new ArrayList<>();

    private MatchScript(String matchId) {
        this.matchId = matchId;
    }

    /** A match between p1 and p2 opened with the given discipline and race; it awaits the lag. */
    public static MatchScript open(String discipline, int raceTo) {
        return open(discipline, raceTo, d -> { });
    }

    public static MatchScript open(String discipline, int raceTo, Consumer<ObjectNode> extra) {
        MatchScript m = new MatchScript("m-" + discipline.toLowerCase().replace('_', '-'));
        ObjectNode d = Json.MAPPER.createObjectNode();
        d.put("discipline", discipline);
        ArrayNode players = d.putArray("players");
        players.addObject().put("id", "p1").put("name", "Player One");
        players.addObject().put("id", "p2").put("name", "Player Two");
        d.put("raceTo", raceTo);
        d.put("breakFormat", "ALTERNATE");
        d.put("tableId", "T1");
        extra.accept(d);
        m.send("pool.match.opened", d);
        return m;
    }

    /** Opened, lag won by {@code breaker}, who chose to break: the next shot is his break. */
    public static MatchScript readyToBreak(String discipline, int raceTo, String breaker) {
        return open(discipline, raceTo).lagWonBy(breaker).choose(breaker, "BREAK");
    }

    // ---- events --------------------------------------------------------------------------------------------------

    public MatchScript lagWonBy(String winner) {
        String loser = winner.equals("p1") ? "p2" : "p1";
        ObjectNode d = Json.MAPPER.createObjectNode();
        ArrayNode results = d.putArray("results");
        lagResult(results.addObject(), winner, 5.0);
        lagResult(results.addObject(), loser, 30.0);
        d.putNull("struckLate");
        d.put("tooCloseToCall", false);
        return send("pool.lag.taken", d);
    }

    public static void lagResult(ObjectNode r, String player, double distance) {
        r.put("player", player).put("footRailContacts", 1).put("crossedLongString", false)
                .put("touchedSideRail", false).put("pocketedOrOffTable", false)
                .put("stoppedInCornerPocketPastHeadRail", false).put("otherFoul", false)
                .put("distanceFromHeadRail", distance);
    }

    public MatchScript choose(String player, String option) {
        return send("pool.option.chosen", Json.MAPPER.createObjectNode().put("player", player).put("option", option));
    }

    public MatchScript shot(String shooter, Consumer<ShotFacts> facts) {
        ShotFacts s = new ShotFacts(shooter);
        facts.accept(s);
        return send("pool.shot.taken", s.data);
    }

    public MatchScript ruling(String ruling, String player, String penalty) {
        ObjectNode d = Json.MAPPER.createObjectNode().put("ruling", ruling);
        if (player != null) {
            d.put("player", player);
        }
        if (penalty != null) {
            d.put("penalty", penalty);
        }
        return send("pool.ruling.made", d);
    }

    public MatchScript concede(String player) {
        return send("pool.match.conceded", Json.MAPPER.createObjectNode().put("player", player));
    }

    public MatchScript voidEvent(long targetSeq) {
        return send("pool.event.voided", Json.MAPPER.createObjectNode().put("targetId", idOf(targetSeq)).put("reason", "test"));
    }

    public MatchScript correctShot(long targetSeq, String shooter, Consumer<ShotFacts> facts) {
        ShotFacts s = new ShotFacts(shooter);
        facts.accept(s);
        ObjectNode d = Json.MAPPER.createObjectNode().put("targetId", idOf(targetSeq)).put("reason", "test");
        d.putObject("replacement").put("type", "pool.shot.taken").set("data", s.data);
        return send("pool.event.corrected", d);
    }

    /** Sends an event with the next seq and the id {@code <match>-<seq>}. */
    public MatchScript send(String type, ObjectNode data) {
        ObjectNode e = envelope(type, nextSeq, matchId + "-" + nextSeq);
        e.set("data", data);
        return send(e);
    }

    /** Sends a hand-made event as is (its seq and id are the caller's). */
    public MatchScript send(JsonNode event) {
        sent.add(event);
        last = MatchLedger.apply(match, event);
        match = last.match();
        allRulings.addAll(last.rulings());
        if (last.applied()) {
            nextSeq = match.lastSeq() + 1;
        }
        return this;
    }

    public ObjectNode envelope(String type, long seq, String id) {
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("specversion", "1.0").put("id", id).put("source", "/tables/T1/scorer").put("type", type)
                .put("subject", matchId).put("seq", seq).put("datacontenttype", "application/json");
        return e;
    }

    public String idOf(long seq) {
        return matchId + "-" + seq;
    }

    // ---- what the ledger said -----------------------------------------------------------------------------------

    public MatchView view() {
        return match.view();
    }

    public Match match() {
        return match;
    }

    public String matchId() {
        return matchId;
    }

    public long nextSeq() {
        return nextSeq;
    }

    public PlayerView player(String id) {
        return view().players().stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
    }

    /** The rulings of the last event sent. */
    public List<Ruling> rulings() {
        return last.rulings();
    }

    public boolean lastApplied() {
        return last.applied();
    }

    /** What the ledger made of the last event sent. */
    public Outcome outcome() {
        return last;
    }

    public List<Ruling> allRulings() {
        return allRulings;
    }

    public List<JsonNode> sent() {
        return sent;
    }

    /** The first ruling of this kind among the last event's rulings, or fails. */
    public Ruling ruling(RulingKind kind) {
        return last.rulings().stream().filter(r -> r.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " ruling in " + kinds()));
    }

    public boolean has(RulingKind kind) {
        return last.rulings().stream().anyMatch(r -> r.kind() == kind);
    }

    public List<RulingKind> kinds() {
        return last.rulings().stream().map(Ruling::kind).toList();
    }

    /** The rejection reason of the last event, or fails if it was applied. */
    public String rejection() {
        Ruling r = ruling(RulingKind.EVENT_REJECTED);
        return r.reason();
    }

    // ---- expectations --------------------------------------------------------------------------------------------

    /**
     * The last event was applied and its rulings are exactly these, in this order: every decided field of every
     * ruling compared ({@link ExpectedRuling}), none more, none fewer. The failure shows both lists.
     */
    public MatchScript expectRulings(ExpectedRuling... expected) {
        assertThat(last.applied()).as("%s applied, rulings %s", lastEvent(), decided(last.rulings())).isTrue();
        assertThat(decided(last.rulings())).as("the rulings of %s", lastEvent()).isEqualTo(List.of(expected));
        return this;
    }

    /**
     * The last event was applied and gave exactly one FOUL ruling, this one (docs/view.md: one shot, one foul), with
     * 0 points; the event's other rulings are not looked at.
     */
    public MatchScript expectFoul(String player, Foul foul, String rule) {
        return expectFoul(ExpectedRuling.foul(player, foul, rule));
    }

    /** As {@link #expectFoul(String, Foul, String)} for a FOUL with other decided fields (14.1: −1 point). */
    public MatchScript expectFoul(ExpectedRuling foul) {
        List<ExpectedRuling> all = decided(last.rulings());
        assertThat(last.applied()).as("%s applied, rulings %s", lastEvent(), all).isTrue();
        List<ExpectedRuling> fouls = all.stream().filter(r -> r.kind() == RulingKind.FOUL).toList();
        assertThat(fouls).as("the FOUL rulings of %s, among %s", lastEvent(), all).isEqualTo(List.of(foul));
        return this;
    }

    /**
     * The last event was rejected ({@link Outcome.Rejected}) for a {@code Rejection} naming {@code field}, and its one
     * ruling is the {@code EVENT_REJECTED} that reads {@code "field: reason"} (docs/view.md "Outcomes").
     */
    public MatchScript expectRejected(String field) {
        expectRejected(last, field, lastEvent());
        return this;
    }

    /** As {@link #expectRejected(String)}, for an outcome of {@link MatchLedger#apply} called directly. */
    public static Outcome.Rejected expectRejected(Outcome outcome, String field) {
        return expectRejected(outcome, field, "the event");
    }

    private static Outcome.Rejected expectRejected(Outcome outcome, String field, String event) {
        assertThat(outcome).as("the outcome of %s, rulings %s", event, outcome.rulings())
                .isInstanceOf(Outcome.Rejected.class);
        Outcome.Rejected rejected = (Outcome.Rejected) outcome;
        assertThat(rejected.rejection().field()).as("the field of the rejection \"%s\"", rejected.rejection())
                .isEqualTo(Optional.of(field));
        assertThat(rejected.rulings()).as("the rulings of a rejection").hasSize(1);
        assertThat(rejected.rulings().get(0).kind()).isEqualTo(RulingKind.EVENT_REJECTED);
        assertThat(rejected.rulings().get(0).reason()).isEqualTo(rejected.rejection().text());
        return rejected;
    }

    private static List<ExpectedRuling> decided(List<Ruling> rulings) {
        return rulings.stream().map(ExpectedRuling::of).toList();
    }

    private String lastEvent() {
        JsonNode e = sent.get(sent.size() - 1);
        return e.path("type").asText() + " seq " + e.path("seq").asText();
    }

    /** Facts of one shot, as {@code pool.shot.taken} data. */
    public static final class ShotFacts {
        public final ObjectNode data = Json.MAPPER.createObjectNode();

        ShotFacts(String shooter) {
            data.put("shooter", shooter);
        }

        public ShotFacts firstContact(int ball) { data.put("firstContact", ball); return this; }
        public ShotFacts noContact() { data.putNull("firstContact"); return this; }
        public ShotFacts pocket(int ball, String pocket) {
            ArrayNode a = data.has("pocketed") ? (ArrayNode) data.get("pocketed") : data.putArray("pocketed");
            a.addObject().put("ball", ball).put("pocket", pocket);
            return this;
        }
        public ShotFacts pocket(int ball) { return pocket(ball, "FOOT_LEFT"); }
        public ShotFacts offTable(int ball) {
            ArrayNode a = data.has("offTable") ? (ArrayNode) data.get("offTable") : data.putArray("offTable");
            a.add(ball);
            return this;
        }
        public ShotFacts rail() { data.put("railAfterContact", true); return this; }
        public ShotFacts rails(int objectBalls) { data.put("objectBallsToRail", objectBalls); return rail(); }
        public ShotFacts crossedCenter(int n) { data.put("objectBallsCrossedCenter", n); return this; }
        public ShotFacts cueBallToRail() { data.put("cueBallToRail", true); return this; }
        public ShotFacts scratch() { data.put("cueBallPocketed", true); return this; }
        public ShotFacts cueBallOffTable() { data.put("cueBallOffTable", true); return this; }
        public ShotFacts call(int ball, String pocket) {
            data.putObject("call").put("ball", ball).put("pocket", pocket);
            return this;
        }
        public ShotFacts safety() { data.put("safety", true); return this; }
        public ShotFacts pushOut() { data.put("pushOut", true); return this; }
        public ShotFacts placement(String p) { data.put("placement", p); return this; }
        public ShotFacts kitchenContact(boolean firstContactBehind, boolean crossed) {
            data.put("firstContactBehindHeadString", firstContactBehind).put("cueBallCrossedHeadString", crossed);
            return this;
        }
        public ShotFacts jumped() { data.put("cueBallJumpedBall", true); return this; }
        public ShotFacts refereeFoul(String foul) {
            ArrayNode a = data.has("fouls") ? (ArrayNode) data.get("fouls") : data.putArray("fouls");
            a.add(foul);
            return this;
        }
        public ShotFacts rerack(boolean cueBallInRackArea, boolean lastBallInRackArea, boolean lastBallBehindHeadString) {
            data.putObject("rerack").put("cueBallInRackArea", cueBallInRackArea)
                    .put("lastBallInRackArea", lastBallInRackArea).put("lastBallBehindHeadString", lastBallBehindHeadString);
            return this;
        }
        public ShotFacts set(String field, JsonNode value) { data.set(field, value); return this; }
    }
}
