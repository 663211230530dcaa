package org.matchledger.core.rules;

import org.matchledger.core.event.BreakFormat;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.FoulAward;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.MatchView;
import org.matchledger.core.view.PendingOptionView;
import org.matchledger.core.view.PlayerView;
import org.matchledger.core.view.StalemateView;
import org.matchledger.core.view.Status;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The working state of one match: mutable, and changed in place by the rules of this package while they judge an
 * event (through {@link Table}). Outside this package it is read only, through its accessors; the ledger changes
 * nothing in it but the seq of the last applied event ({@link #applied}). The ledger judges an event on a
 * {@link #copy()} unless its caller advances the match in place ({@code MatchLedger.advance}). Players are referred to
 * by index (0 or 1), -1 meaning nobody.
 */
public final class MatchState {
    public static final int NOBODY = -1;

    String matchId;
    Discipline discipline;
    String tableId;
    int raceTo;
    BreakFormat breakFormat;
    FoulAward foulAward;
    Status status;
    int rack;
    PlayerState[] players = new PlayerState[2];
    /** Who broke, or is to break, the current rack. */
    int breaker = NOBODY;
    /** Who broke the current rack first: breaks again after a stalemate (1.12) and sets the alternation. */
    int rackOpener = NOBODY;
    int atTable = NOBODY;
    boolean nextShotIsBreak;
    CueBall cueBall;
    boolean freeShot;
    /** Black Ball TWO_VISITS: visits left to the player awarded them (0 when not in force). */
    int visitsLeft;
    boolean pushOutAvailable;
    boolean tableOpen;
    /** Object balls on the table, {@link Balls} mask. */
    int balls;
    Pending pending;
    /** 1.12 innings left per player after NO_PROGRESS, or null. */
    int[] stalemateLeft;
    int winner = NOBODY;
    long lastSeq;

    /** The player at the table has taken the first shot of his turn (his inning has begun). */
    boolean turnBegun;
    /** The turn in progress began after the stalemate warning, so its end counts (1.12). */
    boolean turnCountsForStalemate;
    /** 14.1: the last foul was a scratch, so the next opening break or table acceptance plays from the kitchen. */
    boolean lastShotScratched;

    /** An empty state, filled in by {@link GeneralRules#open}. */
    MatchState() {
    }

    /** A copy that shares nothing mutable with this state (MatchStateTest checks that every field is copied). */
    public MatchState copy() {
        MatchState c = new MatchState();
        c.matchId = matchId;
        c.discipline = discipline;
        c.tableId = tableId;
        c.raceTo = raceTo;
        c.breakFormat = breakFormat;
        c.foulAward = foulAward;
        c.status = status;
        c.rack = rack;
        c.players = new PlayerState[]{players[0].copy(), players[1].copy()};
        c.breaker = breaker;
        c.rackOpener = rackOpener;
        c.atTable = atTable;
        c.nextShotIsBreak = nextShotIsBreak;
        c.cueBall = cueBall;
        c.freeShot = freeShot;
        c.visitsLeft = visitsLeft;
        c.pushOutAvailable = pushOutAvailable;
        c.tableOpen = tableOpen;
        c.balls = balls;
        c.pending = pending;
        c.stalemateLeft = stalemateLeft == null ? null : stalemateLeft.clone();
        c.winner = winner;
        c.lastSeq = lastSeq;
        c.turnBegun = turnBegun;
        c.turnCountsForStalemate = turnCountsForStalemate;
        c.lastShotScratched = lastShotScratched;
        return c;
    }

    // ---- read by the ledger ----------------------------------------------------------------------------------

    public String matchId() {
        return matchId;
    }

    public String tableId() {
        return tableId;
    }

    public Discipline discipline() {
        return discipline;
    }

    public Status status() {
        return status;
    }

    /** The option the match waits for, or null. */
    public Pending pending() {
        return pending;
    }

    public long lastSeq() {
        return lastSeq;
    }

    /** The event with this seq was applied: the one change the ledger itself makes. */
    public void applied(long seq) {
        lastSeq = seq;
    }

    PlayerState player(int index) {
        return players[index];
    }

    public static int opponent(int index) {
        return 1 - index;
    }

    /** The index of the player with this id, or {@link #NOBODY}. */
    public int indexOf(String playerId) {
        if (playerId == null) {
            return NOBODY;
        }
        if (players[0].id.equals(playerId)) {
            return 0;
        }
        return players[1].id.equals(playerId) ? 1 : NOBODY;
    }

    public String idOf(int index) {
        return index == NOBODY ? null : players[index].id;
    }

    public MatchView toView() {
        PendingOptionView pendingView = pending == null ? null
                : new PendingOptionView(idOf(pending.player()), pending.options());
        StalemateView stalemate = null;
        if (stalemateLeft != null) {
            Map<String, Integer> left = new LinkedHashMap<>();
            left.put(players[0].id, stalemateLeft[0]);
            left.put(players[1].id, stalemateLeft[1]);
            stalemate = new StalemateView(left);
        }
        List<PlayerView> playerViews = List.of(players[0].toView(), players[1].toView());
        Integer visits = foulAward == FoulAward.TWO_VISITS ? visitsLeft : null;
        return new MatchView(matchId, discipline, status, raceTo, breakFormat, tableId, rack, playerViews,
                idOf(breaker), idOf(atTable), nextShotIsBreak, cueBall, freeShot, visits, pushOutAvailable, tableOpen,
                Balls.list(balls), pendingView, stalemate, idOf(winner), lastSeq);
    }
}
