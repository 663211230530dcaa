package org.matchledger.core.event;

import java.util.List;
import java.util.Set;

/** The typed {@code data} of each event type, as shaped by docs/events.md. Context checks (players, balls on the table) are the fold's. */
public sealed interface EventData {

    record Player(String id, String name) {
    }

    record MatchOpened(Discipline discipline, List<Player> players, int raceTo, BreakFormat breakFormat,
                       String tableId, FoulAward foulAward) implements EventData {
    }

    record LagResult(String player, int footRailContacts, boolean crossedLongString, boolean touchedSideRail,
                     boolean pocketedOrOffTable, boolean stoppedInCornerPocketPastHeadRail, boolean otherFoul,
                     double distanceFromHeadRail) {
        /** 1.2: a lag is bad if any of these happened. */
        public boolean isBad() {
            return crossedLongString || footRailContacts != 1 || pocketedOrOffTable || touchedSideRail
                    || stoppedInCornerPocketPastHeadRail || otherFoul;
        }
    }

    record LagTaken(List<LagResult> results, String struckLate, boolean tooCloseToCall) implements EventData {
    }

    record Call(int ball, Pocket pocket) {
    }

    record PocketedBall(int ball, Pocket pocket) {
    }

    record Rerack(boolean cueBallInRackArea, boolean lastBallInRackArea, boolean lastBallBehindHeadString) {
    }

    record ShotTaken(String shooter, Call call, boolean safety, boolean pushOut, Placement placement,
                     Integer firstContact, List<PocketedBall> pocketed, List<Integer> offTable,
                     boolean cueBallPocketed, boolean cueBallOffTable, boolean railAfterContact,
                     int objectBallsToRail, boolean cueBallToRail, int objectBallsCrossedCenter,
                     boolean firstContactBehindHeadString, boolean cueBallCrossedHeadString,
                     boolean cueBallJumpedBall, Set<RefereeFoul> fouls, Rerack rerack,
                     int pocketedMask, int offTableMask) implements EventData {
        public boolean scratched() {
            return cueBallPocketed || cueBallOffTable;
        }

        public boolean pocketedAny() {
            return pocketedMask != 0;
        }

        public boolean pocketed(int ball) {
            return (pocketedMask & (1 << ball)) != 0;
        }

        public boolean offTable(int ball) {
            return (offTableMask & (1 << ball)) != 0;
        }

        /** The pocket the ball dropped in, or null. */
        public Pocket pocketOf(int ball) {
            for (PocketedBall p : pocketed) {
                if (p.ball() == ball) {
                    return p.pocket();
                }
            }
            return null;
        }
    }

    record OptionChosen(String player, OptionName option) implements EventData {
    }

    record RulingMade(RefereeCall ruling, String player, Penalty penalty, String note) implements EventData {
    }

    record MatchConceded(String player) implements EventData {
    }

    record EventVoided(String targetId, String reason) implements EventData {
    }

    /** {@code replacementData} is already parsed for {@code replacementType}. */
    record EventCorrected(String targetId, EventType replacementType, EventData replacementData, String reason)
            implements EventData {
    }

    record AppealFiled(String player, String targetId, String grounds) implements EventData {
    }

    record AppealDecided(String appealId, boolean upheld, String note) implements EventData {
    }
}
