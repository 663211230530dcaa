package org.matchledger.loadtest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.KafkaSecurity;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Is the processor judging? Sends the next event of one of {@link ProcessorHistory}'s live matches onto
 * {@code table-events} and waits for its first ruling on {@code match-rulings} (read committed): the time from
 * {@code --since-ms} (when the processor was killed) to that ruling is how long judging stopped.
 *
 * <pre>JudgingProbe --bootstrap HOST:PORT --run ID --live-match M --after N [--since-ms T] [--label L] [--timeout-s 120]
 *              [--armed-file PATH]</pre>
 * Sends the match's event N+1 (the history sent N). Prints {@code RESULT <label> <ms> ms}, or exits 1 on timeout.
 * With {@code --armed-file}, the probe first connects (its JVM started, its clients connected, the rulings' end
 * fixed), prints {@code ARMED}, and waits until that file exists: the time counts from then, and the probe's own start
 * does not compete with the restarted processor for the CPU.
 */
public final class JudgingProbe {
    private JudgingProbe() {
    }

    public static void main(String[] args) throws Exception {
        Args o = Args.parse(args);
        String bootstrap = o.bootstrap();
        String run = o.text("run", "h");
        int m = o.integer("live-match", 0);
        int after = o.integer("after", 40);
        long since = o.longInteger("since-ms", System.currentTimeMillis());
        Path armedFile = o.path("armed-file");
        String label = o.text("label", "processor-kill-to-judging");
        long timeout = o.longInteger("timeout-s", 120) * 1000;

        String id = ProcessorHistory.liveId(run, m);
        MatchPlayer p = ProcessorHistory.player(id, m);
        ObjectNode event = null;
        for (int i = 0; i <= after; i++) {
            event = p.next();
        }
        if (event == null) {
            throw new IllegalStateException("match " + id + " has no event " + (after + 1));
        }
        String eventId = event.get("id").textValue();
        try (KafkaConsumer<String, String> rulings = new KafkaConsumer<>(consumerConfig(bootstrap));
             KafkaProducer<String, String> producer = new KafkaProducer<>(ProcessorHistory.producerConfig(bootstrap))) {
            List<TopicPartition> parts = rulings.partitionsFor(Topics.MATCH_RULINGS).stream()
                    .map(i -> new TopicPartition(i.topic(), i.partition())).toList();
            rulings.assign(parts);
            rulings.seekToEnd(parts);
            parts.forEach(rulings::position); // the end, fixed before the event is sent
            producer.partitionsFor(Topics.TABLE_EVENTS); // connected before the kill
            if (armedFile != null) {
                System.out.println("ARMED");
                System.out.flush();
                while (!Files.exists(armedFile)) {
                    Thread.sleep(5);
                }
                since = System.currentTimeMillis();
            }
            long sent = System.currentTimeMillis();
            producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, id, Json.write(event))).get();
            while (System.currentTimeMillis() - sent < timeout) {
                for (ConsumerRecord<String, String> r : rulings.poll(Duration.ofMillis(50))) {
                    if (!id.equals(r.key())) {
                        continue;
                    }
                    JsonNode ruling = Json.read(r.value());
                    if (eventId.equals(ruling.path("eventId").asText(null))) {
                        long now = System.currentTimeMillis();
                        System.out.printf("RESULT %s %d ms (event %s of %s: %s; sent → ruling %d ms)%n", label, now - since,
                                event.get("seq"), id, ruling.path("kind").asText(), now - sent);
                        return;
                    }
                }
            }
        }
        System.out.printf("RESULT %s timeout after %d ms%n", label, timeout);
        System.exit(1);
    }

    static Map<String, Object> consumerConfig(String bootstrap) {
        Map<String, Object> c = new HashMap<>(KafkaSecurity.fromEnvironment());
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return c;
    }
}
