package org.matchledger.processor;

import io.quarkus.runtime.Quarkus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.jboss.logging.Logger;

/**
 * The state of the processor's Kafka Streams client, as health and as the exit on a fatal error.
 * <ul>
 *   <li>Ready ({@code streams-running}) only in RUNNING: every task's stores restored, judging. Not while it starts,
 *       restores or rebalances.</li>
 *   <li>Live unless the client has failed (ERROR, or on its way there).</li>
 *   <li>A stream thread that throws (a record that cannot be judged or produced, a store that is not what the ledger
 *       holds) shuts the client down (never skips the record): liveness goes DOWN and the process exits with status 1
 *       so that its supervisor restarts it; the new instance goes on from the last committed transaction
 *       ({@code ledger.processor.exit-on-failure}, default true; the test profile turns it off).</li>
 * </ul>
 */
@ApplicationScoped
public class StreamsHealth {
    private static final Logger LOG = Logger.getLogger(StreamsHealth.class);

    private final boolean exitOnFailure;
    private volatile KafkaStreams.State state = KafkaStreams.State.CREATED;
    private volatile Throwable failure;

    public StreamsHealth(ProcessorConfig config) {
        this.exitOnFailure = config.processor().exitOnFailure();
    }

    public KafkaStreams.State state() {
        return state;
    }

    public Throwable failure() {
        return failure;
    }

    public boolean ready() {
        return state == KafkaStreams.State.RUNNING;
    }

    public boolean live() {
        return state != KafkaStreams.State.ERROR && state != KafkaStreams.State.PENDING_ERROR && failure == null;
    }

    @Produces
    @Singleton
    KafkaStreams.StateListener stateListener() {
        return (newState, oldState) -> {
            state = newState;
            LOG.infof("Kafka Streams %s → %s", oldState, newState);
            if (newState == KafkaStreams.State.ERROR) {
                if (exitOnFailure) {
                    LOG.error("the processor failed; exiting with status 1 so that the supervisor restarts it");
                    Quarkus.asyncExit(1);
                } else {
                    LOG.error("the processor failed; liveness is DOWN (ledger.processor.exit-on-failure=false: not exiting)");
                }
            }
        };
    }

    @Produces
    @Singleton
    StreamsUncaughtExceptionHandler uncaughtExceptionHandler() {
        return e -> {
            failure = e;
            LOG.error("a stream thread failed; nothing of its open transaction is committed, the processor stops", e);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        };
    }
}
