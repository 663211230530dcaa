package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** docs/events.md "Envelope" sequencing, idempotency, and "When an event is accepted". */
class SequencingTest {

    // ---- fixtures ------------------------------------------------------------------------------------------------

    private static ObjectNode lagData(String winner) {
        String loser = winner.equals("p1") ? "p2" : "p1";
        ObjectNode d = Json.MAPPER.createObjectNode();
        var results = d.putArray("results");
        MatchScript.lagResult(results.addObject(), winner, 5.0);
        MatchScript.lagResult(results.addObject(), loser, 30.0);
        d.putNull("struckLate");
        d.put("tooCloseToCall", false);
        return d;
    }

    private static ObjectNode shotData(String shooter, int firstContact) {
        return Json.MAPPER.createObjectNode().put("shooter", shooter).put("firstContact", firstContact)
                .put("railAfterContact", true);
    }

    private static ObjectNode event(MatchScript m, String type, long seq, String id, ObjectNode data) {
        ObjectNode e = m.envelope(type, seq, id);
        e.set("data", data);
        return e;
    }

    /** 9-ball, race to 3, p1 broke legally without pocketing: p2 at the table, seq 4 applied. */
    private static MatchScript p2AtTable() {
        MatchScript m = MatchScript.readyToBreak("NINE_BALL", 3, "p1");
        m.shot("p1", s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).rails(5));
        assertTrue(m.lastApplied());
        return m;
    }

    private static boolean namesNumber(String reason, long n) {
        return Pattern.compile("(?<![0-9])" + n + "(?![0-9])").matcher(reason).find();
    }

    private static void assertRejectedChangingNothing(MatchScript m, MatchView before) {
        assertFalse(m.lastApplied(), () -> "expected a rejection, got " + m.kinds());
        assertEquals(List.of(RulingKind.EVENT_REJECTED), m.kinds());
        assertNotNull(m.rejection());
        assertFalse(m.rejection().isBlank());
        assertEquals(before, m.view());
    }

    // ---- seq -----------------------------------------------------------------------------------------------------

    @Test
    void seqGapIsRejectedNamingTheExpectedSeq() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        MatchView before = m.view();
        m.send(event(m, "pool.lag.taken", 3, "lag-a", lagData("p1")));
        assertRejectedChangingNothing(m, before);
        m.expectRejected("seq");
        assertTrue(namesNumber(m.rejection(), 2), () -> "reason does not name seq 2: " + m.rejection());
    }

    @Test
    void seqAlreadyTakenByAnotherEventIsRejectedNamingTheExpectedSeq() {
        MatchScript m = p2AtTable(); // seqs 1–4 applied
        MatchView before = m.view();
        m.send(event(m, "pool.shot.taken", 2, "another-event", shotData("p2", 1)));
        assertRejectedChangingNothing(m, before);
        m.expectRejected("seq");
        assertTrue(namesNumber(m.rejection(), 5), () -> "reason does not name seq 5: " + m.rejection());
    }

    @Test
    void rejectedEventDoesNotTakeItsSeq_resendingWithTheSameSeqWorks() {
        MatchScript m = p2AtTable();
        m.send(event(m, "pool.shot.taken", 5, "shot-5a", shotData("p3", 1)));
        assertFalse(m.lastApplied());
        assertEquals(4, m.view().lastSeq());
        m.send(event(m, "pool.shot.taken", 5, "shot-5b", shotData("p2", 1)));
        assertTrue(m.lastApplied(), () -> "resend rejected: " + m.rulings());
        assertEquals(5, m.view().lastSeq());
    }

    // ---- idempotency ---------------------------------------------------------------------------------------------

    @Test
    void sameIdSameContentIsADuplicateAndChangesNothing() {
        MatchScript m = p2AtTable();
        MatchView before = m.view();
        int historyBefore = m.match().history().size();
        JsonNode again = m.sent().get(1).deepCopy(); // the lag, seq 2, long since applied
        m.send(again);
        assertEquals(List.of(RulingKind.DUPLICATE), m.kinds());
        assertEquals(before, m.view());
        assertEquals(historyBefore, m.match().history().size());
    }

    @Test
    void resendingTheLastEventIsADuplicate() {
        MatchScript m = p2AtTable();
        MatchView before = m.view();
        m.send(m.sent().get(m.sent().size() - 1).deepCopy());
        assertEquals(List.of(RulingKind.DUPLICATE), m.kinds());
        assertEquals(before, m.view());
    }

    @Test
    void sameIdWithOtherContentIsRejected() {
        MatchScript m = p2AtTable();
        MatchView before = m.view();
        String usedId = m.idOf(3);
        m.send(event(m, "pool.shot.taken", 5, usedId, shotData("p2", 1))); // next seq, valid shot, reused id
        assertRejectedChangingNothing(m, before);
        m.expectRejected("id");
    }

    @Test
    void eventForAnotherMatchIsRejected() {
        MatchScript m = p2AtTable();
        MatchView before = m.view();
        ObjectNode e = event(m, "pool.shot.taken", 5, "shot-x", shotData("p2", 1));
        e.put("subject", "some-other-match");
        m.send(e);
        assertRejectedChangingNothing(m, before);
        m.expectRejected("subject");
    }

    @Test
    void firstEventThatIsNotMatchOpenedIsRejected() {
        MatchScript any = MatchScript.open("NINE_BALL", 3);
        ObjectNode lag = event(any, "pool.lag.taken", 1, "lag-first", lagData("p1"));
        Outcome step = MatchLedger.apply(Match.EMPTY, lag);
        assertFalse(step.applied());
        assertEquals(1, step.rulings().size());
        assertEquals(RulingKind.EVENT_REJECTED, step.rulings().get(0).kind());
        assertFalse(step.match().isOpened());
        assertNull(step.match().view());
    }

    @Test
    void matchOpenedWithSeqOtherThanOneIsRejected() {
        MatchScript any = MatchScript.open("NINE_BALL", 3);
        ObjectNode opened = any.sent().get(0).deepCopy();
        opened.put("seq", 2);
        Outcome step = MatchLedger.apply(Match.EMPTY, opened);
        MatchScript.expectRejected(step, "seq");
        assertFalse(step.match().isOpened());
    }

    // ---- acceptance by status ------------------------------------------------------------------------------------

    private static ObjectNode appealOn(MatchScript m, long targetSeq) {
        return Json.MAPPER.createObjectNode().put("player", "p1").put("targetId", m.idOf(targetSeq)).put("grounds", "t");
    }

    static Stream<Arguments> acceptedWhileAwaitingLag() {
        return Stream.<Arguments>of(
                Arguments.of("pool.lag.taken", (Consumer<MatchScript>) m -> m.lagWonBy("p1")),
                Arguments.of("pool.match.conceded", (Consumer<MatchScript>) m -> m.concede("p2")),
                Arguments.of("UNSPORTSMANLIKE WARNING", (Consumer<MatchScript>) m -> m.ruling("UNSPORTSMANLIKE", "p1", "WARNING")),
                Arguments.of("UNSPORTSMANLIKE LOSS_OF_MATCH",
                        (Consumer<MatchScript>) m -> m.ruling("UNSPORTSMANLIKE", "p1", "LOSS_OF_MATCH")),
                Arguments.of("pool.appeal.filed", (Consumer<MatchScript>) m -> m.send("pool.appeal.filed", appealOn(m, 1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedWhileAwaitingLag")
    void awaitingLag_accepts(String what, Consumer<MatchScript> send) {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        send.accept(m);
        assertTrue(m.lastApplied(), () -> what + " rejected: " + m.rulings());
        assertEquals(2, m.view().lastSeq());
    }

    @Test
    void awaitingLag_acceptsACorrection() {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        ObjectNode relag = lagData("p1");
        relag.put("tooCloseToCall", true);
        m.send("pool.lag.taken", relag); // seq 2: re-lag, still awaiting the lag
        assertEquals(Status.AWAITING_LAG, m.view().status());
        m.voidEvent(2);
        assertTrue(m.lastApplied(), () -> "void rejected: " + m.rulings());
    }

    static Stream<Arguments> rejectedWhileAwaitingLag() {
        return Stream.<Arguments>of(
                Arguments.of("pool.shot.taken", (Consumer<MatchScript>) m -> m.shot("p1", s -> s.firstContact(1).rails(5))),
                Arguments.of("pool.option.chosen", (Consumer<MatchScript>) m -> m.choose("p1", "BREAK")),
                Arguments.of("SLOW_PLAY", (Consumer<MatchScript>) m -> m.ruling("SLOW_PLAY", "p1", null)),
                Arguments.of("NO_PROGRESS", (Consumer<MatchScript>) m -> m.ruling("NO_PROGRESS", null, null)),
                Arguments.of("STALEMATE", (Consumer<MatchScript>) m -> m.ruling("STALEMATE", null, null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedWhileAwaitingLag")
    void awaitingLag_rejects(String what, Consumer<MatchScript> send) {
        MatchScript m = MatchScript.open("NINE_BALL", 3);
        MatchView before = m.view();
        send.accept(m);
        assertRejectedChangingNothing(m, before);
    }

    static Stream<Arguments> acceptedWhileOptionPending() {
        return Stream.<Arguments>of(
                Arguments.of("the option answer", (Consumer<MatchScript>) m -> m.choose("p1", "BREAK")),
                Arguments.of("SLOW_PLAY", (Consumer<MatchScript>) m -> m.ruling("SLOW_PLAY", "p1", null)),
                Arguments.of("UNSPORTSMANLIKE WARNING", (Consumer<MatchScript>) m -> m.ruling("UNSPORTSMANLIKE", "p2", "WARNING")),
                Arguments.of("NO_PROGRESS", (Consumer<MatchScript>) m -> m.ruling("NO_PROGRESS", null, null)),
                Arguments.of("pool.match.conceded", (Consumer<MatchScript>) m -> m.concede("p2")),
                Arguments.of("pool.appeal.filed", (Consumer<MatchScript>) m -> m.send("pool.appeal.filed", appealOn(m, 2))),
                Arguments.of("pool.event.voided", (Consumer<MatchScript>) m -> m.voidEvent(2)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedWhileOptionPending")
    void optionPending_accepts(String what, Consumer<MatchScript> send) {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
        assertNotNull(m.view().pendingOption());
        send.accept(m);
        assertTrue(m.lastApplied(), () -> what + " rejected: " + m.rulings());
        assertEquals(3, m.view().lastSeq());
    }

    /** After a clean push out by p2 right after p1's break, p1 is offered SHOOT / PASS. */
    private static MatchScript pushOutPending() {
        MatchScript m = p2AtTable();
        m.shot("p2", s -> s.pushOut().firstContact(5).rail());
        assertNotNull(m.view().pendingOption(), () -> "push out not offered: " + m.rulings());
        assertEquals("p1", m.view().pendingOption().player());
        return m;
    }

    static Stream<Arguments> rejectedWhileOptionPending() {
        Supplier<MatchScript> lagChoice = () -> MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
        Supplier<MatchScript> pushOut = SequencingTest::pushOutPending;
        return Stream.<Arguments>of(
                Arguments.of("lag choice: shot by the lag winner", lagChoice,
                        (Consumer<MatchScript>) m -> m.shot("p1", s -> s.firstContact(1).rails(5))),
                Arguments.of("lag choice: another lag", lagChoice, (Consumer<MatchScript>) m -> m.lagWonBy("p2")),
                Arguments.of("push out: shot by the chooser", pushOut,
                        (Consumer<MatchScript>) m -> m.shot("p1", s -> s.firstContact(1).rail())),
                Arguments.of("push out: shot by the pusher", pushOut,
                        (Consumer<MatchScript>) m -> m.shot("p2", s -> s.firstContact(1).rail())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedWhileOptionPending")
    void optionPending_rejectsAnythingButTheAnswer(String what, Supplier<MatchScript> setup, Consumer<MatchScript> send) {
        MatchScript m = setup.get();
        MatchView before = m.view();
        send.accept(m);
        assertRejectedChangingNothing(m, before);
    }

    static Stream<Arguments> acceptedWhenFinished() {
        return Stream.<Arguments>of(
                Arguments.of("pool.appeal.filed", (Consumer<MatchScript>) m -> m.send("pool.appeal.filed", appealOn(m, 4))),
                Arguments.of("pool.event.voided", (Consumer<MatchScript>) m -> m.voidEvent(5)),
                Arguments.of("pool.event.corrected", (Consumer<MatchScript>) m -> m.correctShot(4, "p1",
                        s -> s.placement("BEHIND_HEAD_STRING").firstContact(1).pocket(2).rails(5))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("acceptedWhenFinished")
    void finished_acceptsCorrectionsAndAppeals(String what, Consumer<MatchScript> send) {
        MatchScript m = p2AtTable().concede("p2"); // seq 5
        assertEquals(Status.FINISHED, m.view().status());
        send.accept(m);
        assertTrue(m.lastApplied(), () -> what + " rejected: " + m.rulings());
        assertEquals(6, m.view().lastSeq());
    }

    static Stream<Arguments> rejectedWhenFinished() {
        return Stream.<Arguments>of(
                Arguments.of("pool.shot.taken", (Consumer<MatchScript>) m -> m.shot("p2", s -> s.firstContact(1).rail())),
                Arguments.of("pool.lag.taken", (Consumer<MatchScript>) m -> m.lagWonBy("p1")),
                Arguments.of("pool.option.chosen", (Consumer<MatchScript>) m -> m.choose("p1", "BREAK")),
                Arguments.of("SLOW_PLAY", (Consumer<MatchScript>) m -> m.ruling("SLOW_PLAY", "p2", null)),
                Arguments.of("UNSPORTSMANLIKE WARNING", (Consumer<MatchScript>) m -> m.ruling("UNSPORTSMANLIKE", "p2", "WARNING")),
                Arguments.of("NO_PROGRESS", (Consumer<MatchScript>) m -> m.ruling("NO_PROGRESS", null, null)),
                Arguments.of("STALEMATE", (Consumer<MatchScript>) m -> m.ruling("STALEMATE", null, null)),
                Arguments.of("pool.match.conceded", (Consumer<MatchScript>) m -> m.concede("p1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rejectedWhenFinished")
    void finished_rejectsEverythingElse(String what, Consumer<MatchScript> send) {
        MatchScript m = p2AtTable().concede("p2");
        MatchView before = m.view();
        send.accept(m);
        assertRejectedChangingNothing(m, before);
    }

    // ---- option answers ------------------------------------------------------------------------------------------

    @Test
    void optionAnsweredByTheWrongPlayerIsRejected() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
        MatchView before = m.view();
        m.choose("p2", "BREAK");
        assertRejectedChangingNothing(m, before);
        m.expectRejected("data.player");
    }

    @Test
    void optionThatWasNotOfferedIsRejected() {
        MatchScript m = MatchScript.open("NINE_BALL", 3).lagWonBy("p1");
        MatchView before = m.view();
        m.choose("p1", "SHOOT");
        assertRejectedChangingNothing(m, before);
        m.expectRejected("data.option");
    }

    @Test
    void optionAnswerWhenNoOptionIsPendingIsRejected() {
        MatchScript m = p2AtTable();
        MatchView before = m.view();
        m.choose("p2", "SHOOT");
        assertRejectedChangingNothing(m, before);
    }

    @Test
    void rejectionRulingCarriesTheEventsSeqAndId() {
        MatchScript m = p2AtTable();
        m.send(event(m, "pool.shot.taken", 5, "shot-bad", shotData("p3", 1)));
        Ruling r = m.ruling(RulingKind.EVENT_REJECTED);
        assertEquals(5L, r.seq());
        assertEquals("shot-bad", r.eventId());
        assertEquals(m.matchId(), r.matchId());
    }
}
