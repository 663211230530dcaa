package org.matchledger.core.ledger;

import org.matchledger.core.event.TableEvent;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.core.ruling.Rulings;
import org.matchledger.core.state.MatchState;

/**
 * A match re-derived from its whole history with every correction applied: the state it ends in and the rulings
 * each event gets on this reading (an event that no longer fits is rejected here and changes nothing).
 */
final class Derivation {
    private final MatchState state;
    private final Rulings[] rulings;
    private final String openingRejection;

    private Derivation(MatchState state, Rulings[] rulings, String openingRejection) {
        this.state = state;
        this.rulings = rulings;
        this.openingRejection = openingRejection;
    }

    static Derivation of(EventHistory history) {
        Corrections corrections = Corrections.of(history);
        Rulings[] rulings = new Rulings[history.size()];
        MatchState s = null;
        String openingRejection = null;
        for (int i = 0; i < history.size(); i++) {
            if (corrections.isCorrection(i)) {
                continue;
            }
            TableEvent ev = corrections.effective(history, i);
            if (ev == null) {
                continue; // voided
            }
            EventJudge.Judgement j = EventJudge.judge(s, ev, history, i, true);
            if (j.rejection() != null) {
                if (i == 0) {
                    openingRejection = j.rejection();
                }
                Rulings r = new Rulings();
                r.add(Ruling.of(RulingKind.EVENT_REJECTED).reason(j.rejection()));
                rulings[i] = r;
            } else {
                s = j.after();
                rulings[i] = j.rulings();
            }
        }
        return new Derivation(s, rulings, openingRejection);
    }

    MatchState state() {
        return state;
    }

    String openingRejection() {
        return openingRejection;
    }

    Rulings rulingsOf(int index) {
        return rulings[index];
    }
}
