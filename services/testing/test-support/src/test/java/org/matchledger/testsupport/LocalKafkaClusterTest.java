package org.matchledger.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The three-node cluster of deploy/local/cluster: the ledger's topics get three replicas and min ISR 2 from
 * topics.properties, and an event written with acks=all while the node leading its partition is dead (kill -9) is
 * still there, once, after that node is back.
 */
class LocalKafkaClusterTest {
    private static LocalKafkaCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = LocalKafkaCluster.start(3);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theLedgersTopicsHaveThreeReplicasAndMinIsrTwo() throws Exception {
        Map<String, Object> a = cluster.clientProperties("admin");
        a.put("default.api.timeout.ms", 120_000);
        try (Admin admin = Admin.create(a)) {
            Map<String, TopicDescription> topics = admin.describeTopics(Topics.ALL).allTopicNames().get(120, TimeUnit.SECONDS);
            for (TopicDescription d : topics.values()) {
                assertEquals(3, d.partitions().size(), d.name());
                d.partitions().forEach(p -> assertEquals(3, p.replicas().size(), d.name() + " " + p));
            }
            List<ConfigResource> resources = Topics.ALL.stream()
                    .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
            Map<ConfigResource, Config> configs = admin.describeConfigs(resources).all().get(120, TimeUnit.SECONDS);
            configs.forEach((r, c) -> assertEquals("2", c.get("min.insync.replicas").value(), r.name()));
        }
    }

    @Test
    void anAcknowledgedWriteSurvivesTheDeathOfTheLeader() throws Exception {
        int leader = cluster.leaderOfMost(Set.of(Topics.TABLE_EVENTS));
        cluster.kill(leader);
        List<String> written = new ArrayList<>();
        Map<String, Object> p = cluster.clientProperties("admin");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 30; i++) {
                String value = "cluster-test-" + i;
                producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, "m-cluster-" + (i % 3), value)).get(150, TimeUnit.SECONDS);
                written.add(value);
            }
        }
        cluster.restart(leader);

        Map<String, Object> c = cluster.clientProperties("admin");
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000);
        c.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 120_000);
        List<String> read = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = List.of(new TopicPartition(Topics.TABLE_EVENTS, 0),
                    new TopicPartition(Topics.TABLE_EVENTS, 1), new TopicPartition(Topics.TABLE_EVENTS, 2));
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (read.size() < written.size() && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    read.add(r.value());
                }
            }
        }
        assertEquals(Set.copyOf(written), Set.copyOf(read));
        assertEquals(written.size(), read.size(), "each acknowledged record exactly once");
    }
}
