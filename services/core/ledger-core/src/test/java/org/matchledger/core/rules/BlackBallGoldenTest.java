package org.matchledger.core.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.Ruling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The golden Black Ball match {@code golden/blackball-frame.jsonl} (race to 2), folded with the code the replay tool
 * runs, against the view and rulings derived by hand in {@code blackball-frame.view.json},
 * {@code blackball-frame.rulings.jsonl} and commented in {@code blackball-frame.md}.
 * <p>
 * The view is compared whole, less {@code tableId} (an addition docs/view.md allows). Each ruling is compared on its
 * stamp ({@code matchId, seq, eventId, n, kind}) and the fields docs/view.md says its kind carries; free texts
 * ({@code RACK_WON.detail}) and citations the contract does not list are not compared.
 */
class BlackBallGoldenTest {
    private static final String BASE = "/golden/blackball-frame";

    /** docs/view.md "Rulings": the fields each kind carries. */
    private static final Map<String, List<String>> CARRIES = Map.ofEntries(
            entry("MATCH_OPENED", List.of()),
            entry("LAG_WON", List.of("player")),
            entry("OPTION_OFFERED", List.of("player", "options")),
            entry("OPTION_TAKEN", List.of("player", "option")),
            entry("BREAK_ASSIGNED", List.of("player")),
            entry("FOUL", List.of("player", "rule", "foul", "points")),
            entry("GROUP_ASSIGNED", List.of("player", "group")),
            entry("BALLS_SPOTTED", List.of("balls")),
            entry("TURN", List.of("player", "cueBall", "freeShot")),
            entry("CONTINUE", List.of("player")),
            entry("RACK_WON", List.of("player", "rule")),
            entry("MATCH_WON", List.of("player", "detail")),
            entry("SNOOKER_DECLARED", List.of("player")),
            entry("EVENT_REJECTED", List.of("reason")));

    private static final List<String> STAMP = List.of("matchId", "seq", "eventId", "n", "kind");

    @Test
    void goldenFrame_viewAfterTheLastEvent_matchesTheHandDerivedView() throws IOException {
        Replay replay = replay();
        ObjectNode actual = (ObjectNode) asRead(replay.view());
        actual.remove("tableId");
        JsonNode expected = Json.read(resource(BASE + ".view.json"));
        assertEquals(expected, actual, () -> "expected " + expected + "\n  actual " + actual);
    }

    @Test
    void goldenFrame_everyRuling_matchesTheHandDerivedRulings() throws IOException {
        Replay replay = replay();
        List<JsonNode> expected = new ArrayList<>();
        for (String line : resource(BASE + ".rulings.jsonl").split("\n")) {
            if (!line.isBlank()) {
                expected.add(Json.read(line));
            }
        }
        List<JsonNode> actual = replay.rulings().stream().map(BlackBallGoldenTest::project).toList();
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            assertEquals(expected.get(i), actual.get(i), "ruling #" + i);
        }
        assertEquals(expected.size(), actual.size(), "number of rulings");
    }

    private static JsonNode project(Ruling r) {
        JsonNode full = asRead(r);
        List<String> carried = CARRIES.get(r.kind().name());
        assertNotNull(carried, () -> "a ruling kind the golden match never calls for: " + full);
        ObjectNode out = Json.MAPPER.createObjectNode();
        for (String f : STAMP) {
            out.set(f, full.get(f));
        }
        for (String f : carried) {
            if (full.hasNonNull(f)) {
                out.set(f, full.get(f));
            }
        }
        return out;
    }

    /** As the replay tool prints it, read back: numbers compare as the expected files' numbers do. */
    private static JsonNode asRead(Object value) {
        try {
            return Json.read(Json.write(value));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Replay replay() throws IOException {
        Replay replay = new Replay();
        for (String line : resource(BASE + ".jsonl").split("\n")) {
            if (!line.isBlank()) {
                replay.accept(Json.read(line));
            }
        }
        return replay;
    }

    private static String resource(String path) throws IOException {
        try (InputStream in = BlackBallGoldenTest.class.getResourceAsStream(path)) {
            assertNotNull(in, "missing test resource " + path);
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                StringBuilder sb = new StringBuilder();
                String line;
                while ((line = r.readLine()) != null) {
                    sb.append(line).append('\n');
                }
                return sb.toString();
            }
        }
    }
}
