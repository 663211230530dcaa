package org.matchledger.core.ledger;

import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.RefereeCall;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.rules.GeneralRules;
import org.matchledger.core.rules.MatchState;
import org.matchledger.core.rules.Table;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.state.Pending;
import org.matchledger.core.view.Status;

import java.util.Optional;

/**
 * Judges one well-formed event against the match state: which events the match accepts now (docs/events.md "When an
 * event is accepted"), then the rules. Sequencing, duplicates and corrections are {@link MatchLedger}'s.
 */
final class EventJudge {

    /** What the rules made of the event: accepted, with the state after it and its rulings, or rejected. */
    sealed interface Judgement {
        record Accepted(MatchState after, Rulings rulings) implements Judgement {
        }

        record Refused(Rejection rejection) implements Judgement {
        }
    }

    private EventJudge() {
    }

    /**
     * {@code history} holds the events applied before this one (appeals and their decisions look into it). With
     * {@code inPlace} the state is changed where it is instead of on a copy: safe because every rule checks what it
     * may reject before it changes anything, so a rejected event leaves {@code before} as it was.
     */
    static Judgement judge(MatchState before, TableEvent ev, EventHistory history, int historySize, boolean inPlace) {
        if (before == null) {
            if (ev.type() != EventType.MATCH_OPENED) {
                return new Judgement.Refused(MatchLedger.NOT_OPENED);
            }
            EventData.MatchOpened opening = (EventData.MatchOpened) ev.data();
            Optional<Rejection> notJudged = GeneralRules.rejectOpening(opening);
            if (notJudged.isPresent()) {
                return new Judgement.Refused(notJudged.get());
            }
            Rulings out = new Rulings();
            MatchState opened = GeneralRules.open(ev.subject(), opening, out);
            opened.applied(ev.seq());
            return new Judgement.Accepted(opened, out);
        }
        Optional<Rejection> notNow = notAcceptedNow(before, ev);
        if (notNow.isPresent()) {
            return new Judgement.Refused(notNow.get());
        }
        MatchState s = inPlace ? before : before.copy();
        Rulings out = new Rulings();
        Table t = Table.of(s, out);
        Optional<Rejection> rejection = switch (ev.type()) {
            case LAG_TAKEN -> GeneralRules.lag(t, (EventData.LagTaken) ev.data());
            case SHOT_TAKEN -> t.shot((EventData.ShotTaken) ev.data());
            case OPTION_CHOSEN -> GeneralRules.chooseOption(t, (EventData.OptionChosen) ev.data());
            case RULING_MADE -> GeneralRules.referee(t, (EventData.RulingMade) ev.data());
            case MATCH_CONCEDED -> GeneralRules.concede(t, (EventData.MatchConceded) ev.data());
            case APPEAL_FILED -> appealFiled(t, (EventData.AppealFiled) ev.data(), history, historySize);
            case APPEAL_DECIDED -> appealDecided(t, (EventData.AppealDecided) ev.data(), history, historySize);
            case MATCH_OPENED -> Optional.of(Rejection.of("type", "the match is already open"));
            case EVENT_VOIDED, EVENT_CORRECTED -> throw new IllegalStateException("corrections are the ledger's");
        };
        if (rejection.isPresent()) {
            return new Judgement.Refused(rejection.get());
        }
        s.applied(ev.seq());
        return new Judgement.Accepted(s, out);
    }

    /** docs/events.md "When an event is accepted". */
    private static Optional<Rejection> notAcceptedNow(MatchState s, TableEvent ev) {
        EventType type = ev.type();
        if (type == EventType.APPEAL_FILED || type == EventType.APPEAL_DECIDED) {
            return Optional.empty();
        }
        if (s.status() == Status.FINISHED) {
            return Optional.of(Rejection.of("type", "the match is finished; only corrections and appeals are accepted"));
        }
        if (s.status() == Status.AWAITING_LAG) {
            boolean ok = type == EventType.LAG_TAKEN || type == EventType.MATCH_CONCEDED
                    || (type == EventType.RULING_MADE && ((EventData.RulingMade) ev.data()).ruling() == RefereeCall.UNSPORTSMANLIKE);
            return ok ? Optional.empty() : Optional.of(Rejection.of("type",
                    "the match awaits the lag; only pool.lag.taken, pool.match.conceded and UNSPORTSMANLIKE rulings are accepted"));
        }
        if (type == EventType.LAG_TAKEN) {
            return Optional.of(Rejection.of("type", "the lag has already been decided"));
        }
        Pending pending = s.pending();
        if (pending != null) {
            boolean ok = type == EventType.OPTION_CHOSEN || type == EventType.RULING_MADE || type == EventType.MATCH_CONCEDED;
            return ok ? Optional.empty() : Optional.of(Rejection.of("type", s.idOf(pending.player())
                    + " has an option pending " + pending.options() + "; only pool.option.chosen is accepted"));
        }
        return Optional.empty();
    }

    /** 1.10: an appeal is recorded; it changes no score. */
    private static Optional<Rejection> appealFiled(Table t, EventData.AppealFiled a, EventHistory history, int historySize) {
        if (t.indexOf(a.player()) == MatchState.NOBODY) {
            return Optional.of(Rejection.of("data.player", a.player() + " is not a player in this match"));
        }
        int target = history.indexOf(a.targetId());
        if (target < 0 || target >= historySize) {
            return Optional.of(Rejection.of("data.targetId", "no applied event with id " + a.targetId() + " in this match"));
        }
        t.rule(Ruling.of(RulingKind.APPEAL_FILED).player(a.player()).targetId(a.targetId()).rule("1.10"));
        return Optional.empty();
    }

    private static Optional<Rejection> appealDecided(Table t, EventData.AppealDecided d, EventHistory history, int historySize) {
        int filing = history.indexOf(d.appealId());
        if (filing < 0 || filing >= historySize || history.get(filing).type() != EventType.APPEAL_FILED) {
            return Optional.of(Rejection.of("data.appealId", "no appeal filed with id " + d.appealId() + " in this match"));
        }
        for (int i = filing + 1; i < historySize; i++) {
            TableEvent e = history.get(i);
            if (e.type() == EventType.APPEAL_DECIDED && ((EventData.AppealDecided) e.data()).appealId().equals(d.appealId())) {
                return Optional.of(Rejection.of("data.appealId", "appeal " + d.appealId() + " was already decided by event " + e.id()));
            }
        }
        String appellant = ((EventData.AppealFiled) history.get(filing).data()).player();
        t.rule(Ruling.of(RulingKind.APPEAL_DECIDED).player(appellant).targetId(d.appealId()).rule("1.10")
                .detail(d.upheld() ? "UPHELD" : "DISMISSED"));
        return Optional.empty();
    }
}
