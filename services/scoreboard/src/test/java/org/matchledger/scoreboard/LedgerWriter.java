package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.core.json.Json;
import org.matchledger.testsupport.KafkaBroker;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes what the rules processor writes (docs/view.md's shapes, header {@code ledger-rulings-of-event}) straight onto
 * {@code match-rulings} and {@code match-views}, one transaction per call like the processor's batches.
 */
final class LedgerWriter implements AutoCloseable {
    private final KafkaProducer<String, String> producer;

    LedgerWriter() {
        Map<String, Object> p = new HashMap<>(KafkaBroker.producerProperties());
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "scoreboard-test-" + UUID.randomUUID());
        producer = new KafkaProducer<>(p);
        producer.initTransactions();
    }

    /** One ruling as the processor writes it. */
    static ObjectNode ruling(String matchId, Long seq, int n, String kind) {
        ObjectNode r = Json.MAPPER.createObjectNode().put("matchId", matchId);
        if (seq == null) {
            r.putNull("seq");
        } else {
            r.put("seq", seq);
        }
        return r.put("eventId", "e-" + seq).put("n", n).put("kind", kind);
    }

    /** A 9-ball view at {@code lastSeq}: p1 at the table with {@code p1Score}. */
    static ObjectNode view(String matchId, String tableId, String status, long lastSeq, int p1Score) {
        ObjectNode v = Json.MAPPER.createObjectNode().put("matchId", matchId).put("discipline", "NINE_BALL")
                .put("status", status).put("raceTo", 7).put("breakFormat", "ALTERNATE").put("tableId", tableId).put("rack", 1);
        ArrayNode players = v.putArray("players");
        players.addObject().put("id", "p1").put("name", "Ann").put("score", p1Score).put("consecutiveFouls", 0)
                .put("onTwoFouls", false).put("innings", 1).put("currentRun", 0).put("highRun", 0);
        players.addObject().put("id", "p2").put("name", "Bob").put("score", 0).put("consecutiveFouls", 2)
                .put("onTwoFouls", true).put("innings", 1).put("currentRun", 0).put("highRun", 0);
        v.put("atTable", "p1");
        v.putArray("ballsOnTable").add(3).add(9);
        v.put("winner", "FINISHED".equals(status) ? "p1" : null);
        return v.put("lastSeq", lastSeq);
    }

    /** One transaction: every ruling (header = how many rulings its match and seq have in {@code rulings}), then the views. */
    void write(List<ObjectNode> rulings, List<ObjectNode> views) {
        producer.beginTransaction();
        for (ObjectNode r : rulings) {
            long count = r.get("kind").textValue().matches("EVENT_REJECTED|DUPLICATE") ? 1
                    : rulings.stream().filter(o -> o.get("seq").equals(r.get("seq")) && o.get("matchId").equals(r.get("matchId"))
                    && !o.get("kind").textValue().matches("EVENT_REJECTED|DUPLICATE")).count();
            ProducerRecord<String, String> rec = new ProducerRecord<>("match-rulings", r.get("matchId").textValue(), Json.write(r));
            rec.headers().add("ledger-rulings-of-event", Long.toString(count).getBytes(StandardCharsets.UTF_8));
            producer.send(rec);
        }
        for (ObjectNode v : views) {
            producer.send(new ProducerRecord<>("match-views", v.get("matchId").textValue(), Json.write(v)));
        }
        producer.commitTransaction();
    }

    @Override
    public void close() {
        producer.close();
    }
}
