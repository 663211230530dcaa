package org.matchledger.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.EventType;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * 3. The corrections path: a 2,000-event 14.1 match gets a {@code pool.event.corrected} for an early shot, so the
 * whole match is re-derived and every later event re-judged. The score is the time of that one fold.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CorrectionBenchmark {
    static final int EVENTS = 2_000;

    private Match match;
    private TableEvent correction;

    @Setup
    public void makeMatch() {
        MatchPlayer p = new MatchPlayer("bench-corrections", Discipline.STRAIGHT_POOL, 100_000, "T1", 3, SimProfile.CLEAN);
        String target = null;
        ObjectNode targetData = null;
        while (p.match().lastSeq() < EVENTS) {
            ObjectNode e = p.next();
            if (target == null && e.get("type").textValue().equals(EventType.SHOT_TAKEN.wireName()) && e.get("seq").longValue() > 4) {
                target = e.get("id").textValue();
                targetData = (ObjectNode) e.get("data");
            }
        }
        match = p.match();
        ObjectNode c = Json.MAPPER.createObjectNode();
        c.put("specversion", "1.0").put("id", "bench-corrections-fix").put("source", "/tables/T1/referee")
                .put("type", EventType.EVENT_CORRECTED.wireName()).put("subject", "bench-corrections")
                .put("seq", match.lastSeq() + 1);
        ObjectNode d = c.putObject("data").put("targetId", target).put("reason", "re-entered");
        d.putObject("replacement").put("type", EventType.SHOT_TAKEN.wireName()).set("data", targetData);
        correction = Logs.parse(Json.write(c));
        Outcome check = MatchLedger.apply(match, correction);
        if (!(check instanceof Outcome.Applied)) {
            throw new IllegalStateException("the correction was rejected: " + check.rulings());
        }
    }

    @Benchmark
    public Outcome rederive() {
        return MatchLedger.apply(match, correction);
    }
}
