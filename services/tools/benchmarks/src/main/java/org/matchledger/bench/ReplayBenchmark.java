package org.matchledger.bench;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * 2. Replaying a 100,000-event log from JSON lines with the replay tool's code path ({@link Replay}): parse each line,
 * fold it. The log mixes the four disciplines, a quarter each. The score is events per second on one core.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ReplayBenchmark {
    static final int EVENTS = 100_000;

    private List<List<String>> matches;

    @Setup
    public void makeLog() {
        matches = new ArrayList<>();
        for (Discipline d : Discipline.values()) {
            matches.addAll(Logs.jsonMatches(d, EVENTS / 4, 7));
        }
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void replay(Blackhole bh) throws Exception {
        for (List<String> lines : matches) {
            Replay replay = new Replay();
            for (String line : lines) {
                replay.accept(Json.read(line));
            }
            bh.consume(replay.view());
        }
    }
}
