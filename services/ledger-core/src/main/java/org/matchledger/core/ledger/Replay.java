package org.matchledger.core.ledger;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.view.MatchView;

import java.util.ArrayList;
import java.util.List;

/** Folds one match's events in order, as the replay tool and the audit trail do: the view and every ruling. */
public final class Replay {
    private Match match = Match.EMPTY;
    private final List<Ruling> rulings = new ArrayList<>();

    public Step accept(JsonNode event) {
        Step step = MatchLedger.advance(match, event);
        match = step.match();
        rulings.addAll(step.rulings());
        return step;
    }

    public Match match() {
        return match;
    }

    public MatchView view() {
        return match.view();
    }

    public List<Ruling> rulings() {
        return rulings;
    }
}
