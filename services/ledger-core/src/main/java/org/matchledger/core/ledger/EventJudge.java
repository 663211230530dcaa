package org.matchledger.core.ledger;

import org.matchledger.core.event.EventData;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.RulingType;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.rules.Disciplines;
import org.matchledger.core.rules.GeneralRules;
import org.matchledger.core.rules.ShotFacts;
import org.matchledger.core.rules.Table;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.state.MatchState;
import org.matchledger.core.view.Status;

/**
 * Judges one well-formed event against the match state: which events the match accepts now (docs/events.md "When an
 * event is accepted"), then the rules. Sequencing, duplicates and corrections are {@link MatchLedger}'s.
 */
final class EventJudge {

    /** {@code after} is the new state, or null when the event was rejected for {@code rejection}. */
    record Judgement(MatchState after, Rulings rulings, String rejection) {
        static Judgement rejected(String reason) {
            return new Judgement(null, new Rulings(), reason);
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
                return Judgement.rejected("type: the match has not been opened; the first event must be pool.match.opened with seq 1");
            }
            Rulings out = new Rulings();
            String[] rejection = new String[1];
            MatchState opened = GeneralRules.open(ev.subject(), (EventData.MatchOpened) ev.data(), out, rejection);
            if (opened == null) {
                return Judgement.rejected(rejection[0]);
            }
            opened.lastSeq = ev.seq();
            return new Judgement(opened, out, null);
        }
        String notNow = notAcceptedNow(before, ev);
        if (notNow != null) {
            return Judgement.rejected(notNow);
        }
        MatchState s = inPlace ? before : before.copy();
        Rulings out = new Rulings();
        Table t = new Table(s, Disciplines.of(s.discipline), out);
        String rejection = switch (ev.type()) {
            case LAG_TAKEN -> GeneralRules.lag(t, (EventData.LagTaken) ev.data());
            case SHOT_TAKEN -> shot(t, (EventData.ShotTaken) ev.data());
            case OPTION_CHOSEN -> GeneralRules.chooseOption(t, (EventData.OptionChosen) ev.data());
            case RULING_MADE -> GeneralRules.referee(t, (EventData.RulingMade) ev.data());
            case MATCH_CONCEDED -> GeneralRules.concede(t, (EventData.MatchConceded) ev.data());
            case APPEAL_FILED -> appealFiled(t, (EventData.AppealFiled) ev.data(), history, historySize);
            case APPEAL_DECIDED -> appealDecided(t, (EventData.AppealDecided) ev.data(), history, historySize);
            case MATCH_OPENED -> "type: the match is already open";
            case EVENT_VOIDED, EVENT_CORRECTED -> throw new IllegalStateException("corrections are the ledger's");
        };
        if (rejection != null) {
            return Judgement.rejected(rejection);
        }
        s.lastSeq = ev.seq();
        return new Judgement(s, out, null);
    }

    /** docs/events.md "When an event is accepted". */
    private static String notAcceptedNow(MatchState s, TableEvent ev) {
        EventType type = ev.type();
        if (type == EventType.APPEAL_FILED || type == EventType.APPEAL_DECIDED) {
            return null;
        }
        if (s.status == Status.FINISHED) {
            return "type: the match is finished; only corrections and appeals are accepted";
        }
        if (s.status == Status.AWAITING_LAG) {
            boolean ok = type == EventType.LAG_TAKEN || type == EventType.MATCH_CONCEDED
                    || (type == EventType.RULING_MADE && ((EventData.RulingMade) ev.data()).ruling() == RulingType.UNSPORTSMANLIKE);
            return ok ? null : "type: the match awaits the lag; only pool.lag.taken, pool.match.conceded and UNSPORTSMANLIKE rulings are accepted";
        }
        if (type == EventType.LAG_TAKEN) {
            return "type: the lag has already been decided";
        }
        if (s.pending != null) {
            boolean ok = type == EventType.OPTION_CHOSEN || type == EventType.RULING_MADE || type == EventType.MATCH_CONCEDED;
            return ok ? null : "type: " + s.idOf(s.pending.player()) + " has an option pending " + s.pending.options()
                    + "; only pool.option.chosen is accepted";
        }
        return null;
    }

    private static String shot(Table t, EventData.ShotTaken shot) {
        String reason = ShotFacts.reject(t.s, shot);
        if (reason == null) {
            reason = t.rules.rejectShot(t.s, shot);
        }
        if (reason != null) {
            return reason;
        }
        t.rules.judgeShot(t, shot);
        return null;
    }

    /** 1.10: an appeal is recorded; it changes no score. */
    private static String appealFiled(Table t, EventData.AppealFiled a, EventHistory history, int historySize) {
        if (t.s.indexOf(a.player()) == MatchState.NOBODY) {
            return "data.player: " + a.player() + " is not a player in this match";
        }
        int target = history.indexOf(a.targetId());
        if (target < 0 || target >= historySize) {
            return "data.targetId: no applied event with id " + a.targetId() + " in this match";
        }
        t.rule(Ruling.of(RulingKind.APPEAL_FILED).player(a.player()).targetId(a.targetId()).rule("1.10"));
        return null;
    }

    private static String appealDecided(Table t, EventData.AppealDecided d, EventHistory history, int historySize) {
        int filing = history.indexOf(d.appealId());
        if (filing < 0 || filing >= historySize || history.get(filing).type() != EventType.APPEAL_FILED) {
            return "data.appealId: no appeal filed with id " + d.appealId() + " in this match";
        }
        for (int i = filing + 1; i < historySize; i++) {
            TableEvent e = history.get(i);
            if (e.type() == EventType.APPEAL_DECIDED && ((EventData.AppealDecided) e.data()).appealId().equals(d.appealId())) {
                return "data.appealId: appeal " + d.appealId() + " was already decided by event " + e.id();
            }
        }
        String appellant = ((EventData.AppealFiled) history.get(filing).data()).player();
        t.rule(Ruling.of(RulingKind.APPEAL_DECIDED).player(appellant).targetId(d.appealId()).rule("1.10")
                .detail(d.upheld() ? "UPHELD" : "DISMISSED"));
        return null;
    }
}
