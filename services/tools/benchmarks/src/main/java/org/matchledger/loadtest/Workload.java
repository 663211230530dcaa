package org.matchledger.loadtest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.util.ArrayList;
import java.util.List;

/** Pre-generated matches (all four disciplines), so that making events costs nothing while measuring. */
final class Workload {
    record Event(long seq, String json) {
    }

    record MatchLog(String matchId, List<Event> events) {
    }

    static List<MatchLog> make(String run, int matches, int eventsPerMatch, long seed) {
        List<MatchLog> logs = new ArrayList<>(matches);
        Discipline[] all = Discipline.values();
        for (int i = 0; i < matches; i++) {
            Discipline d = all[i % all.length];
            String id = run + "-" + i;
            int raceTo = d == Discipline.STRAIGHT_POOL ? 1000 : 50; // long matches: the run never ends one
            MatchPlayer p = new MatchPlayer(id, d, raceTo, "T" + (i % 100), seed + i, SimProfile.REALISTIC);
            List<Event> events = new ArrayList<>(eventsPerMatch);
            ObjectNode e;
            while (events.size() < eventsPerMatch && (e = p.next()) != null) {
                events.add(new Event(e.get("seq").longValue(), Json.write(e)));
            }
            logs.add(new MatchLog(id, events));
        }
        return logs;
    }
}
