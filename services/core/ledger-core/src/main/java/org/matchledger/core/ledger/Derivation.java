package org.matchledger.core.ledger;

import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.rules.MatchState;

/**
 * A match re-derived from its whole history with every correction applied: the state it ends in and the rulings
 * each event gets on this reading (an event that no longer fits is rejected here and changes nothing).
 */
final class Derivation {
    private final MatchState state;
    private final Rulings[] rulings;
    private final Rejection openingRejection;

    private Derivation(MatchState state, Rulings[] rulings, Rejection openingRejection) {
        this.state = state;
        this.rulings = rulings;
        this.openingRejection = openingRejection;
    }

    static Derivation of(EventHistory history) {
        Corrections corrections = Corrections.of(history);
        Rulings[] rulings = new Rulings[history.size()];
        MatchState s = null;
        Rejection openingRejection = null;
        for (int i = 0; i < history.size(); i++) {
            if (corrections.isCorrection(i)) {
                continue;
            }
            TableEvent ev = corrections.effective(history, i);
            if (ev == null) {
                continue; // voided
            }
            EventJudge.Judgement j = EventJudge.judge(s, ev, history, i, true);
            if (j instanceof EventJudge.Judgement.Refused refused) {
                if (i == 0) {
                    openingRejection = refused.rejection();
                }
                Rulings r = new Rulings();
                r.add(Ruling.of(RulingKind.EVENT_REJECTED).reason(refused.rejection().text()));
                rulings[i] = r;
            } else {
                EventJudge.Judgement.Accepted accepted = (EventJudge.Judgement.Accepted) j;
                s = accepted.after();
                rulings[i] = accepted.rulings();
            }
        }
        return new Derivation(s, rulings, openingRejection);
    }

    MatchState state() {
        return state;
    }

    Rejection openingRejection() {
        return openingRejection;
    }

    Rulings rulingsOf(int index) {
        return rulings[index];
    }
}
