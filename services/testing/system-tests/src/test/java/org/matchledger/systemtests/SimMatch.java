package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.util.ArrayList;
import java.util.List;

/** One match played to its end by the simulator ({@link MatchPlayer}): every event its table client sends. */
public record SimMatch(String matchId, Discipline discipline, long seed, List<ObjectNode> events) {

    /** A realistic match: now and then a referee ruling, a void and a re-sent event (duplicate). */
    public static SimMatch play(String matchId, Discipline discipline, int raceTo, long seed) {
        return play(matchId, discipline, raceTo, seed, SimProfile.REALISTIC);
    }

    public static SimMatch play(String matchId, Discipline discipline, int raceTo, long seed, SimProfile profile) {
        MatchPlayer player = new MatchPlayer(matchId, discipline, raceTo, "T-" + matchId, seed, profile);
        List<ObjectNode> events = new ArrayList<>();
        ObjectNode e;
        while ((e = player.next()) != null) {
            events.add(e);
        }
        return new SimMatch(matchId, discipline, seed, List.copyOf(events));
    }

    /** A short race for end-to-end tests: a few dozen to a hundred events. */
    public static int raceTo(Discipline discipline, int racks) {
        return discipline == Discipline.STRAIGHT_POOL ? 10 * racks : racks;
    }
}
