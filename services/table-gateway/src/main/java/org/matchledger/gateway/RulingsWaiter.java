package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.RulingsHeader;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * For {@code ?wait=}: follows {@code match-rulings} (from the end, in a consumer group of its own) and completes a
 * waiting post once every one of its events has all its rulings (the processor's {@code ledger-rulings-of-event}
 * header says how many).
 */
@ApplicationScoped
public class RulingsWaiter {
    public static final String CHANNEL = "rulings-feed";
    /** A post waiting for the rulings of its events. */
    public static final class Waiting {
        private final Map<String, List<JsonNode>> rulingsById = new LinkedHashMap<>();
        private final Set<String> complete = new HashSet<>();
        final CompletableFuture<List<JsonNode>> done = new CompletableFuture<>();

        Waiting(List<String> ids) {
            ids.forEach(id -> rulingsById.put(id, new ArrayList<>()));
        }

        synchronized void add(String eventId, JsonNode ruling, int count) {
            List<JsonNode> list = rulingsById.get(eventId);
            list.add(ruling);
            if (list.size() >= count) {
                complete.add(eventId);
            }
            if (complete.size() == rulingsById.size()) {
                List<JsonNode> all = new ArrayList<>();
                rulingsById.values().forEach(all::addAll);
                done.complete(all);
            }
        }

        public CompletableFuture<List<JsonNode>> done() {
            return done;
        }
    }

    private final Map<String, Waiting> byEventId = new ConcurrentHashMap<>();

    public Waiting register(List<String> eventIds) {
        Waiting w = new Waiting(eventIds);
        eventIds.forEach(id -> byEventId.put(id, w));
        return w;
    }

    public void forget(List<String> eventIds) {
        eventIds.forEach(byEventId::remove);
    }

    /**
     * Every ruling passes here, almost always with nothing waiting: it runs on the connector's event loop (no hand-over
     * to a worker per record, which cost more than the check), and reads the ruling only when a post waits.
     */
    @Incoming(CHANNEL)
    public void onRuling(ConsumerRecord<String, String> record) {
        if (byEventId.isEmpty()) {
            return;
        }
        try {
            JsonNode ruling = Json.read(record.value());
            String eventId = ruling.path("eventId").asText(null);
            Waiting w = eventId == null ? null : byEventId.get(eventId);
            if (w != null) {
                Integer count = RulingsHeader.read(record.headers());
                w.add(eventId, ruling, count == null ? 1 : count);
            }
        } catch (Exception e) {
            // a record that is not a ruling: nothing waits for it
        }
    }
}
