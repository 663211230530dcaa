package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.support.MatchScript;

import java.util.ArrayList;
import java.util.List;

import static org.matchledger.core.support.MatchScript.expectRejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The ledger's posting rule: a table account posts only for matches on its own table (for {@code pool.match.opened},
 * the table of its {@code data.tableId}); referees and directors post on any table; events without a poster are judged
 * as before. The poster travels in the log as the extension attributes {@code ledgerposter*}.
 */
class PostingRuleTest {
    private static final String M = "m-posting";

    private static ObjectNode event(String type, long seq, ObjectNode data, Poster poster) {
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("specversion", "1.0").put("id", M + "-" + seq).put("source", "/tables/T1/scorer").put("type", type)
                .put("subject", M).put("seq", seq);
        e.set("data", data);
        if (poster != null) {
            if (poster.subject() != null) {
                e.put(Poster.SUBJECT_ATTRIBUTE, poster.subject());
            }
            e.put(Poster.ROLE_ATTRIBUTE, poster.role());
            if (poster.tableId() != null) {
                e.put(Poster.TABLE_ATTRIBUTE, poster.tableId());
            }
        }
        return e;
    }

    private static ObjectNode opening(String tableId) {
        ObjectNode d = Json.MAPPER.createObjectNode().put("discipline", "NINE_BALL");
        var players = d.putArray("players");
        players.addObject().put("id", "p1").put("name", "Player One");
        players.addObject().put("id", "p2").put("name", "Player Two");
        d.put("raceTo", 3);
        if (tableId != null) {
            d.put("tableId", tableId);
        }
        return d;
    }

    private static ObjectNode lag() {
        ObjectNode d = Json.MAPPER.createObjectNode();
        var results = d.putArray("results");
        MatchScript.lagResult(results.addObject(), "p1", 5.0);
        MatchScript.lagResult(results.addObject(), "p2", 30.0);
        return d;
    }

    private static Poster table(String tableId) {
        return new Poster("table-" + tableId.toLowerCase(), Poster.TABLE, tableId);
    }

    private static final Poster REFEREE = new Poster("referee", Poster.REFEREE, null);

    private static Outcome fold(List<JsonNode> events) {
        Match m = Match.EMPTY;
        Outcome last = null;
        for (JsonNode e : events) {
            last = MatchLedger.apply(m, e);
            m = last.match();
        }
        return last;
    }

    private static void assertRejectedNamingTableId(Outcome step, String posterTable, String matchTable) {
        Outcome.Rejected rejected = expectRejected(step, "tableId");
        assertThat(rejected.rejection().reason()).contains("table " + posterTable, matchTable, PostingRule.CITATION);
    }

    @Test
    void postingRule_aTableOpensAndPlaysOnItsOwnTable() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), table("T01")));
        assertTrue(opened.applied(), () -> opened.rulings().toString());
        Outcome lag = MatchLedger.apply(opened.match(), event("pool.lag.taken", 2, lag(), table("T01")));
        assertTrue(lag.applied(), () -> lag.rulings().toString());
        assertEquals(RulingKind.LAG_WON, lag.rulings().get(0).kind());
    }

    @Test
    void postingRule_aTablesEventOnAnotherTablesMatch_isRejectedNamingTableId_andChangesNothing() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), table("T01")));
        Outcome lag = MatchLedger.apply(opened.match(), event("pool.lag.taken", 2, lag(), table("T02")));
        assertRejectedNamingTableId(lag, "T02", "table T01");
        assertEquals(opened.match().view(), lag.match().view());
        assertEquals(1, lag.match().lastSeq(), "the rejected event does not take its seq");
    }

    @Test
    void postingRule_aTableOpeningAMatchOnAnotherTable_isRejectedNamingTableId() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), table("T02")));
        assertRejectedNamingTableId(opened, "T02", "T01");
        assertFalse(opened.match().isOpened());
    }

    @Test
    void postingRule_aTableOpeningAMatchOnNoTable_isRejected() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening(null), table("T02")));
        assertRejectedNamingTableId(opened, "T02", "no table");
    }

    @Test
    void postingRule_aTableAccountWithoutItsTable_isRejected() {
        Poster noTable = new Poster("table-x", Poster.TABLE, null);
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), noTable));
        expectRejected(opened, "tableId");
    }

    @Test
    void postingRule_aRefereePostsOnAnyTable() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T07"), REFEREE));
        assertTrue(opened.applied());
        Outcome lag = MatchLedger.apply(opened.match(), event("pool.lag.taken", 2, lag(), REFEREE));
        assertTrue(lag.applied());
        Outcome director = MatchLedger.apply(lag.match(), event("pool.option.chosen", 3,
                Json.MAPPER.createObjectNode().put("player", "p1").put("option", "BREAK"),
                new Poster("director", Poster.DIRECTOR, null)));
        assertTrue(director.applied());
    }

    @Test
    void postingRule_noPoster_isJudgedAsBefore() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), null));
        Outcome lag = MatchLedger.apply(opened.match(), event("pool.lag.taken", 2, lag(), null));
        assertTrue(opened.applied());
        assertTrue(lag.applied());
        assertNull(lag.match().history().get(1).poster());
    }

    @Test
    void thePosterIsNotContent_aReSentEventIsADuplicateWhoeverReSendsIt() {
        Outcome opened = MatchLedger.apply(Match.EMPTY, event("pool.match.opened", 1, opening("T01"), table("T01")));
        Outcome lag = MatchLedger.apply(opened.match(), event("pool.lag.taken", 2, lag(), table("T01")));
        Outcome again = MatchLedger.apply(lag.match(), event("pool.lag.taken", 2, lag(), REFEREE));
        assertEquals(List.of(RulingKind.DUPLICATE), again.rulings().stream().map(Ruling::kind).toList());
    }

    @Test
    void aPosterAttributeOfTheWrongType_isRejectedNamingIt() {
        ObjectNode e = event("pool.match.opened", 1, opening("T01"), null);
        e.put(Poster.ROLE_ATTRIBUTE, 5);
        Outcome s = MatchLedger.apply(Match.EMPTY, e);
        expectRejected(s, Poster.ROLE_ATTRIBUTE);
    }

    /** Replay stays deterministic: the poster is part of the input, so a replayed log gives the live rulings. */
    @Test
    void replayOfALogWithPosters_givesTheLiveRulings_twice() throws Exception {
        List<JsonNode> log = new ArrayList<>();
        log.add(event("pool.match.opened", 1, opening("T01"), table("T01")));
        log.add(event("pool.lag.taken", 2, lag(), table("T02")));        // rejected: another table
        log.add(event("pool.lag.taken", 2, lag(), table("T01")));        // applied
        log.add(event("pool.option.chosen", 3,
                Json.MAPPER.createObjectNode().put("player", "p1").put("option", "BREAK"), REFEREE));
        List<Ruling> live = new ArrayList<>();
        Match m = Match.EMPTY;
        for (JsonNode e : log) {
            Outcome s = MatchLedger.apply(m, e);
            m = s.match();
            live.addAll(s.rulings());
        }
        List<String> lines = log.stream().map(Json::write).toList();
        for (int run = 0; run < 2; run++) {
            Replay replay = new Replay();
            for (String line : lines) {
                replay.accept(Json.read(line));
            }
            assertEquals(live, replay.rulings());
            assertEquals(m.view(), replay.view());
        }
        assertEquals(1, live.stream().filter(r -> r.kind() == RulingKind.EVENT_REJECTED).count());
        assertEquals(3, fold(log).match().lastSeq());
    }
}
