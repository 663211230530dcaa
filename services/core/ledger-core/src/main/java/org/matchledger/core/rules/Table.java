package org.matchledger.core.rules;

import org.matchledger.core.event.EventData.ShotTaken;
import org.matchledger.core.event.FoulAward;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.state.Balls;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Status;

import java.util.Optional;

import static org.matchledger.core.rules.MatchState.NOBODY;
import static org.matchledger.core.rules.MatchState.opponent;

/**
 * The table while one event is judged: the state being changed, the rulings that explain each change, and the moves
 * every discipline shares (turns, fouls, racks, the match). Each move writes its ruling, so no change goes unexplained.
 * The state is changed in place; the discipline's rules (this package) work on it through {@link #state()}.
 */
public final class Table {
    private final MatchState s;
    final DisciplineRules rules;
    private final Rulings out;

    Table(MatchState s, DisciplineRules rules, Rulings out) {
        this.s = s;
        this.rules = rules;
        this.out = out;
    }

    /** The table of a match in progress, its rulings written to {@code out}. */
    public static Table of(MatchState s, Rulings out) {
        return new Table(s, Disciplines.of(s.discipline), out);
    }

    /** The state being changed: for the rules of this package only. */
    MatchState state() {
        return s;
    }

    /** The index of the player with this id, or {@link MatchState#NOBODY}. */
    public int indexOf(String playerId) {
        return s.indexOf(playerId);
    }

    // ---- the events ------------------------------------------------------------------------------------------

    /** {@code pool.shot.taken}: rejected when its facts do not fit the table (or the discipline), else judged. */
    public Optional<Rejection> shot(ShotTaken shot) {
        Optional<Rejection> rejection = ShotFacts.reject(s, shot);
        if (rejection.isEmpty()) {
            rejection = rules.rejectShot(s, shot);
        }
        if (rejection.isEmpty()) {
            rules.judgeShot(this, shot);
        }
        return rejection;
    }

    /** Writes a ruling for the event being judged. */
    public void rule(Ruling.Builder ruling) {
        out.add(ruling);
    }

    public String id(int player) {
        return s.idOf(player);
    }

    // ---- turns and innings -------------------------------------------------------------------------------------

    boolean nextShotIsBreak() {
        return s.nextShotIsBreak;
    }

    /** Balls are in play: a rack is under way, no option is pending and the break has been taken. */
    boolean ballsInPlay() {
        return s.status == Status.IN_PROGRESS && s.pending == null && !s.nextShotIsBreak && s.atTable != NOBODY;
    }

    boolean inProgress() {
        return s.status == Status.IN_PROGRESS;
    }

    PlayerState player(int index) {
        return s.player(index);
    }

    /** Balls pocketed on a legal shot add to the shooter's run. */
    void addToRun(int shooter, int balls) {
        s.player(shooter).addToRun(balls);
    }

    /** A shot is about to be judged: the first shot of a turn begins the shooter's inning (docs/view.md {@code innings}). */
    public void beginShot(int shooter) {
        if (shooter == s.atTable && !s.turnBegun) {
            s.turnBegun = true;
            s.player(shooter).innings++;
            // 1.12: only turns that begin after the warning count down the innings left.
            s.turnCountsForStalemate = s.stalemateLeft != null;
        }
    }

    /** The turn of the player at the table ends: his run ends, and a counted turn uses up one stalemate inning. */
    public void endTurn() {
        if (s.atTable != NOBODY) {
            PlayerState p = s.player(s.atTable);
            p.currentRun = 0;
            if (s.turnBegun && s.turnCountsForStalemate && s.stalemateLeft != null) {
                s.stalemateLeft[s.atTable] = Math.max(0, s.stalemateLeft[s.atTable] - 1);
            }
        }
        s.turnBegun = false;
        s.turnCountsForStalemate = false;
    }

    /**
     * {@code incoming} is to shoot next with the cue ball as given. When the table changes hands (or an option is
     * resolved) a {@code TURN} ruling says so; when a foul by ruling leaves the shooter where he is, only the cue
     * ball changes.
     */
    public void passTurn(int incoming, CueBall cueBall, boolean freeShot) {
        boolean changesHands = incoming != s.atTable;
        if (!changesHands && s.pending == null) {
            s.cueBall = cueBall;
            s.freeShot = freeShot;
            return;
        }
        if (changesHands) {
            endTurn();
        }
        s.pending = null;
        s.atTable = incoming;
        s.cueBall = cueBall;
        s.freeShot = freeShot;
        rule(Ruling.of(RulingKind.TURN).player(id(incoming)).cueBall(cueBall).freeShot(freeShot));
        warnIfOnTwoFouls(incoming);
    }

    /** 6.14: the referee warns a player who comes to the table on two fouls. */
    public void warnIfOnTwoFouls(int incoming) {
        if (rules.threeFoulRule() && s.player(incoming).onTwoFouls) {
            rule(Ruling.of(RulingKind.TWO_FOUL_WARNING).player(id(incoming)).rule("6.14"));
        }
    }

    /** A legal shot that changes nothing else: the shooter stays at the table and plays from position. */
    public void continueTurn(int shooter) {
        continueTurn(shooter, CueBall.IN_POSITION);
    }

    /** The shooter stays at the table; a 14.1 re-rack may put the cue ball in hand. */
    public void continueTurn(int shooter, CueBall cueBall) {
        s.cueBall = cueBall;
        s.freeShot = false;
        rule(Ruling.of(RulingKind.CONTINUE).player(id(shooter)));
    }

    /** An option is offered: the table waits for {@code holder}'s answer (docs/view.md: {@code atTable} is the holder). */
    public void offer(Pending pending) {
        if (pending.player() != s.atTable) {
            endTurn();
        }
        s.pending = pending;
        s.atTable = pending.player();
        rule(Ruling.of(RulingKind.OPTION_OFFERED).player(id(pending.player())).options(pending.options()));
    }

    // ---- fouls -------------------------------------------------------------------------------------------------

    /** A legal shot of his own resets the shooter's consecutive fouls (6.14). */
    public void legalShot(int shooter) {
        PlayerState p = s.player(shooter);
        p.consecutiveFouls = 0;
        p.onTwoFouls = false;
    }

    /**
     * Records a standard foul and counts it toward 6.14. Returns true when it is the third in a row where the
     * three-foul rule applies (9-ball, 14.1): the discipline then applies its serious-foul penalty.
     */
    public boolean foul(int offender, Foul foul, String rule, int points) {
        PlayerState p = s.player(offender);
        p.score += points;
        rule(Ruling.of(RulingKind.FOUL).player(p.id).rule(rule).foul(foul).points(points));
        p.consecutiveFouls++;
        if (rules.threeFoulRule()) {
            if (p.consecutiveFouls >= 3) {
                return true;
            }
            p.onTwoFouls = p.consecutiveFouls == 2;
        }
        return false;
    }

    /** Puts balls back on the table and says so (2.6, 3.3, 4.6, 5.8). */
    public void spot(int mask) {
        if (mask != 0) {
            s.balls |= mask;
            rule(Ruling.of(RulingKind.BALLS_SPOTTED).balls(Balls.list(mask)));
        }
    }

    /** Black Ball 5.8: the player coming to the table after a foul gets two visits where the match plays them. */
    void awardVisitsAfterFoul() {
        s.visitsLeft = s.foulAward == FoulAward.TWO_VISITS ? 2 : 0;
    }

    // ---- racks and the match -----------------------------------------------------------------------------------

    /** 1.12: a stalemate ends the rack, and whoever broke it first breaks it again. */
    void rerackAfterStalemate() {
        s.stalemateLeft = null;
        rackFor(s.rackOpener);
    }

    /** The rack count goes up by one (14.1 counts its re-racks). */
    void countRack() {
        s.rack++;
    }

    /** Racks the balls for a new break by {@code breaker}; the rack number is the caller's business. */
    public void rackFor(int breaker) {
        rackFor(breaker, null, null);
    }

    /** {@link #rackFor(int)} with the rule and reason for the new break on the {@code BREAK_ASSIGNED} ruling. */
    public void rackFor(int breaker, String rule, String detail) {
        endTurn();
        s.balls = rules.rackBalls();
        s.tableOpen = rules.usesGroups();
        s.players[0].group = null;
        s.players[1].group = null;
        s.breaker = breaker;
        s.atTable = breaker;
        s.nextShotIsBreak = true;
        s.cueBall = CueBall.IN_HAND_KITCHEN;
        s.freeShot = false;
        s.visitsLeft = 0;
        s.pushOutAvailable = false;
        s.pending = null;
        rule(Ruling.of(RulingKind.BREAK_ASSIGNED).player(id(breaker)).rule(rule).detail(detail));
        warnIfOnTwoFouls(breaker);
    }

    /** A new rack (not a re-break of the same one): counts reset where the discipline says so, stalemate cleared. */
    public void newRack(int breaker) {
        s.rackOpener = breaker;
        s.stalemateLeft = null;
        if (rules.foulsResetEachRack()) {
            resetFoulCounts();
        }
        rackFor(breaker);
    }

    public void resetFoulCounts() {
        for (PlayerState p : s.players) {
            p.consecutiveFouls = 0;
            p.onTwoFouls = false;
        }
    }

    /** The rack is won (or lost by the other player): score it, then end the match or rack the next one. */
    public void winRack(int winner, String rule, String detail) {
        endTurn();
        rule(Ruling.of(RulingKind.RACK_WON).player(id(winner)).rule(rule).detail(detail));
        PlayerState p = s.player(winner);
        p.score++;
        if (p.score >= s.raceTo) {
            winMatch(winner, "RACE");
            return;
        }
        s.rack++;
        if (s.status == Status.AWAITING_LAG) {
            return; // a rack lost by penalty before the lag: the lag still decides the breaker
        }
        int next = switch (s.breakFormat) {
            case WINNER -> winner;
            case ALTERNATE -> s.rackOpener == NOBODY ? opponent(winner) : opponent(s.rackOpener);
        };
        newRack(next);
    }

    public void winMatch(int winner, String detail) {
        endTurn();
        s.status = Status.FINISHED;
        s.winner = winner;
        s.atTable = NOBODY;
        s.pending = null;
        s.pushOutAvailable = false;
        s.freeShot = false;
        s.visitsLeft = 0;
        s.nextShotIsBreak = false;
        rule(Ruling.of(RulingKind.MATCH_WON).player(id(winner)).detail(detail));
    }
}
