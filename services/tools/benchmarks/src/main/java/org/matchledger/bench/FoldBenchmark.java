package org.matchledger.bench;

import org.matchledger.core.event.Discipline;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * 1. The pure fold: parsed events of realistic simulated matches folded with {@link MatchLedger#advance} (and, for
 * comparison, the persistent {@link MatchLedger#apply}), one thread.
 * The score is events per second on one core.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class FoldBenchmark {
    static final int EVENTS = 100_000;

    @Param({"NINE_BALL", "EIGHT_BALL", "STRAIGHT_POOL", "BLACKBALL"})
    public Discipline discipline;

    private List<List<TableEvent>> matches;

    @Setup
    public void makeMatches() {
        matches = Logs.parsedMatches(discipline, EVENTS, 42);
    }

    /** The processor's and the replay tool's path: each event advances the match in place. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void fold(Blackhole bh) {
        for (List<TableEvent> events : matches) {
            Match m = Match.EMPTY;
            for (TableEvent e : events) {
                m = MatchLedger.advance(m, e).match();
            }
            bh.consume(m);
        }
    }

    /** The persistent path: every event leaves the previous match intact (a copy of the state per event). */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public void foldPersistent(Blackhole bh) {
        for (List<TableEvent> events : matches) {
            Match m = Match.EMPTY;
            for (TableEvent e : events) {
                m = MatchLedger.apply(m, e).match();
            }
            bh.consume(m);
        }
    }
}
