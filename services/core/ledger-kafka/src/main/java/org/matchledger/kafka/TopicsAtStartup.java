package org.matchledger.kafka;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the ledger's topics at start-up when they are absent (design: created at start-up, partition count
 * configurable). A service whose broker is not there yet still starts (and answers 503 / not ready): the topics are
 * then created in the background as soon as the broker answers.
 */
@Startup(1)
@ApplicationScoped
public class TopicsAtStartup {
    private static final Logger LOG = LoggerFactory.getLogger(TopicsAtStartup.class);
    private static final int FIRST_TRY_SECONDS = 10;
    private static final long RETRY_MILLIS = 5_000;

    private final TopicSettings settings;
    private volatile boolean stopping;

    public TopicsAtStartup(TopicSettings settings) {
        this.settings = settings;
    }

    @PostConstruct
    void createTopics() {
        if (!settings.create()) {
            return;
        }
        if (tryOnce(FIRST_TRY_SECONDS)) {
            return;
        }
        Thread retry = new Thread(() -> {
            while (!stopping && !tryOnce(FIRST_TRY_SECONDS)) {
                try {
                    Thread.sleep(RETRY_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "ledger-topic-setup");
        retry.setDaemon(true);
        retry.start();
    }

    private boolean tryOnce(int timeoutSeconds) {
        try {
            TopicSetup.ensure(settings.bootstrapServers(), KafkaSecurityConfig.current(),
                    settings.partitions().orElse(Topics.DEFAULT_PARTITIONS),
                    settings.replicationFactor().orElse(TopicSetup.REPLICATION_FROM_SETTINGS),
                    settings.outputTopicPrefix().orElse(""), timeoutSeconds,
                    settings.rejectedRetention(), settings.rulingsRetention());
            return true;
        } catch (RuntimeException e) {
            LOG.warn("the ledger's topics are not ready on {} yet ({}); trying again", settings.bootstrapServers(), e.getMessage());
            return false;
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }
}
