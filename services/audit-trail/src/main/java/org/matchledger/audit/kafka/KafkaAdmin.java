package org.matchledger.audit.kafka;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.matchledger.audit.AuditSettings;
import org.matchledger.kafka.KafkaSecurityConfig;
import org.matchledger.kafka.TopicSettings;

import java.util.HashMap;
import java.util.Map;

/**
 * One Kafka admin client for the topic ids and the lag check (created on first use). It authenticates as the audit
 * trail's Kafka user, with the same security settings ({@code kafka.security.protocol}, {@code kafka.sasl.*}, …) as
 * the consumer: against a SASL broker an admin client without them never connects, and readiness would never be UP.
 */
@ApplicationScoped
public class KafkaAdmin {
    private final Map<String, Object> settings;
    private volatile Admin admin;

    @Inject // the bean's constructor; the other one takes the client settings (tests)
    public KafkaAdmin(TopicSettings topics, AuditSettings settings) {
        this(topics.bootstrapServers(), settings.kafka().defaultApiTimeoutMs(), KafkaSecurityConfig.current());
    }

    /** With the security settings given (client keys: {@code security.protocol}, {@code sasl.jaas.config}, …). */
    public KafkaAdmin(String bootstrapServers, int timeoutMs, Map<String, Object> security) {
        Map<String, Object> s = new HashMap<>(security);
        s.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        s.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, timeoutMs);
        s.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
        s.put(AdminClientConfig.CLIENT_ID_CONFIG, "audit-trail-admin");
        this.settings = Map.copyOf(s);
    }

    public Admin get() {
        Admin a = admin;
        if (a == null) {
            synchronized (this) {
                if (admin == null) {
                    admin = Admin.create(settings);
                }
                a = admin;
            }
        }
        return a;
    }

    void onStop(@Observes ShutdownEvent event) {
        close();
    }

    public void close() {
        Admin a = admin;
        if (a != null) {
            a.close(java.time.Duration.ofSeconds(2));
        }
    }
}
