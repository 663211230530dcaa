package org.matchledger.testsupport;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import java.nio.file.Files;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The broker of deploy/local/kafka as deploy/local/run starts it (SASL/SCRAM, StandardAuthorizer, the ACLs of
 * ledger-kafka's LedgerAcls): each service's Kafka user may do exactly its part. Only the gateway writes table-events;
 * another service's user, a wrong password or no credentials at all cannot.
 *
 * <p>Two tests join group rules-processor, first as a plain consumer, then as Kafka Streams: in that order, because a
 * Streams member does not leave its group on close (it stays until its session times out) and a plain consumer's
 * protocol cannot join a group a Streams member is in.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LocalKafkaBrokerAclTest {
    private static LocalKafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = LocalKafkaBroker.start(1);
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void theGatewaysUserWritesTableEventsWithAnIdempotentProducer() throws Exception {
        long before = endOffset(Topics.TABLE_EVENTS);
        try (KafkaProducer<String, String> p = producer(broker.clientProperties("table-gateway"), true)) {
            RecordMetadata m = p.send(new ProducerRecord<>(Topics.TABLE_EVENTS, "T01-1", "{\"seq\":1}")).get(20, TimeUnit.SECONDS);
            assertEquals(Topics.TABLE_EVENTS, m.topic());
            p.send(new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, "T01-1", "{}")).get(20, TimeUnit.SECONDS);
        }
        assertEquals(before + 1, endOffset(Topics.TABLE_EVENTS));
    }

    @Test
    void noOtherServicesUserMayWriteTableEvents() throws Exception {
        for (String user : List.of("scoreboard", "rules-processor", "audit-trail")) {
            long before = endOffset(Topics.TABLE_EVENTS);
            try (KafkaProducer<String, String> p = producer(broker.clientProperties(user), false)) {
                ExecutionException e = assertThrows(ExecutionException.class, () -> p.send(
                        new ProducerRecord<>(Topics.TABLE_EVENTS, "T01-1", "{\"forged\":true}")).get(20, TimeUnit.SECONDS), user);
                assertInstanceOf(TopicAuthorizationException.class, e.getCause(), user);
            }
            assertEquals(before, endOffset(Topics.TABLE_EVENTS), user + " wrote table-events");
        }
    }

    @Test
    void aWrongPasswordIsAnAuthenticationFailure() throws Exception {
        long before = endOffset(Topics.TABLE_EVENTS);
        try (KafkaProducer<String, String> p = producer(broker.clientProperties("table-gateway", "not-the-password"), false)) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> p.send(
                    new ProducerRecord<>(Topics.TABLE_EVENTS, "T01-1", "{}")).get(20, TimeUnit.SECONDS));
            assertInstanceOf(SaslAuthenticationException.class, e.getCause());
        }
        assertEquals(before, endOffset(Topics.TABLE_EVENTS));
    }

    @Test
    void withoutCredentialsNothingIsWritten() throws Exception {
        long before = endOffset(Topics.TABLE_EVENTS);
        Map<String, Object> props = broker.plaintextClientProperties();
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000);
        try (KafkaProducer<String, String> p = producer(props, false)) {
            // The SASL listener closes a connection that does not authenticate: the producer never gets metadata.
            ExecutionException e = assertThrows(ExecutionException.class, () -> p.send(
                    new ProducerRecord<>(Topics.TABLE_EVENTS, "T01-1", "{}")).get(20, TimeUnit.SECONDS));
            assertInstanceOf(TimeoutException.class, e.getCause());
        }
        assertEquals(before, endOffset(Topics.TABLE_EVENTS));
    }

    @Test
    @Order(1)
    void theProcessorsUserConsumesAndProducesInATransaction() throws Exception {
        try (KafkaProducer<String, String> gw = producer(broker.clientProperties("table-gateway"), true)) {
            gw.send(new ProducerRecord<>(Topics.TABLE_EVENTS, "T02-1", "{\"seq\":1}")).get(20, TimeUnit.SECONDS);
        }
        Map<String, Object> cp = broker.clientProperties("rules-processor");
        cp.putAll(consumerSettings("rules-processor"));
        Map<String, Object> pp = broker.clientProperties("rules-processor");
        pp.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "rules-processor-" + UUID.randomUUID());
        try (KafkaConsumer<String, String> in = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer());
             KafkaProducer<String, String> out = producer(pp, true)) {
            out.initTransactions();
            in.subscribe(List.of(Topics.TABLE_EVENTS));
            List<ConsumerRecord<String, String>> got = poll(in, 1);
            out.beginTransaction();
            for (String topic : List.of(Topics.MATCH_RULINGS, Topics.MATCH_VIEWS, Topics.TABLE_EVENTS_REJECTED)) {
                out.send(new ProducerRecord<>(topic, got.get(0).key(), "{\"judged\":true}"));
            }
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (ConsumerRecord<String, String> r : got) {
                offsets.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
            }
            out.sendOffsetsToTransaction(offsets, in.groupMetadata());
            out.commitTransaction();
        }
        // Committed: the group's offsets moved and the outputs are readable, read_committed. commitTransaction returns
        // once the coordinator has decided; it writes the markers (and so the offsets) just after: wait for them.
        try (Admin admin = Admin.create(broker.clientProperties("admin"))) {
            long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            Map<TopicPartition, OffsetAndMetadata> committed;
            do {
                committed = admin.listConsumerGroupOffsets("rules-processor")
                        .partitionsToOffsetAndMetadata().get(20, TimeUnit.SECONDS);
                if (committed.containsKey(new TopicPartition(Topics.TABLE_EVENTS, 0)) && endOffset(Topics.MATCH_RULINGS) >= 2) {
                    break;
                }
                Thread.sleep(200);
            } while (System.nanoTime() < until);
            assertTrue(committed.containsKey(new TopicPartition(Topics.TABLE_EVENTS, 0)), committed.toString());
        }
        assertTrue(endOffset(Topics.MATCH_RULINGS) >= 2, "a ruling and its commit marker");
    }

    /**
     * The processor runs on Kafka Streams (application id rules-processor, exactly_once_v2): as its user, a Streams
     * application with a persistent store creates its changelog topic (prefix rules-processor-), consumes table-events
     * in its group and produces in transactions. Another service's user may not create such a topic.
     */
    @Test
    @Order(2)
    void theProcessorsUserRunsKafkaStreamsWithItsChangelogs() throws Exception {
        try (KafkaProducer<String, String> gateway = producer(broker.clientProperties("table-gateway"), true)) {
            gateway.send(new ProducerRecord<>(Topics.TABLE_EVENTS, "T04-1", "{\"seq\":1}")).get(20, TimeUnit.SECONDS);
        }
        long rulingsBefore = endOffset(Topics.MATCH_RULINGS);
        Properties p = new Properties();
        p.putAll(broker.clientProperties("rules-processor"));
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "rules-processor");
        p.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        p.put(StreamsConfig.STATE_DIR_CONFIG, Files.createTempDirectory("acl-streams").toString());
        p.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        Topology t = new Topology();
        t.addSource("in", new StringDeserializer(), new StringDeserializer(), Topics.TABLE_EVENTS);
        t.addProcessor("count", () -> new org.apache.kafka.streams.processor.api.Processor<String, String, String, String>() {
            private org.apache.kafka.streams.processor.api.ProcessorContext<String, String> context;
            private KeyValueStore<String, String> seen;

            @Override
            public void init(org.apache.kafka.streams.processor.api.ProcessorContext<String, String> context) {
                this.context = context;
                this.seen = context.getStateStore("match-state");
            }

            @Override
            public void process(org.apache.kafka.streams.processor.api.Record<String, String> record) {
                seen.put(record.key(), record.value());
                context.forward(record.withValue("{\"kind\":\"TEST\"}"));
            }
        }, "in");
        t.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore("match-state"),
                Serdes.String(), Serdes.String()), "count");
        t.addSink("out", Topics.MATCH_RULINGS, new StringSerializer(), new StringSerializer(), "count");
        try (KafkaStreams streams = new KafkaStreams(t, p)) {
            List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            streams.setUncaughtExceptionHandler(e -> {
                failures.add(e);
                return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
            });
            streams.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (endOffset(Topics.MATCH_RULINGS) < rulingsBefore + 2 && failures.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(250);
            }
            assertEquals(List.of(), failures);
            assertTrue(endOffset(Topics.MATCH_RULINGS) >= rulingsBefore + 2, "a record and its commit marker");
        }
        try (Admin admin = Admin.create(broker.clientProperties("admin"))) {
            assertTrue(admin.listTopics().names().get(20, TimeUnit.SECONDS).contains("rules-processor-match-state-changelog"));
        }
        try (Admin scoreboard = Admin.create(broker.clientProperties("scoreboard"))) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> scoreboard.createTopics(List.of(
                    new org.apache.kafka.clients.admin.NewTopic("rules-processor-x-changelog", 1, (short) 1)))
                    .all().get(20, TimeUnit.SECONDS));
            assertInstanceOf(org.apache.kafka.common.errors.TopicAuthorizationException.class, e.getCause());
        }
    }

    @Test
    void theProcessorsUserOnlyUsesItsOwnTransactionalIds() throws Exception {
        Map<String, Object> pp = broker.clientProperties("rules-processor");
        pp.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "table-gateway-" + UUID.randomUUID());
        try (KafkaProducer<String, String> out = producer(pp, true)) {
            assertThrows(TransactionalIdAuthorizationException.class, out::initTransactions);
        }
    }

    @Test
    void theScoreboardsUserReadsViewsAndRulingsButWritesNothing() throws Exception {
        try (KafkaProducer<String, String> admin = producer(broker.clientProperties("admin"), true)) {
            admin.send(new ProducerRecord<>(Topics.MATCH_VIEWS, "T03-1", "{\"view\":1}")).get(20, TimeUnit.SECONDS);
        }
        Map<String, Object> cp = broker.clientProperties("scoreboard");
        cp.putAll(consumerSettings("scoreboard-" + UUID.randomUUID()));
        try (KafkaConsumer<String, String> in = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer())) {
            in.subscribe(List.of(Topics.MATCH_VIEWS));
            assertNotNull(poll(in, 1).get(0).value());
        }
        for (String topic : List.of(Topics.MATCH_VIEWS, Topics.MATCH_RULINGS, Topics.TABLE_EVENTS_REJECTED)) {
            try (KafkaProducer<String, String> p = producer(broker.clientProperties("scoreboard"), false)) {
                ExecutionException e = assertThrows(ExecutionException.class,
                        () -> p.send(new ProducerRecord<>(topic, "T03-1", "{}")).get(20, TimeUnit.SECONDS), topic);
                assertInstanceOf(TopicAuthorizationException.class, e.getCause(), topic);
            }
        }
        Map<String, Object> events = broker.clientProperties("scoreboard");
        events.putAll(consumerSettings("scoreboard-" + UUID.randomUUID()));
        try (KafkaConsumer<String, String> in = new KafkaConsumer<>(events, new StringDeserializer(), new StringDeserializer())) {
            in.subscribe(List.of(Topics.TABLE_EVENTS));
            assertThrows(TopicAuthorizationException.class, () -> in.poll(Duration.ofSeconds(10)));
        }
    }

    @Test
    void consumerGroupsAreTheServicesOwn() {
        Map<String, Object> cp = broker.clientProperties("audit-trail");
        cp.putAll(consumerSettings("rules-processor"));
        try (KafkaConsumer<String, String> in = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer())) {
            in.subscribe(List.of(Topics.TABLE_EVENTS));
            assertThrows(GroupAuthorizationException.class, () -> in.poll(Duration.ofSeconds(10)));
        }
    }

    @Test
    void theAuditTrailsUserReadsAllFourTopicsInItsGroup() throws Exception {
        try (KafkaProducer<String, String> admin = producer(broker.clientProperties("admin"), true)) {
            for (String topic : Topics.ALL) {
                admin.send(new ProducerRecord<>(topic, "T04-1", "{}")).get(20, TimeUnit.SECONDS);
            }
        }
        Map<String, Object> cp = broker.clientProperties("audit-trail");
        cp.putAll(consumerSettings("audit-trail"));
        try (KafkaConsumer<String, String> in = new KafkaConsumer<>(cp, new StringDeserializer(), new StringDeserializer())) {
            in.subscribe(Topics.ALL);
            List<String> topics = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!topics.containsAll(Topics.ALL) && System.nanoTime() < deadline) {
                in.poll(Duration.ofMillis(500)).forEach(r -> topics.add(r.topic()));
            }
            assertTrue(topics.containsAll(Topics.ALL), topics.toString());
            in.commitSync();
        }
        try (KafkaProducer<String, String> p = producer(broker.clientProperties("audit-trail"), false)) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> p.send(
                    new ProducerRecord<>(Topics.MATCH_RULINGS, "T04-1", "{}")).get(20, TimeUnit.SECONDS));
            assertInstanceOf(AuthorizationException.class, e.getCause());
        }
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> props, boolean idempotent) {
        Map<String, Object> p = new HashMap<>(props);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, idempotent);
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, 15_000);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        return new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
    }

    private static Map<String, Object> consumerSettings(String group) {
        Map<String, Object> c = new HashMap<>();
        c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return c;
    }

    private static List<ConsumerRecord<String, String>> poll(KafkaConsumer<String, String> in, int atLeast) {
        List<ConsumerRecord<String, String>> got = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (got.size() < atLeast && System.nanoTime() < deadline) {
            in.poll(Duration.ofMillis(500)).forEach(got::add);
        }
        assertTrue(got.size() >= atLeast, "got " + got.size() + " records");
        return got;
    }

    /** The end offset of partition 0 (the test broker's topics have one partition), as admin. */
    private static long endOffset(String topic) throws Exception {
        try (Admin admin = Admin.create(broker.clientProperties("admin"))) {
            TopicPartition tp = new TopicPartition(topic, 0);
            return admin.listOffsets(Map.of(tp, OffsetSpec.latest())).all().get(20, TimeUnit.SECONDS).get(tp).offset();
        }
    }
}
