package org.matchledger.core.rules;

import org.matchledger.core.event.Discipline;

/** The rules class of each discipline: adding a discipline is adding a class here. */
public final class Disciplines {
    private static final DisciplineRules NINE_BALL = new NineBallRules();
    private static final DisciplineRules EIGHT_BALL = new EightBallRules();
    private static final DisciplineRules STRAIGHT_POOL = new StraightPoolRules();
    private static final DisciplineRules BLACKBALL = new BlackBallRules();

    private Disciplines() {
    }

    /** The rules of a discipline, or null while the ledger does not judge it yet. */
    public static DisciplineRules of(Discipline discipline) {
        return switch (discipline) {
            case NINE_BALL -> NINE_BALL;
            case EIGHT_BALL -> EIGHT_BALL;
            case STRAIGHT_POOL -> STRAIGHT_POOL;
            case BLACKBALL -> BLACKBALL;
        };
    }
}
