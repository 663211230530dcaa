package org.matchledger.audit.kafka;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.matchledger.kafka.KafkaSecurityConfig;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;

/** One Kafka admin client for the topic ids and the lag check (created on first use). */
@ApplicationScoped
public class KafkaAdmin {
    private final String bootstrapServers;
    private final int timeoutMs;
    private volatile Admin admin;

    public KafkaAdmin(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers,
                      @ConfigProperty(name = "kafka.default.api.timeout.ms", defaultValue = "5000") int timeoutMs) {
        this.bootstrapServers = bootstrapServers;
        this.timeoutMs = timeoutMs;
    }

    public Admin get() {
        Admin a = admin;
        if (a == null) {
            synchronized (this) {
                if (admin == null) {
                    Map<String, Object> props = new java.util.HashMap<>(KafkaSecurityConfig.current()); // SASL user, if any
                    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMs);
                    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
                    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "audit-trail-admin");
                    admin = Admin.create(props);
                }
                a = admin;
            }
        }
        return a;
    }

    void onStop(@Observes ShutdownEvent event) {
        Admin a = admin;
        if (a != null) {
            a.close(java.time.Duration.ofSeconds(2));
        }
    }
}
