package org.matchledger.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.ruling.RulingKind;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.KafkaBroker;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A simulated match put on the ledger's topics the way the gateway and the rules processor do, without them: the
 * events on table-events, then what the processor publishes for each (judged with ledger-core's
 * {@link MatchLedger#apply}, as the processor does): a record per ruling on match-rulings with the
 * {@code ledger-rulings-of-event} header, the view on match-views, rejections on table-events-rejected naming the
 * event's partition and offset. {@code times}: how often each processor record is produced (2: every one twice).
 */
public final class PublishedMatch {
    public final String matchId;
    public final List<String> events = new ArrayList<>();
    /** The view after each applied seq, as the processor's fold has it (independent of the audit trail's code). */
    public final Map<Long, JsonNode> viewAt = new LinkedHashMap<>();
    public final List<Ruling> rulings = new ArrayList<>();
    public int rejected;
    public int duplicates;
    public long lastSeq;
    public String correctionTargetId;
    public Long correctionSeq;

    private PublishedMatch(String matchId) {
        this.matchId = matchId;
    }

    /** A match with corrections, referee rulings, re-sent events, one seq gap (rejected) and an appeal. */
    public static PublishedMatch simulate(String matchId, Discipline discipline, int raceTo, long seed) {
        PublishedMatch m = new PublishedMatch(matchId);
        MatchPlayer player = new MatchPlayer(matchId, discipline, raceTo, "T-" + matchId, seed,
                new SimProfile(0.02, 0.06, 0.03));
        ObjectNode e;
        int i = 0;
        while ((e = player.next()) != null) {
            m.events.add(Json.write(e));
            if (++i == 12) {
                ObjectNode gap = e.deepCopy();
                gap.put("id", matchId + "-gap").put("seq", e.get("seq").asLong() + 5);
                m.events.add(Json.write(gap)); // rejected: a seq gap
            }
        }
        // After the match: an appeal on the first shot, and its decision.
        long seq = player.match().lastSeq();
        String shotId = m.events.stream().map(PublishedMatch::read).filter(x -> x.path("type").asText().equals("pool.shot.taken"))
                .findFirst().orElseThrow().get("id").asText();
        ObjectNode filed = envelope(matchId, matchId + "-appeal", "pool.appeal.filed", seq + 1);
        filed.putObject("data").put("player", matchId + "-a").put("targetId", shotId).put("grounds", "the \"9\" was hit first, clearly");
        ObjectNode decided = envelope(matchId, matchId + "-decision", "pool.appeal.decided", seq + 2);
        decided.putObject("data").put("appealId", matchId + "-appeal").put("upheld", false).put("note", "judgement call; final");
        m.events.add(Json.write(filed));
        m.events.add(Json.write(decided));
        return m;
    }

    static ObjectNode envelope(String matchId, String id, String type, long seq) {
        ObjectNode e = Json.MAPPER.createObjectNode();
        e.put("specversion", "1.0").put("id", id).put("source", "/tables/T/referee").put("type", type)
                .put("subject", matchId).put("seq", seq);
        return e;
    }

    /** Produces the events, then the processor's records {@code times} times each. */
    public PublishedMatch publish(int times) throws Exception {
        Properties p = new Properties();
        p.putAll(KafkaBroker.producerProperties());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer())) {
            List<RecordMetadata> where = new ArrayList<>();
            for (String event : events) {
                where.add(producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, matchId, event)).get());
            }
            Match match = Match.EMPTY;
            List<ProducerRecord<String, String>> out = new ArrayList<>();
            for (int i = 0; i < events.size(); i++) {
                JsonNode event = read(events.get(i));
                Outcome step = MatchLedger.apply(match, event);
                for (Ruling r : step.rulings()) {
                    ProducerRecord<String, String> rec = new ProducerRecord<>(Topics.MATCH_RULINGS, matchId, Json.write(r));
                    rec.headers().add("ledger-rulings-of-event",
                            Integer.toString(step.rulings().size()).getBytes(StandardCharsets.UTF_8));
                    out.add(rec);
                }
                RulingKind first = step.rulings().get(0).kind();
                if (step.applied()) {
                    match = step.match();
                    rulings.addAll(step.rulings());
                    lastSeq = match.lastSeq();
                    viewAt.put(lastSeq, read(Json.write(match.view())));
                    out.add(new ProducerRecord<>(Topics.MATCH_VIEWS, matchId, Json.write(match.view())));
                    if (first == RulingKind.EVENT_VOIDED || first == RulingKind.EVENT_CORRECTED) {
                        correctionTargetId = step.rulings().get(0).targetId();
                        correctionSeq = lastSeq;
                    }
                } else if (first == RulingKind.DUPLICATE) {
                    duplicates++;
                } else {
                    rejected++;
                    ObjectNode o = Json.MAPPER.createObjectNode();
                    o.put("matchId", matchId).put("reason", step.rulings().get(0).reason())
                            .put("partition", where.get(i).partition()).put("offset", where.get(i).offset());
                    o.set("event", event);
                    out.add(new ProducerRecord<>(Topics.TABLE_EVENTS_REJECTED, matchId, Json.write(o)));
                }
            }
            for (int t = 0; t < times; t++) {
                for (ProducerRecord<String, String> r : out) {
                    producer.send(r);
                }
            }
            producer.flush();
        }
        return this;
    }

    /** Rulings the ledger gave applied events (notices excluded). */
    public int appliedRulings() {
        return rulings.size();
    }

    static JsonNode read(String s) {
        try {
            return Json.read(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
