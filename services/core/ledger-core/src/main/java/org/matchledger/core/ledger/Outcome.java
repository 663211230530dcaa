package org.matchledger.core.ledger;

import org.matchledger.core.event.Rejection;
import org.matchledger.core.ruling.Ruling;

import java.util.List;
import java.util.function.Function;

/**
 * What the ledger made of one event (docs/view.md "Outcomes"): {@link Applied}, {@link Duplicate} or {@link Rejected}.
 * Every outcome carries the match after the event (for a duplicate or a rejection, the match as it was) and the rulings
 * the event got. A correction is {@link Applied}, also when its re-judgement rejects later events: those
 * {@code EVENT_REJECTED} rulings carry {@code rejudges} and belong to the correction's rulings.
 *
 * <p>Callers take the three cases apart with {@link #on}, which the compiler holds to all three.
 */
public sealed interface Outcome permits Outcome.Applied, Outcome.Duplicate, Outcome.Rejected {

    /** The match after the event: the new match when applied, else the match as it was. */
    Match match();

    /** The event's rulings, in {@code n} order. */
    List<Ruling> rulings();

    /** The event changed the match: {@code match} is the new match. */
    record Applied(Match match, List<Ruling> rulings) implements Outcome {
    }

    /** The event was applied before (same id, same content): one {@code DUPLICATE} ruling, nothing changed. */
    record Duplicate(Match match, List<Ruling> rulings) implements Outcome {
    }

    /** The event was rejected for {@code rejection}: one {@code EVENT_REJECTED} ruling, nothing changed. */
    record Rejected(Match match, Rejection rejection, List<Ruling> rulings) implements Outcome {
    }

    /** The one of the three functions that fits this outcome, applied to it. */
    default <R> R on(Function<? super Applied, ? extends R> applied, Function<? super Duplicate, ? extends R> duplicate,
                     Function<? super Rejected, ? extends R> rejected) {
        if (this instanceof Applied a) {
            return applied.apply(a);
        }
        if (this instanceof Duplicate d) {
            return duplicate.apply(d);
        }
        return rejected.apply((Rejected) this);
    }

    /** Whether this is {@link Applied}. */
    default boolean applied() {
        return this instanceof Applied;
    }

    /** The three outcomes by name, as a published ruling tells them ({@link #ofRuling}). */
    enum Kind {
        APPLIED, DUPLICATE, REJECTED;

        /**
         * Which outcome of its event a ruling read from {@code match-rulings} belongs to: {@code EVENT_REJECTED} and
         * {@code DUPLICATE} given to an event are its {@link Rejected} and {@link Duplicate} outcomes (notices, docs/feeds.md);
         * every other ruling belongs to an applied event or correction, and so does a re-judged {@code EVENT_REJECTED}
         * ({@code rejudgement}: the ruling carries {@code rejudges}), which is part of the correction's rulings.
         * ({@code MATCH_CLOSED} answers no event; it is not a notice either, and counts here as {@link #APPLIED}.)
         */
        public static Kind ofRuling(String rulingKind, boolean rejudgement) {
            if (rejudgement) {
                return APPLIED;
            }
            if ("EVENT_REJECTED".equals(rulingKind)) {
                return REJECTED;
            }
            return "DUPLICATE".equals(rulingKind) ? DUPLICATE : APPLIED;
        }
    }
}
