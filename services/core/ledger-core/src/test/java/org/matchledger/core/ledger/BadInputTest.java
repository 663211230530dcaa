package org.matchledger.core.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.MatchView;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.*;

/**
 * docs/events.md: missing required fields, wrong JSON types, unknown types and values, balls outside the discipline or not
 * on the table and players not in the match are rejected with a reason that names the field; unknown attributes and
 * unknown data fields are ignored; a rejected event changes nothing.
 */
class BadInputTest {

    // ---- fixtures ------------------------------------------------------------------------------------------------

    /** Single quotes for readability. */
    private static ObjectNode json(String singleQuoted) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }

    private static final String OPENED =
            "{'discipline':'NINE_BALL','players':[{'id':'p1','name':'A'},{'id':'p2','name':'B'}],"
                    + "'raceTo':3,'breakFormat':'ALTERNATE','tableId':'T1'}";

    private static MatchScript awaitingLag() {
        return MatchScript.open("NINE_BALL", 3);
    }

    private static MatchScript lagChoice() {
        return MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
    }

    /** 9-ball, race to 3: p1 broke and pocketed the 3 (seq 4); he is at the table, cue ball in position. */
    private static MatchScript inPlay() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(3).rails(5));
        assertTrue(m.lastApplied());
        assertEquals(List.of(1, 2, 4, 5, 6, 7, 8, 9), m.view().ballsOnTable());
        return m;
    }

    private static MatchScript setup(String name) {
        return switch (name) {
            case "awaitingLag" -> awaitingLag();
            case "lagChoice" -> lagChoice();
            case "inPlay" -> inPlay();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** A valid shot for {@link #inPlay()}: p1 hits the 1 and a ball reaches a rail. */
    private static ObjectNode validShot(MatchScript m) {
        ObjectNode e = m.envelope("pool.shot.taken", m.nextSeq(), "shot-" + m.nextSeq());
        e.set("data", json("{'shooter':'p1','firstContact':1,'railAfterContact':true}"));
        return e;
    }

    private static ObjectNode data(ObjectNode event) {
        return (ObjectNode) event.get("data");
    }

    private static void assertRejectedNaming(MatchScript m, MatchView before, String field) {
        m.expectRejected(field);
        assertEquals(before, m.view()); // a rejected event changes nothing
    }

    // ---- the envelope and the shot -------------------------------------------------------------------------------

    private static Arguments c(String field, Consumer<ObjectNode> mutate) {
        return Arguments.of(field, mutate);
    }

    static Stream<Arguments> badShotEvents() {
        return Stream.of(
                // missing required attributes
                c("specversion", e -> e.remove("specversion")),
                c("id", e -> e.remove("id")),
                c("source", e -> e.remove("source")),
                c("type", e -> e.remove("type")),
                c("subject", e -> e.remove("subject")),
                c("seq", e -> e.remove("seq")),
                c("data", e -> e.remove("data")),
                // wrong JSON types and values of the envelope
                c("specversion", e -> e.put("specversion", "0.3")),
                c("id", e -> e.put("id", 42)),
                c("id", e -> e.put("id", "")),
                c("source", e -> e.put("source", 7)),
                c("type", e -> e.put("type", "pool.shot.missed")),
                c("type", e -> e.put("type", 3)),
                c("subject", e -> e.put("subject", "m nine-ball")),
                c("subject", e -> e.put("subject", "m/nine-ball")),
                c("subject", e -> e.put("subject", "x".repeat(65))),
                c("seq", e -> e.put("seq", 0)),
                c("seq", e -> e.put("seq", -5)),
                c("seq", e -> e.put("seq", 5.5)),
                c("seq", e -> e.put("seq", "5")),
                c("time", e -> e.put("time", 1700000000)),
                c("data", e -> e.put("data", "p1 shot")),
                c("data", e -> e.putArray("data")),
                // the shot's data
                c("data.shooter", e -> data(e).remove("shooter")),
                c("data.shooter", e -> data(e).put("shooter", 1)),
                c("data.shooter", e -> data(e).put("shooter", "p3")),
                c("data.firstContact", e -> data(e).put("firstContact", "1")),
                c("data.firstContact", e -> data(e).put("firstContact", 1.5)),
                c("data.firstContact", e -> data(e).put("firstContact", -1)),
                c("data.firstContact", e -> data(e).put("firstContact", 10)),
                c("data.firstContact", e -> data(e).put("firstContact", 3)),
                c("data.pocketed", e -> data(e).put("pocketed", "1")),
                c("data.pocketed[0]", e -> data(e).putArray("pocketed").add(1)),
                c("data.pocketed[0].ball", e -> data(e).set("pocketed", json("{'a':[{'ball':10,'pocket':'FOOT_LEFT'}]}").get("a"))),
                c("data.pocketed[0].ball", e -> data(e).set("pocketed", json("{'a':[{'ball':16,'pocket':'FOOT_LEFT'}]}").get("a"))),
                c("data.pocketed[0].ball", e -> data(e).set("pocketed", json("{'a':[{'ball':-2,'pocket':'FOOT_LEFT'}]}").get("a"))),
                c("data.pocketed[0].ball", e -> data(e).set("pocketed", json("{'a':[{'ball':3,'pocket':'FOOT_LEFT'}]}").get("a"))),
                c("data.pocketed[1].ball", e -> data(e).set("pocketed",
                        json("{'a':[{'ball':1,'pocket':'FOOT_LEFT'},{'ball':3,'pocket':'SIDE_LEFT'}]}").get("a"))),
                c("data.pocketed[0].pocket", e -> data(e).set("pocketed", json("{'a':[{'ball':1,'pocket':'CORNER'}]}").get("a"))),
                c("data.pocketed[0].pocket", e -> data(e).set("pocketed", json("{'a':[{'ball':1}]}").get("a"))),
                c("data.offTable[0]", e -> data(e).putArray("offTable").add(3)),
                c("data.offTable[0]", e -> data(e).putArray("offTable").add(10)),
                c("data.offTable[0]", e -> data(e).putArray("offTable").add("2")),
                c("data.call.ball", e -> data(e).set("call", json("{'ball':10,'pocket':'FOOT_LEFT'}"))),
                c("data.call.pocket", e -> data(e).set("call", json("{'ball':1,'pocket':'MIDDLE'}"))),
                c("data.safety", e -> data(e).put("safety", "yes")),
                c("data.railAfterContact", e -> data(e).put("railAfterContact", 1)),
                c("data.objectBallsToRail", e -> data(e).put("objectBallsToRail", -1)),
                c("data.objectBallsToRail", e -> data(e).put("objectBallsToRail", 2.5)),
                c("data.placement", e -> data(e).put("placement", "ON_THE_RAIL")),
                c("data.fouls", e -> data(e).put("fouls", "DOUBLE_HIT")),
                c("data.fouls[0]", e -> data(e).putArray("fouls").add("SNEEZED")),
                c("data.fouls[1]", e -> data(e).putArray("fouls").add("DOUBLE_HIT").add("double_hit")));
    }

    @ParameterizedTest(name = "{0} #{index}")
    @MethodSource("badShotEvents")
    void badEnvelopeOrShotIsRejectedNamingTheField(String field, Consumer<ObjectNode> mutate) {
        MatchScript m = inPlay();
        MatchView before = m.view();
        ObjectNode e = validShot(m);
        mutate.accept(e);
        m.send(e);
        assertRejectedNaming(m, before, field);
    }

    @Test
    void theUnmutatedShotOfTheseCasesIsApplied() {
        MatchScript m = inPlay();
        m.send(validShot(m));
        assertTrue(m.lastApplied(), () -> "base shot rejected: " + m.rulings());
    }

    // ---- other event types ---------------------------------------------------------------------------------------

    static Stream<Arguments> badData() {
        return Stream.of(
                // pool.lag.taken, awaiting the lag
                Arguments.of("data.results", "awaitingLag", "pool.lag.taken", "{'results':[],'tooCloseToCall':false}"),
                Arguments.of("data.results[0].player", "awaitingLag", "pool.lag.taken", lag("'player':'p3'")),
                Arguments.of("data.results[0].distanceFromHeadRail", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1','distanceFromHeadRail':-1")),
                Arguments.of("data.results[0].distanceFromHeadRail", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1','distanceFromHeadRail':'12'")),
                Arguments.of("data.results[0].footRailContacts", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1','footRailContacts':-1")),
                Arguments.of("data.results[0].footRailContacts", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1','footRailContacts':1.5")),
                Arguments.of("data.results[0].crossedLongString", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1','crossedLongString':'no'")),
                Arguments.of("data.struckLate", "awaitingLag", "pool.lag.taken",
                        lag("'player':'p1'").replace("'struckLate':null", "'struckLate':'p3'")),
                // pool.option.chosen, the lag winner's choice pending
                Arguments.of("data.option", "lagChoice", "pool.option.chosen", "{'player':'p1','option':'MAYBE'}"),
                Arguments.of("data.option", "lagChoice", "pool.option.chosen", "{'player':'p1'}"),
                Arguments.of("data.player", "lagChoice", "pool.option.chosen", "{'player':'p3','option':'BREAK'}"),
                Arguments.of("data.player", "lagChoice", "pool.option.chosen", "{'player':1,'option':'BREAK'}"),
                // pool.ruling.made
                Arguments.of("data.ruling", "inPlay", "pool.ruling.made", "{'ruling':'NAP'}"),
                Arguments.of("data.ruling", "inPlay", "pool.ruling.made", "{'player':'p1'}"),
                Arguments.of("data.player", "inPlay", "pool.ruling.made", "{'ruling':'SLOW_PLAY'}"),
                Arguments.of("data.player", "inPlay", "pool.ruling.made", "{'ruling':'SLOW_PLAY','player':'p3'}"),
                Arguments.of("data.player", "inPlay", "pool.ruling.made",
                        "{'ruling':'UNSPORTSMANLIKE','player':'p3','penalty':'WARNING'}"),
                Arguments.of("data.penalty", "inPlay", "pool.ruling.made", "{'ruling':'UNSPORTSMANLIKE','player':'p1'}"),
                Arguments.of("data.penalty", "inPlay", "pool.ruling.made",
                        "{'ruling':'UNSPORTSMANLIKE','player':'p1','penalty':'SPANKING'}"),
                // pool.match.conceded
                Arguments.of("data.player", "inPlay", "pool.match.conceded", "{'player':'p3'}"),
                Arguments.of("data.player", "inPlay", "pool.match.conceded", "{}"),
                Arguments.of("data.player", "inPlay", "pool.match.conceded", "{'player':2}"),
                // corrections and appeals
                Arguments.of("data.targetId", "inPlay", "pool.event.voided", "{'reason':'x'}"),
                Arguments.of("data.replacement", "inPlay", "pool.event.corrected", "{'targetId':'m-nine-ball-4'}"),
                Arguments.of("data.replacement.type", "inPlay", "pool.event.corrected",
                        "{'targetId':'m-nine-ball-4','replacement':{'type':'pool.shot.missed','data':{}}}"),
                Arguments.of("data.replacement.data.firstContact", "inPlay", "pool.event.corrected",
                        "{'targetId':'m-nine-ball-4','replacement':{'type':'pool.shot.taken',"
                                + "'data':{'shooter':'p1','firstContact':'one'}}}"),
                Arguments.of("data.targetId", "inPlay", "pool.appeal.filed", "{'player':'p1'}"),
                Arguments.of("data.upheld", "inPlay", "pool.appeal.decided", "{'appealId':'m-nine-ball-4','upheld':'yes'}"));
    }

    /** A lag whose first result carries {@code first} (completed with good values where not given). */
    private static String lag(String first) {
        String base = "'player':'p1','footRailContacts':1,'crossedLongString':false,'touchedSideRail':false,"
                + "'pocketedOrOffTable':false,'stoppedInCornerPocketPastHeadRail':false,'otherFoul':false,"
                + "'distanceFromHeadRail':5.0";
        ObjectNode r = json("{" + base + "}");
        r.setAll(json("{" + first + "}"));
        return "{'results':[" + r.toString().replace('"', '\'') + ",{'player':'p2','footRailContacts':1,"
                + "'crossedLongString':false,'touchedSideRail':false,'pocketedOrOffTable':false,"
                + "'stoppedInCornerPocketPastHeadRail':false,'otherFoul':false,'distanceFromHeadRail':30.0}],"
                + "'struckLate':null,'tooCloseToCall':false}";
    }

    @ParameterizedTest(name = "{2} {0}: {3}")
    @MethodSource("badData")
    void badDataIsRejectedNamingTheField(String field, String setup, String type, String data) {
        MatchScript m = setup(setup);
        MatchView before = m.view();
        m.send(type, json(data));
        assertRejectedNaming(m, before, field);
    }

    // ---- pool.match.opened ---------------------------------------------------------------------------------------

    static Stream<Arguments> badOpenings() {
        return Stream.of(
                Arguments.of("data.raceTo", "'raceTo':3", "'raceTo':0"),
                Arguments.of("data.raceTo", "'raceTo':3", "'raceTo':-3"),
                Arguments.of("data.raceTo", "'raceTo':3", "'raceTo':2.5"),
                Arguments.of("data.raceTo", "'raceTo':3", "'raceTo':'3'"),
                Arguments.of("data.raceTo", "'raceTo':3,", ""),
                Arguments.of("data.discipline", "'NINE_BALL'", "'SNOOKER'"),
                Arguments.of("data.discipline", "'discipline':'NINE_BALL',", ""),
                Arguments.of("data.breakFormat", "'ALTERNATE'", "'LOSER'"),
                Arguments.of("data.players", "{'id':'p2','name':'B'}", "{'id':'p2','name':'B'},{'id':'p3','name':'C'}"),
                Arguments.of("data.players", ",{'id':'p2','name':'B'}", ""),
                Arguments.of("data.players", "'players':[{'id':'p1','name':'A'},{'id':'p2','name':'B'}],", ""),
                Arguments.of("data.players", "{'id':'p2','name':'B'}", "{'id':'p1','name':'B'}"),
                Arguments.of("data.players[0].id", "{'id':'p1','name':'A'}", "{'name':'A'}"),
                Arguments.of("data.players[0].id", "'id':'p1'", "'id':7"),
                Arguments.of("data.players[0].id", "'id':'p1'", "'id':''"),
                Arguments.of("data.options.x", "'tableId':'T1'", "'tableId':'T1','options':{'x':1}"),
                Arguments.of("data.options", "'tableId':'T1'", "'tableId':'T1','options':'fast'"));
    }

    @ParameterizedTest(name = "{0}: {1} -> {2}")
    @MethodSource("badOpenings")
    void badOpeningIsRejectedNamingTheField(String field, String from, String to) {
        assertTrue(OPENED.contains(from), from);
        MatchScript any = MatchScript.open("NINE_BALL", 3);
        ObjectNode e = any.envelope("pool.match.opened", 1, "open-1");
        e.set("data", json(OPENED.replace(from, to)));
        Outcome step = MatchLedger.apply(Match.EMPTY, e);
        assertThat(step).isInstanceOf(Outcome.Rejected.class);
        assertThat(step.rulings()).extracting(Ruling::kind).containsExactly(RulingKind.EVENT_REJECTED);
        assertThat(((Outcome.Rejected) step).rejection().field()).as("the field of %s", step.rulings())
                .hasValueSatisfying(f -> assertThat(f).satisfiesAnyOf(
                        path -> assertThat(path).isEqualTo(field), path -> assertThat(path).startsWith(field + "[")));
        assertFalse(step.match().isOpened()); // nothing changed
    }

    @Test
    void theUnmutatedOpeningIsApplied() {
        MatchScript any = MatchScript.open("NINE_BALL", 3);
        ObjectNode e = any.envelope("pool.match.opened", 1, "open-1");
        e.set("data", json(OPENED));
        Outcome step = MatchLedger.apply(Match.EMPTY, e);
        assertTrue(step.applied(), () -> "rejected: " + step.rulings());
    }

    // ---- ignored -------------------------------------------------------------------------------------------------

    @Test
    void unknownEnvelopeAttributesAreIgnored() {
        MatchScript m = inPlay();
        ObjectNode e = validShot(m);
        e.put("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
        e.put("tablevendor", "acme");
        e.putObject("extension").put("x", 1);
        m.send(e);
        assertTrue(m.lastApplied(), () -> "rejected: " + m.rulings());
        assertEquals(5, m.view().lastSeq());
    }

    @Test
    void unknownDataFieldsAreIgnored() {
        MatchScript m = inPlay();
        ObjectNode e = validShot(m);
        data(e).put("spinRpm", 1200).put("camera", "overhead");
        m.send(e);
        assertTrue(m.lastApplied(), () -> "rejected: " + m.rulings());
        assertEquals(5, m.view().lastSeq());
    }

    @Test
    void unknownFieldsInsideNestedDataAreIgnored() {
        MatchScript m = inPlay();
        ObjectNode e = validShot(m);
        data(e).set("pocketed", json("{'a':[{'ball':1,'pocket':'FOOT_LEFT','speed':'slow'}]}").get("a"));
        m.send(e);
        assertTrue(m.lastApplied(), () -> "rejected: " + m.rulings());
        assertFalse(m.view().ballsOnTable().contains(1));
    }

    @Test
    void unknownFieldsOfTheOpeningAreIgnored() {
        MatchScript any = MatchScript.open("NINE_BALL", 3);
        ObjectNode e = any.envelope("pool.match.opened", 1, "open-1");
        ObjectNode d = json(OPENED);
        d.put("venue", "Prague");
        ((ObjectNode) d.get("players").get(0)).put("country", "CZ");
        e.set("data", d);
        Outcome step = MatchLedger.apply(Match.EMPTY, e);
        assertTrue(step.applied(), () -> "rejected: " + step.rulings());
    }

    // ---- a rejected event changes nothing ------------------------------------------------------------------------

    @Test
    void aRejectedEventChangesNothing_theNextValidEventTakesItsSeq() {
        MatchScript m = inPlay();
        MatchView before = m.view();
        int historyBefore = m.match().history().size();
        ObjectNode bad = validShot(m);
        data(bad).set("pocketed", json("{'a':[{'ball':1,'pocket':'FOOT_LEFT'},{'ball':10,'pocket':'FOOT_LEFT'}]}").get("a"));
        m.send(bad);
        assertFalse(m.lastApplied());
        assertEquals(before, m.view());
        assertEquals(historyBefore, m.match().history().size());
        m.send(validShot(m));
        assertTrue(m.lastApplied());
        assertEquals(5, m.view().lastSeq());
    }
}
