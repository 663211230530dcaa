package org.matchledger.systemtests;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.Ruling;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * What the replay tool says about one match's events ({@link Replay}, the code path of {@code deploy/bin/ledger
 * replay}): the view and every ruling, each with the number of rulings its event got (the processor's
 * {@code ledger-rulings-of-event} header). The pipeline's output is compared with it.
 */
public final class ReplayedMatch {
    public static final String RULINGS_HEADER = "ledger-rulings-of-event";

    /** One ruling as JSON and how many rulings its event got in all. */
    public record Ruled(JsonNode ruling, Integer rulingsOfEvent) {
        /** What makes a ruling one of a kind in the ledger: its event, its position, and what it re-judges. */
        public String key() {
            return "eventId=" + ruling.path("eventId").asText(null) + " seq=" + ruling.path("seq").asText(null)
                    + " n=" + ruling.path("n").asText(null)
                    + (ruling.hasNonNull("rejudges") ? " rejudges=" + ruling.get("rejudges").asText() : "");
        }
    }

    private final String matchId;
    private final JsonNode view;
    private final List<Ruled> rulings;

    private ReplayedMatch(String matchId, JsonNode view, List<Ruled> rulings) {
        this.matchId = matchId;
        this.view = view;
        this.rulings = rulings;
    }

    /** Folds the events (JSON texts, in log order) as the replay tool does. */
    public static ReplayedMatch of(String matchId, List<String> eventTexts) {
        Replay replay = new Replay();
        List<Ruled> rulings = new ArrayList<>();
        for (String text : eventTexts) {
            Outcome step = replay.accept(read(text));
            for (Ruling r : step.rulings()) {
                rulings.add(new Ruled(tree(r), step.rulings().size()));
            }
        }
        return new ReplayedMatch(matchId, replay.view() == null ? null : tree(replay.view()), List.copyOf(rulings));
    }

    public String matchId() {
        return matchId;
    }

    /** The view as JSON (the processor's serialization: the ledger's one ObjectMapper). */
    public JsonNode view() {
        return view;
    }

    public long lastSeq() {
        return view == null ? 0 : view.path("lastSeq").asLong();
    }

    public List<Ruled> rulings() {
        return rulings;
    }

    /** The rulings of {@code match-rulings} records (value and header), in offset order. */
    public static List<Ruled> ruled(List<ConsumerRecord<String, String>> records) {
        List<Ruled> list = new ArrayList<>(records.size());
        for (ConsumerRecord<String, String> r : records) {
            Header h = r.headers().lastHeader(RULINGS_HEADER);
            Integer count = h == null ? null : Integer.valueOf(new String(h.value(), StandardCharsets.UTF_8));
            list.add(new Ruled(read(r.value()), count));
        }
        return list;
    }

    /**
     * The rulings read from {@code match-rulings} for this match are exactly the replay's: each ruling once (none
     * duplicated, none missing), with the same content and header, in the same order.
     */
    public void assertRulings(List<Ruled> actual) {
        Map<String, int[]> counts = new LinkedHashMap<>();
        for (Ruled r : rulings) {
            counts.computeIfAbsent(r.key(), k -> new int[2])[0]++;
        }
        for (Ruled r : actual) {
            counts.computeIfAbsent(r.key(), k -> new int[2])[1]++;
        }
        List<String> problems = new ArrayList<>();
        counts.forEach((key, c) -> {
            if (c[0] != c[1]) {
                problems.add((c[1] > c[0] ? "DUPLICATED " : "MISSING ") + key + ": replay " + c[0] + ", match-rulings " + c[1]);
            }
        });
        if (!problems.isEmpty()) {
            fail(matchId + ": " + problems.size() + " ruling(s) not exactly once in match-rulings (" + actual.size()
                    + " read, replay has " + rulings.size() + "):\n  " + String.join("\n  ", problems.subList(0,
                    Math.min(20, problems.size()))));
        }
        for (int i = 0; i < rulings.size(); i++) {
            Ruled expected = rulings.get(i);
            Ruled got = actual.get(i);
            if (!expected.ruling().equals(got.ruling()) || !Objects.equals(expected.rulingsOfEvent(), got.rulingsOfEvent())) {
                fail(matchId + ": ruling #" + i + " differs from the replay's\n  replay:        " + expected.ruling()
                        + " (" + RULINGS_HEADER + " " + expected.rulingsOfEvent() + ")\n  match-rulings: " + got.ruling()
                        + " (" + RULINGS_HEADER + " " + got.rulingsOfEvent() + ")");
            }
        }
        assertEquals(rulings.size(), actual.size(), matchId + ": number of rulings");
    }

    /** The view read from {@code match-views} is the replay's view (JSON tree equality). */
    public void assertView(JsonNode actual) {
        assertEquals(view, actual, matchId + ": the view in match-views differs from the replay's");
    }

    /** The same JSON value, numbers compared by value (35.0 and 35 are the same number). */
    public static boolean sameJson(JsonNode a, JsonNode b) {
        return a.equals(NUMBERS_BY_VALUE, b);
    }

    private static final Comparator<JsonNode> NUMBERS_BY_VALUE = (x, y) -> {
        if (x.isNumber() && y.isNumber()) {
            return x.decimalValue().compareTo(y.decimalValue());
        }
        return x.equals(y) ? 0 : 1;
    };

    static JsonNode read(String text) {
        try {
            return Json.read(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    static JsonNode tree(Object value) {
        return read(Json.write(value));
    }
}
