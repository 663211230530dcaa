package org.matchledger.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/** The per-table loop against a scripted sender: order, retries of the same event, backoff, new matches, resuming. */
class SimulatedTableTest {
    private static final long INTERVAL = 500_000_000L; // 2 events per second
    private static final long MS = 1_000_000L;

    /** Records every post and answers from a script (then accepts everything). */
    static final class FakeSender implements EventSender {
        final List<String> matchIds = new ArrayList<>();
        final List<Integer> waits = new ArrayList<>();
        final List<JsonNode> events = new ArrayList<>();
        final Deque<Outcome> script = new ArrayDeque<>();
        final AtomicLong clock;
        final long nanosPerSend;

        FakeSender(AtomicLong clock, long nanosPerSend) {
            this.clock = clock;
            this.nanosPerSend = nanosPerSend;
        }

        @Override
        public Outcome send(String matchId, String eventJson, int waitMillis) {
            clock.addAndGet(nanosPerSend);
            matchIds.add(matchId);
            waits.add(waitMillis);
            try {
                events.add(Json.read(eventJson));
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return script.isEmpty() ? Outcome.accepted(202) : script.poll();
        }

        String id(int i) {
            return events.get(i).get("id").textValue();
        }

        long seq(int i) {
            return events.get(i).get("seq").longValue();
        }
    }

    private final AtomicLong clock = new AtomicLong();
    private final List<String> log = new ArrayList<>();
    private final Stats stats = new Stats();

    private SimulatedTable table(FakeSender sender, long seed, SimulatedTable.Position from) {
        return new SimulatedTable("T01", 0, seed, from, sender, stats, INTERVAL, clock::get, log::add);
    }

    @Test
    void postsOneEventAtATimeAtTheRateMinusTheTimeThePostTook() throws Exception {
        FakeSender sender = new FakeSender(clock, 30 * MS);
        SimulatedTable t = table(sender, 1, SimulatedTable.Position.START);
        assertEquals(INTERVAL - 30 * MS, t.step());
        assertEquals(INTERVAL - 30 * MS, t.step());
        assertEquals(List.of("T01-1", "T01-1"), sender.matchIds);
        assertEquals("pool.match.opened", sender.events.get(0).get("type").textValue());
        assertEquals(1, sender.seq(0));
        assertEquals(2, sender.seq(1));
        assertEquals(2, stats.posted());
        assertEquals(new SimulatedTable.Position(1, 2), t.position());
    }

    @Test
    void unavailableGatewayGetsTheSameEventAgainWithBackoffUntilAccepted() throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        sender.script.add(EventSender.Outcome.accepted(202));
        sender.script.add(EventSender.Outcome.unavailable(503, "Ledger unavailable", 2000));
        sender.script.add(EventSender.Outcome.unavailable(0, "ConnectException", -1));
        sender.script.add(EventSender.Outcome.unavailable(0, "ConnectException", -1));
        sender.script.add(EventSender.Outcome.unavailable(503, "Ledger unavailable", -1));
        SimulatedTable t = table(sender, 1, SimulatedTable.Position.START);

        assertEquals(INTERVAL, t.step());
        assertEquals(2000 * MS, t.step());          // the gateway's Retry-After
        assertEquals(400 * MS, t.step());           // then our own backoff: 2nd failure in a row
        assertEquals(800 * MS, t.step());
        assertEquals(1600 * MS, t.step());
        assertEquals(INTERVAL, t.step());           // accepted at last
        assertEquals(INTERVAL, t.step());

        for (int i = 1; i <= 5; i++) {              // posts 2..6: one and the same event, never skipped
            assertEquals(sender.events.get(1), sender.events.get(i), "post " + i);
        }
        assertEquals(sender.seq(1) + 1, sender.seq(6));
        assertEquals(3, stats.posted());
        assertEquals(4, stats.retries());
        assertEquals(2, stats.serverErrors());
        assertEquals(0, stats.clientErrors());
        assertEquals(2, log.size(), "one line when the gateway goes away, one when it is back: " + log);
    }

    @Test
    void backoffDoublesFromTwoHundredMillisecondsUpToFiveSeconds() {
        long[] expected = {200, 400, 800, 1600, 3200, 5000, 5000};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i] * MS, SimulatedTable.backoffNanos(i + 1, -1));
        }
        assertEquals(3000 * MS, SimulatedTable.backoffNanos(7, 3000));
        assertEquals(200 * MS, SimulatedTable.backoffNanos(1, 0));
    }

    @Test
    void aRefusedEventIsLoggedAndTheTableStartsANewMatch() throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        sender.script.add(EventSender.Outcome.accepted(202));
        sender.script.add(EventSender.Outcome.accepted(202));
        sender.script.add(EventSender.Outcome.refused(400, "{\"title\":\"Invalid event\"}"));
        SimulatedTable t = table(sender, 1, SimulatedTable.Position.START);
        for (int i = 0; i < 4; i++) {
            t.step();
        }
        assertEquals(List.of("T01-1", "T01-1", "T01-1", "T01-2"), sender.matchIds);
        assertEquals("pool.match.opened", sender.events.get(3).get("type").textValue());
        assertEquals("T01-2-1", sender.id(3));
        assertEquals(1, stats.clientErrors());
        assertTrue(log.get(0).contains("400") && log.get(0).contains("Invalid event"), log.toString());
        assertEquals(new SimulatedTable.Position(2, 1), t.position());
    }

    @Test
    void finishedMatchesAreFollowedByNewOnesRotatingTheFourDisciplines() throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        SimulatedTable t = table(sender, 7, SimulatedTable.Position.START);
        int steps = 0;
        while (stats.matchesFinished() < 4) {
            t.step();
            assertTrue(++steps < 20_000, "matches must end");
        }
        t.step();
        assertEquals("T01-5", sender.matchIds.get(sender.matchIds.size() - 1));
        Set<Discipline> seen = EnumSet.noneOf(Discipline.class);
        for (JsonNode e : sender.events) {
            if (e.get("type").textValue().equals("pool.match.opened")) {
                seen.add(Discipline.valueOf(e.get("data").get("discipline").textValue()));
                int raceTo = e.get("data").get("raceTo").intValue();
                boolean straight = e.get("data").get("discipline").textValue().equals("STRAIGHT_POOL");
                assertTrue(straight ? raceTo >= 50 && raceTo <= 100 : raceTo >= 3 && raceTo <= 5, "raceTo " + raceTo);
            }
        }
        assertEquals(EnumSet.allOf(Discipline.class), seen);
        // each match's events go out in order: the next seq, or the same one again (a re-sent event, or a new
        // event in place of one the ledger rejected)
        for (int i = 1; i < sender.events.size(); i++) {
            if (sender.matchIds.get(i).equals(sender.matchIds.get(i - 1))) {
                long step = sender.seq(i) - sender.seq(i - 1);
                assertTrue(step == 0 || step == 1, "seq " + sender.seq(i) + " after " + sender.seq(i - 1));
            } else {
                assertEquals(1, sender.seq(i));
            }
        }
    }

    @Test
    void aMatchIdTheLedgerAlreadyHasIsSkipped() throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        sender.script.add(EventSender.Outcome.accepted(200, List.of("EVENT_REJECTED"))); // T01-1: another seed's
        sender.script.add(EventSender.Outcome.accepted(200, List.of("DUPLICATE")));      // T01-2: ours, from before
        sender.script.add(EventSender.Outcome.accepted(200, List.of("MATCH_OPENED")));   // T01-3: free
        SimulatedTable t = table(sender, 1, SimulatedTable.Position.START);
        for (int i = 0; i < 4; i++) {
            t.step();
        }
        assertEquals(List.of("T01-1", "T01-2", "T01-3", "T01-3"), sender.matchIds);
        assertEquals(List.of(SimulatedTable.OPENING_WAIT_MILLIS, SimulatedTable.OPENING_WAIT_MILLIS, SimulatedTable.OPENING_WAIT_MILLIS, 0),
                sender.waits, "only an opening event waits for its rulings");
        assertEquals(2, sender.seq(3));
        assertEquals(2, stats.matchesSkipped());
    }

    @Test
    void aDuplicateOpeningAfterOurOwnRetryIsOurs() throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        sender.script.add(EventSender.Outcome.unavailable(503, "Ledger unavailable", -1));
        sender.script.add(EventSender.Outcome.accepted(200, List.of("DUPLICATE")));
        SimulatedTable t = table(sender, 1, SimulatedTable.Position.START);
        t.step();
        t.step();
        t.step();
        assertEquals(List.of("T01-1", "T01-1", "T01-1"), sender.matchIds);
        assertEquals(2, sender.seq(2));
        assertEquals(0, stats.matchesSkipped());
    }

    @Test
    void whatIsPostedDependsOnlyOnTheSeed() throws Exception {
        List<JsonNode> a = play(42, 300);
        List<JsonNode> b = play(42, 300);
        List<JsonNode> c = play(43, 300);
        assertEquals(a, b);
        assertNotEquals(a, c);
    }

    @Test
    void aResumedTableGoesOnWithTheNextEventOfTheSameMatch() throws Exception {
        FakeSender first = new FakeSender(clock, 0);
        SimulatedTable t = table(first, 5, SimulatedTable.Position.START);
        for (int i = 0; i < 60; i++) {
            t.step();
        }
        SimulatedTable.Position stoppedAt = t.position();
        t.step();
        JsonNode next = first.events.get(first.events.size() - 1);

        FakeSender second = new FakeSender(clock, 0);
        SimulatedTable resumed = table(second, 5, stoppedAt);
        resumed.step();
        assertEquals(next, second.events.get(0));
        assertEquals(first.matchIds.get(first.matchIds.size() - 1), second.matchIds.get(0));
    }

    private List<JsonNode> play(long seed, int posts) throws Exception {
        FakeSender sender = new FakeSender(clock, 0);
        SimulatedTable t = new SimulatedTable("T03", 2, seed, SimulatedTable.Position.START, sender, new Stats(), INTERVAL, clock::get, s -> { });
        for (int i = 0; i < posts; i++) {
            t.step();
        }
        return sender.events;
    }
}
