package org.matchledger.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class KafkaBrokerTest {

    private static final String TOPIC = "test-support-transactions";

    /** This test's own Kafka clients would log some 400 lines of config dumps and group chatter. */
    private static final List<Logger> CLIENT_LOGGERS = List.of(
            Logger.getLogger("org.apache.kafka.clients"), Logger.getLogger("org.apache.kafka.common"));

    @BeforeAll
    static void quietTheClients() {
        CLIENT_LOGGERS.forEach(logger -> logger.setLevel(Level.WARNING));
    }

    @Test
    void readCommittedConsumerSeesOnlyTheCommittedTransaction() throws Exception {
        long t0 = System.nanoTime();
        String servers = KafkaBroker.bootstrapServers();
        long startMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.printf("Kafka broker (%s) at %s, bootstrapServers() took %d ms%n", KafkaBroker.kind(), servers, startMs);
        assertEquals(servers, KafkaBroker.bootstrapServers(), "one broker per JVM");

        try (Admin admin = Admin.create(KafkaBroker.clientProperties())) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 3, (short) 1))).all().get(10, TimeUnit.SECONDS);
            assertTrue(admin.listTopics().names().get(10, TimeUnit.SECONDS).contains(TOPIC));
        }

        Map<String, Object> producerProps = KafkaBroker.producerProperties();
        producerProps.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-support-tx");
        producerProps.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        try (var producer = new KafkaProducer<>(producerProps, new StringSerializer(), new StringSerializer())) {
            long t1 = System.nanoTime();
            producer.initTransactions();
            System.out.printf("initTransactions took %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1));

            producer.beginTransaction();
            for (int i = 1; i <= 3; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "match-" + i, "committed-" + i));
            }
            producer.commitTransaction();

            producer.beginTransaction();
            for (int i = 1; i <= 2; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "match-" + i, "aborted-" + i));
            }
            producer.flush();
            producer.abortTransaction();
        }

        List<String> seen = new ArrayList<>();
        try (var consumer = new KafkaConsumer<>(KafkaBroker.consumerProperties("test-support-reader"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            // Poll until the committed records are in, then a little longer: aborted ones must never show up.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < Math.min(deadline, quietUntil)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    seen.add(record.value());
                }
                if (seen.size() >= 3 && quietUntil == Long.MAX_VALUE) {
                    quietUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                }
            }
        }
        assertEquals(Set.of("committed-1", "committed-2", "committed-3"), Set.copyOf(seen));
        assertEquals(3, seen.size(), () -> "exactly the committed records, once each: " + seen);
    }
}
