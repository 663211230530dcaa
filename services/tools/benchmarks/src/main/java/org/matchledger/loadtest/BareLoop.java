package org.matchledger.loadtest;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The floor under the processor: the same transactional consume → produce over {@code table-events} with no rules
 * (each event copied as is to a scratch topic, offsets committed in the transaction, one transaction per poll).
 */
final class BareLoop {
    static final String OUT = "bench-bare-out";

    /** Consumes {@code table-events} from the beginning in a new group until {@code total} events; returns events/s. */
    static double run(String bootstrap, long total, String runId) {
        Properties c = new Properties();
        c.putAll(KafkaSecurity.fromEnvironment()); // KAFKA_SASL_JAAS_CONFIG etc.: deploy/local/kafka/as admin
        c.put("bootstrap.servers", bootstrap);
        c.put("group.id", "bench-bare-" + runId);
        c.put("isolation.level", "read_committed");
        c.put("enable.auto.commit", "false");
        c.put("auto.offset.reset", "earliest");
        c.put("max.poll.records", "500");
        Properties p = new Properties();
        p.putAll(KafkaSecurity.fromEnvironment());
        p.put("bootstrap.servers", bootstrap);
        p.put("transactional.id", "bench-bare-" + runId);
        p.put("acks", "all");
        p.put("linger.ms", "5");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new StringDeserializer());
             KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            producer.initTransactions();
            consumer.subscribe(List.of(Topics.TABLE_EVENTS));
            long done = 0;
            long start = 0;
            while (done < total) {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
                if (records.isEmpty()) {
                    continue;
                }
                if (start == 0) {
                    start = System.nanoTime();
                }
                producer.beginTransaction();
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                for (ConsumerRecord<String, String> r : records) {
                    producer.send(new ProducerRecord<>(OUT, r.key(), r.value()));
                    offsets.put(new TopicPartition(r.topic(), r.partition()), new OffsetAndMetadata(r.offset() + 1));
                }
                producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
                producer.commitTransaction();
                done += records.count();
            }
            return done / ((System.nanoTime() - start) / 1e9);
        }
    }
}
