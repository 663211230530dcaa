package org.matchledger.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.json.Json;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;

import java.util.ArrayList;
import java.util.List;

/** Event logs for the benchmarks, made by the simulator: deterministic for a seed. */
final class Logs {
    /** Rulings and re-sent events as at a real table, but no corrections: those are measured on their own. */
    static final SimProfile NO_CORRECTIONS = new SimProfile(0.004, 0, 0.003);

    private Logs() {
    }

    /** Matches of one discipline, as JSON lines, exactly {@code total} events in all (the last match cut short). */
    static List<List<String>> jsonMatches(Discipline discipline, int total, long seed) {
        List<List<String>> matches = new ArrayList<>();
        int count = 0;
        for (int i = 0; count < total; i++) {
            int raceTo = discipline == Discipline.STRAIGHT_POOL ? 100 : 7;
            MatchPlayer p = new MatchPlayer("bench-" + discipline.name().toLowerCase() + "-" + i, discipline, raceTo,
                    "T" + (i % 40), seed + i, NO_CORRECTIONS);
            List<String> lines = new ArrayList<>();
            ObjectNode e;
            while (count < total && (e = p.next()) != null) {
                lines.add(Json.write(e));
                count++;
            }
            matches.add(lines);
        }
        return matches;
    }

    static List<List<TableEvent>> parsedMatches(Discipline discipline, int total, long seed) {
        List<List<TableEvent>> out = new ArrayList<>();
        for (List<String> lines : jsonMatches(discipline, total, seed)) {
            List<TableEvent> events = new ArrayList<>(lines.size());
            for (String line : lines) {
                events.add(parse(line));
            }
            out.add(events);
        }
        return out;
    }

    static TableEvent parse(String line) {
        try {
            ParseResult r = EventParser.parse(Json.read(line));
            if (r instanceof ParseResult.Parsed p) {
                return p.event();
            }
            throw new IllegalStateException("the simulator made a malformed event: " + r);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
