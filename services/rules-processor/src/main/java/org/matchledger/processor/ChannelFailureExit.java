package org.matchledger.processor;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.health.HealthReport;
import io.smallrye.reactive.messaging.providers.extension.HealthCenter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A failed channel (failure-strategy=fail: a batch that could not be judged, a consumer or producer that died) stops
 * consuming for good and makes liveness DOWN. Rather than sit there, the process exits with status 1 so that its
 * supervisor restarts it: the restart rebuilds the matches from the log and goes on from the committed offsets, so
 * nothing is skipped and nothing is produced twice. Tests turn the exit off ({@code ledger.processor.exit-on-failure}).
 */
@ApplicationScoped
public class ChannelFailureExit {
    private static final Logger LOG = Logger.getLogger(ChannelFailureExit.class);

    private final HealthCenter health;
    private final boolean exitOnFailure;
    private ScheduledExecutorService watcher;
    private volatile boolean reported;

    @Inject
    public ChannelFailureExit(HealthCenter health,
                              @ConfigProperty(name = "ledger.processor.exit-on-failure", defaultValue = "true") boolean exitOnFailure) {
        this.health = health;
        this.exitOnFailure = exitOnFailure;
    }

    void start(@Observes StartupEvent event) {
        watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ledger-channel-watch");
            t.setDaemon(true);
            return t;
        });
        watcher.scheduleWithFixedDelay(this::check, 1, 1, TimeUnit.SECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        if (watcher != null) {
            watcher.shutdownNow();
        }
    }

    /** Exits (or, with the exit turned off, logs once) when liveness reports a failed channel. */
    void check() {
        try {
            HealthReport liveness = health.getLiveness();
            if (liveness.isOk() || reported) {
                return;
            }
            reported = true;
            String failed = liveness.getChannels().stream().filter(c -> !c.isOk())
                    .map(c -> c.getChannel() + " (" + c.getMessage() + ")").collect(Collectors.joining(", "));
            if (exitOnFailure) {
                LOG.errorf("messaging failed: %s; exiting with status 1 so that the supervisor restarts the processor", failed);
                Quarkus.asyncExit(1);
            } else {
                LOG.errorf("messaging failed: %s; liveness is DOWN (ledger.processor.exit-on-failure=false: not exiting)", failed);
            }
        } catch (RuntimeException e) {
            LOG.warnf("could not read the messaging health (%s)", e.getMessage());
        }
    }
}
