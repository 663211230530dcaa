package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventData.LagResult;
import org.matchledger.core.event.EventData.LagTaken;
import org.matchledger.core.event.EventData.MatchConceded;
import org.matchledger.core.event.EventData.MatchOpened;
import org.matchledger.core.event.EventData.OptionChosen;
import org.matchledger.core.event.EventData.RulingMade;
import org.matchledger.core.event.OptionName;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.Penalty;
import org.matchledger.core.ruling.Foul;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.CueBall;
import org.matchledger.core.view.Status;

import java.util.List;
import java.util.Optional;

import static org.matchledger.core.rules.MatchState.NOBODY;
import static org.matchledger.core.rules.MatchState.opponent;

/**
 * The general rules (WPA 1.x, 6.13–6.16) shared by every discipline: opening, lag, the lag winner's option, rulings
 * by the referee and concession. Each method returns why the event is rejected, naming the field, or nothing once it is applied.
 */
public final class GeneralRules {
    private GeneralRules() {
    }

    /** Why {@code pool.match.opened} is rejected (a discipline this version does not judge), or nothing. */
    public static Optional<Rejection> rejectOpening(MatchOpened d) {
        return Disciplines.of(d.discipline()) == null
                ? Optional.of(Rejection.of("data.discipline", d.discipline() + " is not judged by this version of the ledger"))
                : Optional.empty();
    }

    /** {@code pool.match.opened}: the match awaits the lag. The discipline must be one this version judges (checked first, by {@link #rejectOpening}). */
    public static MatchState open(String matchId, MatchOpened d, Rulings out) {
        DisciplineRules rules = Disciplines.of(d.discipline());
        if (rules == null) {
            throw new IllegalArgumentException("not a judged discipline: " + d.discipline());
        }
        MatchState s = new MatchState();
        s.matchId = matchId;
        s.discipline = d.discipline();
        s.tableId = d.tableId();
        s.raceTo = d.raceTo();
        s.breakFormat = d.breakFormat();
        s.foulAward = d.foulAward();
        s.status = Status.AWAITING_LAG;
        s.rack = 1;
        s.players = new PlayerState[]{new PlayerState(d.players().get(0).id(), d.players().get(0).name()),
                new PlayerState(d.players().get(1).id(), d.players().get(1).name())};
        s.balls = rules.rackBalls();
        s.tableOpen = rules.usesGroups();
        s.cueBall = CueBall.IN_HAND_KITCHEN;
        out.add(Ruling.of(RulingKind.MATCH_OPENED));
        return s;
    }

    /** 1.2: the lag decides who chooses the first breaker. */
    public static Optional<Rejection> lag(Table t, LagTaken lag) {
        MatchState s = t.state();
        for (int i = 0; i < lag.results().size(); i++) {
            if (s.indexOf(lag.results().get(i).player()) == NOBODY) {
                return Optional.of(Rejection.of("data.results[" + i + "].player", lag.results().get(i).player() + " is not a player in this match"));
            }
        }
        if (lag.struckLate() != null && s.indexOf(lag.struckLate()) == NOBODY) {
            return Optional.of(Rejection.of("data.struckLate", lag.struckLate() + " is not a player in this match"));
        }
        LagResult a = lag.results().get(0);
        LagResult b = lag.results().get(1);
        String relag = null;
        if (lag.struckLate() != null) {
            relag = lag.struckLate() + " struck after the other ball reached the foot rail";
        } else if (lag.tooCloseToCall()) {
            relag = "too close to call";
        } else if (a.isBad() && b.isBad()) {
            relag = "both lags were bad";
        } else if (!a.isBad() && !b.isBad() && a.distanceFromHeadRail() == b.distanceFromHeadRail()) {
            relag = "both balls stopped at the same distance";
        }
        if (relag != null) {
            t.rule(Ruling.of(RulingKind.RELAG).rule("1.2").detail(relag));
            return Optional.empty();
        }
        LagResult won = a.isBad() ? b : b.isBad() ? a : a.distanceFromHeadRail() < b.distanceFromHeadRail() ? a : b;
        int winner = s.indexOf(won.player());
        s.status = Status.IN_PROGRESS;
        t.rule(Ruling.of(RulingKind.LAG_WON).player(won.player()).rule("1.2"));
        s.atTable = NOBODY; // docs/view.md: null while the lag winner chooses, and breaker too
        s.breaker = NOBODY;
        s.pending = new Pending(winner, List.of(OptionName.BREAK, OptionName.OPPONENT_BREAKS),
                Pending.Situation.LAG_CHOICE, CueBall.IN_HAND_KITCHEN);
        t.rule(Ruling.of(RulingKind.OPTION_OFFERED).player(won.player()).options(s.pending.options()));
        return Optional.empty();
    }

    /** An answer to the pending option; only the holder may answer, and only with an offered option. */
    public static Optional<Rejection> chooseOption(Table t, OptionChosen choice) {
        MatchState s = t.state();
        Pending pending = s.pending;
        if (pending == null) {
            return Optional.of(Rejection.of("type", "no option is pending"));
        }
        if (!choice.player().equals(s.idOf(pending.player()))) {
            return Optional.of(Rejection.of("data.player", "the pending option is " + s.idOf(pending.player()) + "'s to choose"));
        }
        if (!pending.options().contains(choice.option())) {
            return Optional.of(Rejection.of("data.option", "must be one of " + pending.options()));
        }
        t.rule(Ruling.of(RulingKind.OPTION_TAKEN).player(choice.player()).option(choice.option()));
        if (pending.situation() == Pending.Situation.LAG_CHOICE) {
            // 1.2 / 1.3: the lag winner decides who breaks the first rack.
            int breaker = choice.option() == OptionName.BREAK ? pending.player() : opponent(pending.player());
            s.pending = null;
            t.newRack(breaker);
            return Optional.empty();
        }
        t.rules.chooseOption(t, pending, choice.option());
        return Optional.empty();
    }

    /** {@code pool.ruling.made} other than OUTSIDE_INTERFERENCE, which the ledger handles as a correction. */
    public static Optional<Rejection> referee(Table t, RulingMade r) {
        MatchState s = t.state();
        int player = s.indexOf(r.player());
        if (r.player() != null && player == NOBODY) {
            return Optional.of(Rejection.of("data.player", r.player() + " is not a player in this match"));
        }
        switch (r.ruling()) {
            case SLOW_PLAY -> t.rules.foulByRuling(t, player, Foul.SLOW_PLAY); // 6.15
            case UNSPORTSMANLIKE -> {
                return unsportsmanlike(t, player, r.penalty()); // 6.16
            }
            case NO_PROGRESS -> {
                // 1.12: three more innings each; the turn in progress at the warning does not count.
                s.stalemateLeft = new int[]{3, 3};
                s.turnCountsForStalemate = false;
                t.rule(Ruling.of(RulingKind.STALEMATE_WARNING).rule("1.12"));
            }
            case STALEMATE -> {
                if (s.breaker == NOBODY) {
                    return Optional.of(Rejection.of("data.ruling", "no rack is being played yet (the breaker is still to be chosen); STALEMATE ends a rack in play"));
                }
                t.rules.stalemate(t); // 1.12
            }
            case SNOOKERED -> {
                if (s.discipline != Discipline.BLACKBALL) {
                    return Optional.of(Rejection.of("data.ruling", "SNOOKERED applies only in BLACKBALL"));
                }
                t.rule(Ruling.of(RulingKind.SNOOKER_DECLARED).player(r.player()));
            }
            case OUTSIDE_INTERFERENCE -> throw new IllegalStateException("OUTSIDE_INTERFERENCE is a correction");
        }
        return Optional.empty();
    }

    private static Optional<Rejection> unsportsmanlike(Table t, int offender, Penalty penalty) {
        switch (penalty) {
            case WARNING -> t.rule(Ruling.of(RulingKind.WARNING).player(t.id(offender)).rule("6.16"));
            case STANDARD_FOUL -> t.rules.foulByRuling(t, offender, Foul.UNSPORTSMANLIKE);
            case SERIOUS_FOUL -> t.rules.seriousFoulByRuling(t, offender);
            case LOSS_OF_RACK -> {
                Optional<Rejection> rejection = t.rules.rejectLossOfRack();
                if (rejection.isPresent()) {
                    return rejection;
                }
                t.rules.lossOfRackByRuling(t, offender);
            }
            case LOSS_OF_MATCH, DISQUALIFICATION -> {
                t.winMatch(opponent(offender), "PENALTY");
            }
        }
        return Optional.empty();
    }

    /** 1.11: the conceding player loses the match. */
    public static Optional<Rejection> concede(Table t, MatchConceded c) {
        int player = t.indexOf(c.player());
        if (player == NOBODY) {
            return Optional.of(Rejection.of("data.player", c.player() + " is not a player in this match"));
        }
        t.winMatch(opponent(player), "CONCESSION");
        return Optional.empty();
    }
}
