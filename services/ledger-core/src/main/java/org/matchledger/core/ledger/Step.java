package org.matchledger.core.ledger;

import org.matchledger.core.ruling.Ruling;

import java.util.List;

/** The outcome of folding one event: the match after it and the rulings it produced. */
public record Step(Match match, List<Ruling> rulings, boolean applied) {
}
