package org.matchledger.core.ledger;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;
import org.matchledger.core.view.MatchView;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import static org.matchledger.core.support.MatchScript.expectRejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The core's bounds on hostile input: no control characters or bidi controls in any string an event carries, the
 * longest race per discipline, the most events a match holds, and duplicates recognised by content, not key order.
 */
class BoundsTest {

    private static ObjectNode json(String singleQuoted) {
        try {
            return (ObjectNode) Json.MAPPER.readTree(singleQuoted.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }

    private static Ruling only(Outcome step) {
        assertEquals(1, step.rulings().size(), () -> "rulings: " + step.rulings());
        return step.rulings().get(0);
    }

    // ---- control characters and bidi controls --------------------------------------------------------------------

    /** U+0000, TAB, ESC, DEL, C1 NEL, LRE, RLO, LRI and PDI. */
    static final List<String> FORBIDDEN = List.of("\u0000", "\t", "\u001b", "\u007f", "\u0085", "\u202a", "\u202e",
            "\u2066", "\u2069");

    /** Fields of the opening, each with how to put {@code bad} into it. */
    static Stream<Arguments> openingStrings() {
        return Stream.<Arguments>of(
                Arguments.of("id", (BiConsumer<ObjectNode, String>) (e, bad) -> e.put("id", "open" + bad + "1")),
                Arguments.of("source", (BiConsumer<ObjectNode, String>) (e, bad) -> e.put("source", "/tables/T1" + bad)),
                Arguments.of("type", (BiConsumer<ObjectNode, String>) (e, bad) -> e.put("type", "pool.match.opened" + bad)),
                Arguments.of("subject", (BiConsumer<ObjectNode, String>) (e, bad) -> e.put("subject", "m" + bad)),
                Arguments.of("time", (BiConsumer<ObjectNode, String>) (e, bad) -> e.put("time", "2024-05-01T10:00:00Z" + bad)),
                Arguments.of("data.players[0].name", (BiConsumer<ObjectNode, String>) (e, bad) ->
                        ((ObjectNode) e.get("data").get("players").get(0)).put("name", "Ann" + bad + "e")),
                Arguments.of("data.players[1].id", (BiConsumer<ObjectNode, String>) (e, bad) ->
                        ((ObjectNode) e.get("data").get("players").get(1)).put("id", bad + "p2")),
                Arguments.of("data.tableId", (BiConsumer<ObjectNode, String>) (e, bad) ->
                        ((ObjectNode) e.get("data")).put("tableId", "T" + bad)),
                Arguments.of("data.options", (BiConsumer<ObjectNode, String>) (e, bad) ->
                        ((ObjectNode) e.get("data")).putObject("options").put("foul" + bad + "Award", "FREE_SHOT")));
    }

    private static ObjectNode opening(String discipline, int raceTo) {
        ObjectNode e = json("{'specversion':'1.0','id':'open-1','source':'/tables/T1/scorer','type':'pool.match.opened',"
                + "'subject':'m-1','seq':1,'data':{'discipline':'" + discipline + "','players':[{'id':'p1','name':'A'},"
                + "{'id':'p2','name':'B'}],'raceTo':" + raceTo + ",'tableId':'T1'}}");
        return e;
    }

    static Stream<Arguments> forbiddenInOpening() {
        return openingStrings().flatMap(a -> FORBIDDEN.stream().map(bad -> Arguments.of(a.get()[0], a.get()[1],
                String.format("U+%04X", (int) bad.charAt(0)), bad)));
    }

    @ParameterizedTest(name = "{0} with {2}")
    @MethodSource("forbiddenInOpening")
    void aControlOrBidiCharacterInTheOpeningIsRejectedNamingTheField(String field, BiConsumer<ObjectNode, String> put,
                                                                    String name, String bad) {
        ObjectNode e = opening("BLACKBALL", 3);
        put.accept(e, bad);
        Outcome step = MatchLedger.apply(Match.EMPTY, e);
        expectRejected(step, field);
        assertThat(only(step).reason()).contains(name);
        assertFalse(step.match().isOpened());
    }

    @Test
    void theCleanOpeningIsApplied() {
        ObjectNode e = opening("BLACKBALL", 3);
        ((ObjectNode) e.get("data")).putObject("options").put("foulAward", "FREE_SHOT");
        assertTrue(MatchLedger.apply(Match.EMPTY, e).applied());
    }

    /** Strings of later events: reasons, notes, grounds, target ids and player ids. */
    static Stream<Arguments> laterStrings() {
        return Stream.of(
                Arguments.of("data.reason", "pool.event.voided", "{'targetId':'m-nine-ball-2','reason':'wrong%s table'}"),
                Arguments.of("data.targetId", "pool.event.voided", "{'targetId':'m-nine-ball-2%s'}"),
                Arguments.of("data.note", "pool.ruling.made", "{'ruling':'SLOW_PLAY','player':'p1','note':'x%sy'}"),
                Arguments.of("data.player", "pool.ruling.made", "{'ruling':'SLOW_PLAY','player':'p1%s'}"),
                Arguments.of("data.grounds", "pool.appeal.filed", "{'player':'p1','targetId':'m-nine-ball-1','grounds':'%s'}"),
                Arguments.of("data.shooter", "pool.shot.taken", "{'shooter':'p1%s','firstContact':1}"),
                Arguments.of("data.results[1].player", "pool.lag.taken",
                        "{'results':[{'player':'p1','footRailContacts':1,'distanceFromHeadRail':5.0},"
                                + "{'player':'%sp2','footRailContacts':1,'distanceFromHeadRail':9.0}]}"),
                Arguments.of("data.replacement.data.player", "pool.event.corrected",
                        "{'targetId':'m-nine-ball-2','replacement':{'type':'pool.match.conceded','data':{'player':'p%s1'}}}"));
    }

    @ParameterizedTest(name = "{1}: {0}")
    @MethodSource("laterStrings")
    void aControlOrBidiCharacterInALaterEventIsRejectedNamingTheField(String field, String type, String data) {
        for (String bad : FORBIDDEN) {
            MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1"); // seq 1, 2
            MatchView before = m.view();
            m.send(type, json(data.formatted(String.format("\\u%04x", (int) bad.charAt(0))))); // escaped in the JSON text
            m.expectRejected(field);
            assertThat(m.rejection()).as("%s with U+%04x", field, (int) bad.charAt(0))
                    .contains("control characters or bidi controls");
            assertEquals(before, m.view());
        }
    }

    @Test
    void theSameLaterEventsWithoutThemAreApplied() {
        for (Arguments a : laterStrings().toList()) {
            MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
            String type = (String) a.get()[1];
            if (type.equals("pool.shot.taken") || type.equals("pool.lag.taken")) {
                continue; // not the moment for a shot or a lag: their shapes are checked by the rejection above
            }
            m.send(type, json(((String) a.get()[2]).formatted("")));
            assertTrue(m.lastApplied(), () -> type + " rejected: " + m.rulings());
        }
    }

    @Test
    void aRejectionKeepsNoUnsafeIdOrSubject() {
        ObjectNode e = opening("NINE_BALL", 3);
        e.put("id", "open\u202e1").put("subject", "m\u0000");
        ParseResult.Invalid bad = (ParseResult.Invalid) EventParser.parse(e);
        assertNull(bad.id());
        assertNull(bad.subject());
        Ruling r = only(MatchLedger.apply(Match.EMPTY, e));
        assertNull(r.eventId());
        expectRejected(MatchLedger.apply(Match.EMPTY, e), "id");
    }

    @Test
    void printableUnicodeIsAccepted() {
        ObjectNode e = opening("NINE_BALL", 3);
        ((ObjectNode) e.get("data").get("players").get(0)).put("name", "Jürgen \u201cThe Hammer\u201d Øst 李 \uD83C\uDFB1");
        assertTrue(MatchLedger.apply(Match.EMPTY, e).applied());
    }

    // ---- raceTo --------------------------------------------------------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"NINE_BALL", "EIGHT_BALL", "BLACKBALL"})
    void rackGamesRaceToAtMost99Racks(String discipline) {
        assertTrue(MatchLedger.apply(Match.EMPTY, opening(discipline, 99)).applied());
        expectRejected(MatchLedger.apply(Match.EMPTY, opening(discipline, 100)), "data.raceTo");
        assertThat(only(MatchLedger.apply(Match.EMPTY, opening(discipline, 100))).reason()).contains("1–99");
    }

    @Test
    void straightPoolRacesToAtMost1000Points() {
        assertTrue(MatchLedger.apply(Match.EMPTY, opening("STRAIGHT_POOL", 1000)).applied());
        expectRejected(MatchLedger.apply(Match.EMPTY, opening("STRAIGHT_POOL", 1001)), "data.raceTo");
        expectRejected(MatchLedger.apply(Match.EMPTY, opening("STRAIGHT_POOL", 0)), "data.raceTo");
    }

    // ---- events per match ----------------------------------------------------------------------------------------

    private static ObjectNode appeal(long seq) {
        return json("{'specversion':'1.0','id':'a-" + seq + "','source':'/t','type':'pool.appeal.filed','subject':'m-1',"
                + "'seq':" + seq + ",'data':{'player':'p1','targetId':'open-1'}}");
    }

    @Test
    void aMatchHoldsAtMost10000Events_theNextIsRejectedNamingSeq() {
        Match m = MatchLedger.apply(Match.EMPTY, opening("NINE_BALL", 3)).match();
        for (long seq = 2; seq <= MatchLedger.MAX_EVENTS; seq++) {
            Outcome s = MatchLedger.advance(m, appeal(seq));
            assertTrue(s.applied(), () -> "seq " + s.rulings());
            m = s.match();
        }
        assertEquals(10_000, m.lastSeq());
        MatchView before = m.view();
        Outcome over = MatchLedger.apply(m, appeal(10_001));
        expectRejected(over, "seq");
        assertThat(only(over).reason()).contains("10000");
        assertEquals(before, over.match().view());
        assertEquals(10_000, over.match().history().size());
        // a re-sent event is still recognised as such
        assertEquals(RulingKind.DUPLICATE, only(MatchLedger.apply(m, appeal(10_000))).kind());
    }

    @Test
    void aSeqOver10000IsRejectedNamingSeqEvenOnAShortMatch() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        MatchView before = m.view();
        m.send(appeal(1_000_000).put("subject", m.matchId()).put("id", "far"));
        m.expectRejected("seq");
        assertThat(m.rejection()).contains("10000");
        assertEquals(before, m.view());
    }

    // ---- duplicates by content -----------------------------------------------------------------------------------

    private static final String LAG = "{'specversion':'1.0','id':'lag-1','source':'/t','type':'pool.lag.taken',"
            + "'subject':'m-1','seq':2,'data':{'results':[{'player':'p1','footRailContacts':1,'distanceFromHeadRail':5.0},"
            + "{'player':'p2','footRailContacts':1,'distanceFromHeadRail':9.5}],'tooCloseToCall':false}}";

    private static Match lagApplied() {
        Match m = MatchLedger.apply(Match.EMPTY, opening("NINE_BALL", 3)).match();
        Outcome s = MatchLedger.apply(m, json(LAG));
        assertTrue(s.applied(), () -> "" + s.rulings());
        return s.match();
    }

    @Test
    void theSameContentInAnotherKeyOrderIsADuplicate() {
        Match m = lagApplied();
        JsonNode reordered = json("{'data':{'tooCloseToCall':false,'results':[{'distanceFromHeadRail':5.0,"
                + "'footRailContacts':1,'player':'p1'},{'footRailContacts':1,'player':'p2','distanceFromHeadRail':9.5}]},"
                + "'seq':2,'subject':'m-1','type':'pool.lag.taken','source':'/t','id':'lag-1','specversion':'1.0'}");
        Outcome again = MatchLedger.apply(m, reordered);
        assertEquals(RulingKind.DUPLICATE, only(again).kind());
        assertEquals(m.view(), again.match().view());
    }

    static Stream<Arguments> otherContent() {
        return Stream.of(
                Arguments.of("another value", LAG.replace("9.5", "9.6")),
                Arguments.of("an added attribute", LAG.replace("'source':'/t',", "'source':'/t','time':'2024-05-01T10:00:00Z',")),
                Arguments.of("an integer for a decimal", LAG.replace("5.0", "5")),
                Arguments.of("array elements swapped", LAG.replace(
                        "{'player':'p1','footRailContacts':1,'distanceFromHeadRail':5.0},{'player':'p2','footRailContacts':1,'distanceFromHeadRail':9.5}",
                        "{'player':'p2','footRailContacts':1,'distanceFromHeadRail':9.5},{'player':'p1','footRailContacts':1,'distanceFromHeadRail':5.0}")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherContent")
    void theSameIdWithOtherContentIsRejectedNamingId(String what, String text) {
        assertNotEquals(LAG, text, "the variant differs");
        Match m = lagApplied();
        Outcome again = MatchLedger.apply(m, json(text));
        expectRejected(again, "id");
        assertEquals(m.view(), again.match().view());
    }
}
