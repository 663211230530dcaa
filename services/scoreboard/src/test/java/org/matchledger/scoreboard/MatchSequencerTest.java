package org.matchledger.scoreboard;

import org.junit.jupiter.api.Test;
import org.matchledger.scoreboard.readmodel.FeedMessage;
import org.matchledger.scoreboard.readmodel.FeedPosition;
import org.matchledger.scoreboard.readmodel.LedgerRuling;
import org.matchledger.scoreboard.readmodel.LedgerView;
import org.matchledger.scoreboard.readmodel.MatchSequencer;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The feed order of one match (the decisions in the service README), whatever order the two topics arrive in. */
class MatchSequencerTest {
    static final String M = "m-1";

    /** A ruling with what the sequencing reads; {@code json} is what the feed carries. */
    static LedgerRuling ruling(Long seq, int n, String kind, boolean rejudgement, Integer rulingsOfEvent, String json) {
        return new LedgerRuling(seq, n, kind, rejudgement, null, null, null, null, rulingsOfEvent, json);
    }

    /** A view at {@code lastSeq}; {@code json} is what the feed carries. */
    static LedgerView view(long lastSeq, String json) {
        return new LedgerView(M, "NINE_BALL", "IN_PROGRESS", 7, null, 1, List.of(), null, List.of(), null, false, lastSeq, json);
    }

    /** The view of a closed match ({@code "closed": true}) at {@code lastSeq}. */
    static LedgerView closedView(long lastSeq, String json) {
        return new LedgerView(M, "NINE_BALL", "FINISHED", 7, null, 1, List.of(), null, List.of(), null, true, lastSeq, json);
    }

    static LedgerRuling applied(long seq, int n, int of, String kind) {
        return ruling(seq, n, kind, false, of, "{\"seq\":" + seq + ",\"n\":" + n + ",\"kind\":\"" + kind + "\"}");
    }

    static LedgerRuling notice(Long seq, String kind) {
        return ruling(seq, 0, kind, false, 1, "{\"seq\":" + seq + ",\"kind\":\"" + kind + "\"}");
    }

    /** "id event json" of each released message. */
    static List<String> lines(List<FeedMessage> released) {
        return released.stream().map(m -> m.matchFeedId() + " " + m.kind().event + " " + m.json()).toList();
    }

    sealed interface Arrival permits RulingArrives, ViewArrives {
    }

    record RulingArrives(LedgerRuling ruling) implements Arrival {
    }

    record ViewArrives(long lastSeq) implements Arrival {
    }

    static List<String> feed(List<Arrival> arrivals) {
        MatchSequencer s = new MatchSequencer(M);
        List<FeedMessage> out = new ArrayList<>();
        for (Arrival a : arrivals) {
            out.addAll(a instanceof RulingArrives r ? s.onRuling(r.ruling(), 0) : s.onView(view(((ViewArrives) a).lastSeq(), "V" + ((ViewArrives) a).lastSeq()), 0));
        }
        return lines(out);
    }

    @Test
    void eachAppliedSeqIsItsRulingsInOrderThenItsViewAllWithTheSeqAsId() {
        List<String> out = feed(List.of(
                new RulingArrives(applied(1, 0, 1, "MATCH_OPENED")), new ViewArrives(1),
                new RulingArrives(applied(2, 0, 2, "LAG_WON")), new RulingArrives(applied(2, 1, 2, "BREAK_ASSIGNED")),
                new ViewArrives(2)));
        assertEquals(List.of(
                "1 ruling {\"seq\":1,\"n\":0,\"kind\":\"MATCH_OPENED\"}", "1 view V1",
                "2 ruling {\"seq\":2,\"n\":0,\"kind\":\"LAG_WON\"}", "2 ruling {\"seq\":2,\"n\":1,\"kind\":\"BREAK_ASSIGNED\"}",
                "2 view V2"), out);
    }

    @Test
    void whereverTheViewArrivesAmongTheRulingsTheFeedIsTheSame() {
        List<Arrival> rulings = List.of(
                new RulingArrives(applied(1, 0, 1, "MATCH_OPENED")),
                new RulingArrives(applied(2, 0, 3, "FOUL")), new RulingArrives(applied(2, 1, 3, "TURN")),
                new RulingArrives(applied(2, 2, 3, "TWO_FOUL_WARNING")));
        List<String> expected = null;
        for (int at = 0; at <= rulings.size(); at++) {
            List<Arrival> arrivals = new ArrayList<>(rulings);
            arrivals.add(at, new ViewArrives(2)); // the processor wrote one view for the batch of seq 1 and 2
            List<String> out = feed(arrivals);
            if (expected == null) {
                expected = out;
            }
            assertEquals(expected, out, "view arriving at " + at);
        }
        assertEquals(List.of("1", "2", "2", "2", "2"), expected.stream().map(l -> l.split(" ")[0]).toList());
        assertTrue(expected.get(4).endsWith("view V2"), expected.toString());
    }

    @Test
    void aGroupWaitsForAllItsRulingsEvenWhenItsViewIsThere() {
        MatchSequencer s = new MatchSequencer(M);
        assertEquals(List.of(), s.onView(view(1, "V1"), 0));
        assertEquals(List.of(), lines(s.onRuling(applied(1, 0, 2, "MATCH_OPENED"), 0)));
        assertEquals(3, s.onRuling(applied(1, 1, 2, "BREAK_ASSIGNED"), 0).size());
        assertEquals(1, s.lastApplied());
    }

    @Test
    void noticesTakeTheLastAppliedSeqAndACountAndDoNotAdvanceTheMatch() {
        MatchSequencer s = new MatchSequencer(M);
        assertEquals(List.of("0.1 ruling {\"seq\":null,\"kind\":\"EVENT_REJECTED\"}"),
                lines(s.onRuling(notice(null, "EVENT_REJECTED"), 0)));
        s.onRuling(applied(1, 0, 1, "MATCH_OPENED"), 0);
        s.onView(view(1, "V1"), 0);
        assertEquals("1.1", s.onRuling(notice(3L, "EVENT_REJECTED"), 0).get(0).matchFeedId());
        assertEquals("1.2", s.onRuling(notice(1L, "DUPLICATE"), 0).get(0).matchFeedId());
        assertEquals(1, s.lastApplied());
        s.onRuling(applied(2, 0, 1, "CONTINUE"), 0);
        assertEquals(List.of("2", "2"), s.onView(view(2, "V2"), 0).stream().map(FeedMessage::matchFeedId).toList());
        assertEquals("2.1", s.onRuling(notice(2L, "DUPLICATE"), 0).get(0).matchFeedId());
    }

    @Test
    void aNoticeBehindAWaitingGroupWaitsForIt() {
        MatchSequencer s = new MatchSequencer(M);
        assertEquals(List.of(), s.onRuling(applied(1, 0, 1, "MATCH_OPENED"), 0));
        assertEquals(List.of(), s.onRuling(notice(1L, "DUPLICATE"), 0));
        assertEquals(List.of("1 ruling", "1 view", "1.1 ruling"),
                s.onView(view(1, "V1"), 0).stream().map(m -> m.matchFeedId() + " " + m.kind().event).toList());
    }

    @Test
    void aCorrectionIsOneGroupAtItsSeqRejectionsItReJudgesIncluded() {
        MatchSequencer s = new MatchSequencer(M);
        s.onRuling(applied(1, 0, 1, "MATCH_OPENED"), 0);
        s.onView(view(1, "V1"), 0);
        s.onRuling(ruling(2L, 0, "EVENT_VOIDED", false, 3, "voided"), 0);
        s.onRuling(ruling(2L, 1, "MATCH_OPENED", true, 3, "rejudged"), 0);
        s.onRuling(ruling(2L, 2, "EVENT_REJECTED", true, 3, "rejudged-rejected"), 0);
        assertEquals(List.of("2 ruling voided", "2 ruling rejudged", "2 ruling rejudged-rejected", "2 view V2"),
                s.onView(view(2, "V2"), 0).stream().map(m -> m.matchFeedId() + " " + m.kind().event + " " + m.json()).toList());
    }

    @Test
    void aBatchWithOneViewGivesEachSeqItsGroupAndTheViewAfterTheLast() {
        List<String> ids = feed(List.of(new ViewArrives(3),
                new RulingArrives(applied(1, 0, 1, "MATCH_OPENED")),
                new RulingArrives(applied(2, 0, 1, "LAG_WON")),
                new RulingArrives(applied(3, 0, 1, "BREAK_ASSIGNED")))).stream().map(l -> l.split(" ")[0] + " " + l.split(" ")[1]).toList();
        assertEquals(List.of("1 ruling", "2 ruling", "3 ruling", "3 view"), ids);
    }

    @Test
    void positionsParseAndOrderLikeTheFeed() {
        assertEquals(new FeedPosition(57, 0), FeedPosition.parse("57"));
        assertEquals(new FeedPosition(57, 2), FeedPosition.parse("57.2"));
        assertEquals(null, FeedPosition.parse("x"));
        assertEquals(null, FeedPosition.parse("-1"));
        assertTrue(FeedPosition.parse("57.1").isAfter(FeedPosition.parse("57")));
        assertTrue(FeedPosition.parse("58").isAfter(FeedPosition.parse("57.9")));
    }

    static List<String> idsAndEvents(List<FeedMessage> released) {
        return released.stream().map(m -> m.matchFeedId() + " " + m.kind().event + " " + m.json()).toList();
    }

    static LedgerRuling closing(long seq) {
        return ruling(seq, 0, "MATCH_CLOSED", false, 1, "closing");
    }

    @Test
    void readFromACut_theFirstGroupAnchorsTheFeed_noticesBeforeItWhoseNumberIsUnknownAreLeftOut() {
        MatchSequencer s = new MatchSequencer(M, false);
        List<FeedMessage> out = new ArrayList<>();
        out.addAll(s.onRuling(notice(2L, "DUPLICATE"), 0)); // 2.k, k unknown: its predecessors are before the cut
        out.addAll(s.onRuling(applied(3, 0, 1, "CONTINUE"), 0));
        out.addAll(s.onView(view(3, "V3"), 0, MatchSequencer.ViewRead.AT_START));
        out.addAll(s.onRuling(notice(3L, "DUPLICATE"), 0));
        assertEquals(List.of("3 ruling {\"seq\":3,\"n\":0,\"kind\":\"CONTINUE\"}", "3 view V3", "3.1 ruling {\"seq\":3,\"kind\":\"DUPLICATE\"}"),
                idsAndEvents(out));
        assertEquals(new FeedPosition(3, 0), s.firstPosition(), "a resume from before 3 cannot be exact here");
    }

    @Test
    void readFromACut_aGroupWhoseFirstRulingsAreBeforeTheCutIsReleasedWithTheRestAtItsSeq() {
        MatchSequencer s = new MatchSequencer(M, false);
        List<FeedMessage> out = new ArrayList<>(s.onView(view(5, "V5"), 0, MatchSequencer.ViewRead.AT_START));
        out.addAll(s.onRuling(applied(5, 1, 2, "BREAK_ASSIGNED"), 0)); // n = 0 was before the cut
        assertEquals(List.of("5 ruling {\"seq\":5,\"n\":1,\"kind\":\"BREAK_ASSIGNED\"}", "5 view V5"), idsAndEvents(out));
    }

    @Test
    void readFromACut_aMatchWhoseRulingsAreAllBeforeTheCutStartsFromItsLatestView() {
        MatchSequencer old = new MatchSequencer(M, false);
        assertEquals(List.of("7 view V7"), idsAndEvents(old.onView(view(7, "V7"), 0, MatchSequencer.ViewRead.BEFORE_CUT)));
        old.onRuling(applied(8, 0, 1, "CONTINUE"), 0);
        assertEquals(List.of("8 ruling {\"seq\":8,\"n\":0,\"kind\":\"CONTINUE\"}", "8 view V8"),
                idsAndEvents(old.onView(view(8, "V8"), 0)), "later events follow with their own seqs");

        // A view written after the cut whose rulings never came (they were just before it): taken once all that was
        // written before the start has been read.
        MatchSequencer edge = new MatchSequencer(M, false);
        assertEquals(List.of(), edge.onView(view(4, "V4"), 0, MatchSequencer.ViewRead.AT_START));
        assertEquals(List.of("4 view V4"), idsAndEvents(edge.settle(0)));
        assertEquals(List.of(), edge.settle(0), "once");
    }

    @Test
    void readFromACut_noticesBeforeSeqOneAreZeroDotK() {
        MatchSequencer s = new MatchSequencer(M, false);
        List<FeedMessage> out = new ArrayList<>(s.onRuling(notice(null, "EVENT_REJECTED"), 0));
        out.addAll(s.onRuling(applied(1, 0, 1, "MATCH_OPENED"), 0));
        out.addAll(s.onView(view(1, "V1"), 0, MatchSequencer.ViewRead.AT_START));
        assertEquals(List.of("0.1 ruling", "1 ruling", "1 view"), out.stream().map(m -> m.matchFeedId() + " " + m.kind().event).toList());
    }

    /** events.md "closes": the MATCH_CLOSED ruling and the last view with "closed": true, at the last seq. */
    @Test
    void aClosingIsTheNextNoticePositionTheRulingThenTheClosedViewWhicheverArrivesFirst() {
        for (boolean viewFirst : List.of(false, true)) {
            MatchSequencer s = new MatchSequencer(M);
            s.onRuling(applied(1, 0, 1, "MATCH_OPENED"), 0);
            s.onView(view(1, "V1"), 0);
            s.onRuling(notice(2L, "EVENT_REJECTED"), 0);
            List<FeedMessage> out = new ArrayList<>();
            if (viewFirst) {
                out.addAll(s.onView(closedView(1, "CLOSED"), 0, MatchSequencer.ViewRead.LIVE));
                out.addAll(s.onRuling(closing(1), 0));
            } else {
                out.addAll(s.onRuling(closing(1), 0));
                out.addAll(s.onView(closedView(1, "CLOSED"), 0, MatchSequencer.ViewRead.LIVE));
            }
            out.addAll(s.onRuling(notice(2L, "EVENT_REJECTED"), 0)); // "match closed"
            assertEquals(List.of("1.2 ruling closing", "1.2 view CLOSED", "1.3 ruling {\"seq\":2,\"kind\":\"EVENT_REJECTED\"}"),
                    idsAndEvents(out), "view first: " + viewFirst);
            assertTrue(s.closed());
        }
    }

    @Test
    void readFromACut_aClosedMatchStartsFromItsClosedView() {
        MatchSequencer s = new MatchSequencer(M, false);
        List<FeedMessage> out = new ArrayList<>(s.onRuling(closing(9), 0));
        out.addAll(s.onView(closedView(9, "CLOSED"), 0, MatchSequencer.ViewRead.AT_START));
        out.addAll(s.settle(0));
        assertEquals(List.of("9 view CLOSED"), idsAndEvents(out));
        assertTrue(s.closed());
    }

    @Test
    void readFromACut_aClosingReadBeforeItsMatchsViewsFollowsTheLatestOfThem() {
        MatchSequencer s = new MatchSequencer(M, false);
        List<FeedMessage> out = new ArrayList<>(s.onRuling(closing(3), 0));
        for (long seq = 1; seq <= 3; seq++) {
            out.addAll(s.onView(view(seq, "V" + seq), 0, MatchSequencer.ViewRead.BEFORE_CUT));
        }
        out.addAll(s.onView(closedView(3, "CLOSED"), 0, MatchSequencer.ViewRead.AT_START));
        assertEquals(List.of("1 view V1", "2 view V2", "3 view V3", "3.1 ruling closing", "3.1 view CLOSED"), idsAndEvents(out));
    }
}
