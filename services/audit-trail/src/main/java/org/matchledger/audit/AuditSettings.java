package org.matchledger.audit;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;

/**
 * The settings only the audit trail's own code reads (the shared ones are ledger-kafka's: the brokers in
 * {@link org.matchledger.kafka.TopicSettings}, the correction window in {@link org.matchledger.kafka.MatchSettings}).
 * No prefix: the names are those of the audit trail, of its channel and of the Kafka client. Each default is declared
 * once: here, or in application.properties where the framework reads the same setting too.
 */
@ConfigMapping(prefix = "")
public interface AuditSettings {

    Audit audit();

    Kafka kafka();

    /**
     * {@code mp.messaging.incoming.audit-in.group.id}: the consumer group whose committed offsets the lag is read from.
     * Set in application.properties ({@code audit-trail}), where the channel's consumer reads it.
     */
    @WithName("mp.messaging.incoming." + Channels.AUDIT_IN + ".group.id")
    String consumerGroup();

    interface Audit {
        Health health();

        interface Health {
            /**
             * {@code audit.health.max-lag}: readiness is DOWN when a ledger topic has more records than this between
             * its end and group {@code audit-trail}'s committed offsets (the health check also reports how many
             * records are quarantined, which does not make it DOWN).
             */
            @WithDefault("100000")
            long maxLag();
        }
    }

    interface Kafka {
        /**
         * {@code kafka.default.api.timeout.ms}: how long an admin call waits for the broker. Set in
         * application.properties ({@code 5000}), where Quarkus' Kafka readiness check reads it too (its default of
         * 60 s would hold /q/health/ready that long).
         */
        @WithName("default.api.timeout.ms")
        int defaultApiTimeoutMs();
    }
}
