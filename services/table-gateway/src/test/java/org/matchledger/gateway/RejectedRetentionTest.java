package org.matchledger.gateway;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.TopicSetup;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.InProcessBroker;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code table-events-rejected} keeps its records for {@code ledger.rejected.retention}: set when the topic is created,
 * and on a topic an older version created with unlimited retention. (The gateway is the topic's main writer.)
 */
class RejectedRetentionTest {
    private static InProcessBroker broker;

    @BeforeAll
    static void start() {
        broker = InProcessBroker.start("rejected-retention");
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    private static String retentionOf(Admin admin, String topic) throws Exception {
        ConfigResource r = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(r)).all().get(30, TimeUnit.SECONDS).get(r).get("retention.ms").value();
    }

    /** A topic's configuration reaches the brokers' metadata shortly after the controller accepted it: wait for it. */
    private static void awaitRetention(Admin admin, String topic, String expected) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertEquals(expected, retentionOf(admin, topic)));
    }

    @Test
    void aNewTopicGetsTheRetention_andAnOldOneUnlimitedIsSetToIt() throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()))) {
            // an install of an older version: rejections kept for ever
            admin.createTopics(List.of(new NewTopic(Topics.TABLE_EVENTS_REJECTED, 1, (short) 1)
                    .configs(Map.of("retention.ms", "-1")))).all().get(30, TimeUnit.SECONDS);
            TopicSetup.ensure(broker.bootstrapServers(), 1, (short) 1, "", 30, Duration.ofDays(30));
            awaitRetention(admin, Topics.TABLE_EVENTS_REJECTED, Long.toString(Duration.ofDays(30).toMillis()));
            assertEquals("-1", retentionOf(admin, Topics.TABLE_EVENTS), "the log itself is kept for ever");

            TopicSetup.ensure(broker.bootstrapServers(), 1, (short) 1, "", 30, Duration.ofDays(7));
            awaitRetention(admin, Topics.TABLE_EVENTS_REJECTED, Long.toString(Duration.ofDays(7).toMillis()));
        }
    }
}
