package org.matchledger.audit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

import java.time.Duration;

/**
 * Every setting the audit trail's own code reads, with its default (application.properties and the deploy scripts set
 * them by these names). No prefix: the names are those of the ledger, of the audit trail and of the Kafka client.
 */
@ConfigMapping(prefix = "")
public interface AuditSettings {

    Ledger ledger();

    Audit audit();

    Kafka kafka();

    /** {@code mp.messaging.incoming.audit-in.group.id}: the consumer group whose committed offsets the lag is read from. */
    @WithName("mp.messaging.incoming." + Channels.AUDIT_IN + ".group.id")
    @WithDefault("audit-trail")
    String consumerGroup();

    interface Ledger {
        Matches matches();

        interface Matches {
            /**
             * {@code ledger.matches.correction-window}: the processor's correction window, with which the fold closes a
             * finished match while no closing of it has been received (a recorded closing brings its own).
             */
            @WithDefault("24h")
            Duration correctionWindow();
        }
    }

    interface Audit {
        Health health();

        interface Health {
            /** {@code audit.health.max-lag}: readiness is DOWN when a ledger topic is more records behind than this. */
            @WithDefault("100000")
            long maxLag();
        }
    }

    interface Kafka {
        /** {@code kafka.bootstrap.servers}: the brokers (the admin client's; the channel reads the same setting). */
        @WithName("bootstrap.servers")
        String bootstrapServers();

        /** {@code kafka.default.api.timeout.ms}: how long an admin call waits for the broker. */
        @WithName("default.api.timeout.ms")
        @WithDefault("5000")
        int defaultApiTimeoutMs();
    }
}
