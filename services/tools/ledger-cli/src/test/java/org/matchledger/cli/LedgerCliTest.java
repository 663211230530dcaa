package org.matchledger.cli;

import org.matchledger.core.support.JsonMatch;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ledger.Replay;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The replay tool (docs/view.md "The replay tool"): {@code ledger replay [--at SEQ] [--rulings] FILE.jsonl|-}. Prints the
 * view as one JSON object, or every ruling one per line; exit 0 when the log was read even if events were rejected;
 * 2 when the file cannot be read or a line is not JSON (line number on stderr). Nothing goes to stdout on an error.
 * Expected views and rulings are the hand-derived golden files under {@code src/test/resources/golden/}.
 */
class LedgerCliTest {
    private static final String NINE = "nine-ball-race-to-3";
    private static final String CORRECTIONS = "corrections-duplicate-rejections";

    @TempDir
    Path tmp;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = LedgerCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    // ---- the view ------------------------------------------------------------------------------------------------------

    @Test
    void replay_printsTheFinalViewAsOneJsonObject() throws Exception {
        Run r = run("replay", golden(NINE + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        assertEquals(1, r.out.strip().lines().count(), "one JSON object on one line: " + r.out);
        JsonNode view = Json.read(r.out.strip());
        assertTrue(view.isObject());
        assertTrue(JsonMatch.same(readJson(NINE + ".view.json"), view), () -> "expected the golden view, got " + view);
    }

    /** Exit 0 when the log was read, even if some events were rejected (their rulings say why). */
    @Test
    void replay_logWithRejectedAndDuplicateEvents_exits0_andPrintsTheView() throws Exception {
        Run r = run("replay", golden(CORRECTIONS + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        assertTrue(JsonMatch.same(readJson(CORRECTIONS + ".view.json"), Json.read(r.out.strip())), r.out);
    }

    @Test
    void replay_dashReadsTheLogFromStandardInput() throws Exception {
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(Path.of(golden(NINE + ".jsonl")))));
            Run r = run("replay", "-");
            assertEquals(0, r.exit, r.err);
            assertTrue(JsonMatch.same(readJson(NINE + ".view.json"), Json.read(r.out.strip())), r.out);
        } finally {
            System.setIn(saved);
        }
    }

    // ---- --rulings -------------------------------------------------------------------------------------------------------

    @Test
    void rulings_printsEveryRulingAsOneJsonObjectPerLine() throws Exception {
        Run r = run("replay", "--rulings", golden(NINE + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        List<String> lines = r.out.lines().toList();
        List<String> expected = Files.readAllLines(Path.of(golden(NINE + ".rulings.jsonl")));
        assertEquals(expected.size(), lines.size());
        for (int i = 0; i < lines.size(); i++) {
            JsonNode line = Json.read(lines.get(i));
            assertTrue(line.isObject(), lines.get(i));
            assertTrue(JsonMatch.same(Json.read(expected.get(i)), line), "ruling line " + (i + 1) + ": " + lines.get(i));
        }
    }

    /** Rejections and duplicates are rulings too: the tool prints them, and still exits 0. */
    @Test
    void rulings_includeTheRejectionsAndTheDuplicate_exit0() throws Exception {
        Run r = run("replay", "--rulings", golden(CORRECTIONS + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        List<JsonNode> rulings = new ArrayList<>();
        for (String l : r.out.lines().toList()) {
            rulings.add(Json.read(l));
        }
        assertEquals(3, rulings.stream().filter(x -> x.get("kind").asText().equals("EVENT_REJECTED")).count());
        assertEquals(1, rulings.stream().filter(x -> x.get("kind").asText().equals("DUPLICATE")).count());
    }

    /** --at with --rulings: the rulings of the events read up to event SEQ (here: seq 1–3 of the 9-ball golden log). */
    @Test
    void rulings_withAt_stopAfterEventSeq() throws Exception {
        Run r = run("replay", "--at", "3", "--rulings", golden(NINE + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        List<String> kinds = r.out.lines().map(l -> {
            try {
                return Json.read(l).get("kind").asText();
            } catch (IOException e) {
                throw new AssertionError(l, e);
            }
        }).toList();
        // seq 1 MATCH_OPENED; seq 2 LAG_WON, OPTION_OFFERED; seq 3 OPTION_TAKEN, BREAK_ASSIGNED (nine-ball-race-to-3.md)
        assertEquals(List.of("MATCH_OPENED", "LAG_WON", "OPTION_OFFERED", "OPTION_TAKEN", "BREAK_ASSIGNED"), kinds);
    }

    // ---- --at -------------------------------------------------------------------------------------------------------------

    /** --at N prints the view after the N-th applied event: the same as folding exactly the first N applied events. */
    @Test
    void at_equalsTheViewAfterTheNthAppliedEvent_forEveryN() throws Exception {
        List<JsonNode> log = readLines(CORRECTIONS + ".jsonl");
        List<JsonNode> applied = new ArrayList<>();
        Match m = Match.EMPTY;
        for (JsonNode e : log) {
            Outcome s = MatchLedger.apply(m, e);
            if (s.applied()) {
                applied.add(e);
            }
            m = s.match();
        }
        assertEquals(11, applied.size(), "the golden log applies seq 1–11");
        for (int n = 1; n <= applied.size(); n++) {
            Match fresh = Match.EMPTY;
            for (JsonNode e : applied.subList(0, n)) {
                fresh = MatchLedger.apply(fresh, e).match();
            }
            Run r = run("replay", "--at", String.valueOf(n), golden(CORRECTIONS + ".jsonl"));
            assertEquals(0, r.exit, r.err);
            assertTrue(JsonMatch.same(Json.MAPPER.valueToTree(fresh.view()), Json.read(r.out.strip())), "--at " + n + ": " + r.out);
        }
    }

    /** By hand (corrections-duplicate-rejections.md): after seq 6 p2 is at the table; the duplicate and rejections come later. */
    @Test
    void at_6_isTheTableBeforeTheDuplicateAndTheRejections() throws Exception {
        Run r = run("replay", "--at", "6", golden(CORRECTIONS + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        JsonNode v = Json.read(r.out.strip());
        assertEquals(6, v.get("lastSeq").asInt());
        assertEquals("p2", v.get("atTable").asText());
        assertEquals("IN_POSITION", v.get("cueBall").asText());
        assertEquals(Json.read("[3,4,5,6,7,8,9]"), v.get("ballsOnTable"));
        assertEquals("IN_PROGRESS", v.get("status").asText());
    }

    /** By hand: after the correction (seq 8) p1 stands on two fouls (6.1 on the corrected shot, then 6.13). */
    @Test
    void at_8_showsTheMatchAsCorrected() throws Exception {
        Run r = run("replay", "--at", "8", golden(CORRECTIONS + ".jsonl"));
        assertEquals(0, r.exit, r.err);
        JsonNode v = Json.read(r.out.strip());
        assertEquals(8, v.get("lastSeq").asInt());
        JsonNode p1 = v.get("players").get(0);
        assertEquals(2, p1.get("consecutiveFouls").asInt());
        assertTrue(p1.get("onTwoFouls").asBoolean());
        assertEquals("p2", v.get("atTable").asText());
        assertEquals(Json.read("[4,5,6,7,8,9]"), v.get("ballsOnTable"));
    }

    // ---- errors -----------------------------------------------------------------------------------------------------------

    /** A line that is not JSON: exit 2, its line number on stderr (blank lines count), nothing on stdout. */
    @Test
    void notJsonLine_exits2_withItsLineNumberOnStderr_andNothingOnStdout() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(golden(NINE + ".jsonl"))).subList(0, 3));
        lines.add("");
        lines.add("{\"specversion\": \"1.0\", \"id\": oops");
        lines.addAll(Files.readAllLines(Path.of(golden(NINE + ".jsonl"))).subList(3, 5));
        Path file = tmp.resolve("broken.jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        for (String[] args : List.of(new String[]{"replay", file.toString()}, new String[]{"replay", "--rulings", file.toString()})) {
            Run r = run(args);
            assertEquals(2, r.exit);
            assertEquals("", r.out);
            String err = r.err.replace(file.toString(), "FILE");
            assertTrue(err.matches("(?s).*(?<!\\d)5(?!\\d).*"), "line 5 named on stderr: " + r.err);
        }
    }

    /** "not JSON" is strict: a JSON value followed by more text on the same line is not one JSON value. */
    @Test
    void trailingTextAfterTheJsonValue_isNotJson_exit2() throws Exception {
        Path file = tmp.resolve("trailing.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(golden(NINE + ".jsonl"))).subList(0, 1));
        lines.add(Files.readAllLines(Path.of(golden(NINE + ".jsonl"))).get(1) + " x");
        Files.write(file, lines, StandardCharsets.UTF_8);
        Run r = run("replay", file.toString());
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertTrue(r.err.replace(file.toString(), "FILE").matches("(?s).*(?<!\\d)2(?!\\d).*"), r.err);
    }

    /** A line that is JSON but not an object is an event the ledger rejects ("event:"), not a read error: exit 0. */
    @Test
    void jsonLineThatIsNotAnEvent_isRejected_exit0() throws Exception {
        Path file = tmp.resolve("array.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(golden(NINE + ".jsonl"))).subList(0, 2));
        lines.add("[1, 2, 3]");
        Files.write(file, lines, StandardCharsets.UTF_8);
        Run r = run("replay", "--rulings", file.toString());
        assertEquals(0, r.exit, r.err);
        JsonNode last = Json.read(r.out.lines().reduce((a, b) -> b).orElseThrow());
        assertEquals("EVENT_REJECTED", last.get("kind").asText());
        assertThat(last.get("reason").asText()).as("%s", last).startsWith("event:");
    }

    @Test
    void missingFile_exits2_andNothingOnStdout() {
        Path missing = tmp.resolve("no-such-log.jsonl");
        Run r = run("replay", missing.toString());
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertFalse(r.err.isBlank());
        Run r2 = run("replay", "--rulings", "--at", "3", missing.toString());
        assertEquals(2, r2.exit);
        assertEquals("", r2.out);
    }

    @Test
    void directoryInsteadOfAFile_cannotBeRead_exits2() {
        Run r = run("replay", tmp.toString());
        assertEquals(2, r.exit);
        assertEquals("", r.out);
    }

    static Stream<List<String>> usageErrors() {
        return Stream.of(
                List.of(),                                    // no command
                List.of("play", "x.jsonl"),                   // unknown command
                List.of("replay"),                            // no file
                List.of("replay", "--at"),                    // --at without a seq
                List.of("replay", "--at", "seven", "FILE"),   // --at not a number
                List.of("replay", "--bogus", "FILE"),         // unknown option
                List.of("replay", "FILE", "FILE"));           // two files
    }

    /** Usage errors: exit 2, a message on stderr, nothing on stdout. */
    @ParameterizedTest
    @MethodSource("usageErrors")
    void usageErrors_exit2_withAMessageOnStderr_andNothingOnStdout(List<String> args) throws Exception {
        String file = golden(NINE + ".jsonl");
        Run r = run(args.stream().map(a -> a.equals("FILE") ? file : a).toArray(String[]::new));
        assertEquals(2, r.exit, args.toString());
        assertEquals("", r.out, args.toString());
        assertFalse(r.err.isBlank(), args.toString());
    }

    // ---- helpers ----------------------------------------------------------------------------------------------------------

    private static String golden(String name) throws URISyntaxException {
        return Path.of(LedgerCliTest.class.getResource("/golden/" + name).toURI()).toString();
    }

    private static JsonNode readJson(String name) throws Exception {
        return Json.MAPPER.readTree(Files.readString(Path.of(golden(name))));
    }

    private static List<JsonNode> readLines(String name) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : Files.readAllLines(Path.of(golden(name)))) {
            if (!l.isBlank()) {
                out.add(Json.read(l));
            }
        }
        return out;
    }


    /** An exported log carries its posters (ledgerposter* attributes): the tool judges them as live, twice alike. */
    @Test
    void replay_readsThePosterAttributes_aTablesEventOnAnotherTable_isRejectedNamingTableId() throws Exception {
        String lag = "{\"player\":\"%s\",\"footRailContacts\":1,\"crossedLongString\":false,\"touchedSideRail\":false,"
                + "\"pocketedOrOffTable\":false,\"stoppedInCornerPocketPastHeadRail\":false,\"otherFoul\":false,"
                + "\"distanceFromHeadRail\":%s}";
        String lagData = "{\"results\":[" + lag.formatted("p1", 5) + "," + lag.formatted("p2", 30) + "]}";
        String head = "{\"specversion\":\"1.0\",\"source\":\"/tables/T01/scorer\",\"subject\":\"m-p\",";
        List<String> lines = List.of(
                head + "\"id\":\"o\",\"type\":\"pool.match.opened\",\"seq\":1,\"ledgerpostersubject\":\"table-t01\","
                        + "\"ledgerposterrole\":\"table\",\"ledgerpostertable\":\"T01\",\"data\":{\"discipline\":\"NINE_BALL\","
                        + "\"players\":[{\"id\":\"p1\",\"name\":\"A\"},{\"id\":\"p2\",\"name\":\"B\"}],\"raceTo\":3,\"tableId\":\"T01\"}}",
                head + "\"id\":\"x\",\"type\":\"pool.lag.taken\",\"seq\":2,\"ledgerpostersubject\":\"table-t02\","
                        + "\"ledgerposterrole\":\"table\",\"ledgerpostertable\":\"T02\",\"data\":" + lagData + "}",
                head + "\"id\":\"l\",\"type\":\"pool.lag.taken\",\"seq\":2,\"ledgerposterrole\":\"referee\","
                        + "\"ledgerpostersubject\":\"referee\",\"data\":" + lagData + "}");
        Path log = tmp.resolve("posters.jsonl");
        Files.write(log, lines);
        Run first = run("replay", "--rulings", log.toString());
        assertEquals(0, first.exit, first.err);
        List<JsonNode> rulings = first.out.lines().map(l -> {
            try {
                return Json.read(l);
            } catch (IOException e) {
                throw new AssertionError(l, e);
            }
        }).toList();
        JsonNode rejected = rulings.stream().filter(r -> "x".equals(r.path("eventId").asText())).findFirst().orElseThrow();
        assertEquals("EVENT_REJECTED", rejected.path("kind").asText());
        assertThat(rejected.path("reason").asText()).as("%s", rejected).startsWith("tableId: ");
        assertTrue(rulings.stream().anyMatch(r -> "l".equals(r.path("eventId").asText()) && "LAG_WON".equals(r.path("kind").asText())));
        assertEquals(first.out, run("replay", "--rulings", log.toString()).out, "deterministic");
    }

    // ---- closing (docs/events.md "Closing") ----------------------------------------------------------------------------

    /** The golden 9-ball match with a log time on each event: one minute apart from 2026-04-18T19:00Z. */
    private Path timed(String extra) throws Exception {
        List<String> lines = Files.readAllLines(Path.of(golden(NINE + ".jsonl")));
        StringBuilder sb = new StringBuilder();
        java.time.Instant t = java.time.Instant.parse("2026-04-18T19:00:00Z");
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            com.fasterxml.jackson.databind.node.ObjectNode e = (com.fasterxml.jackson.databind.node.ObjectNode) Json.read(line);
            e.put(Replay.LOG_TIME_ATTRIBUTE, t.toString());
            sb.append(Json.write(e)).append('\n');
            t = t.plusSeconds(60);
        }
        sb.append(extra);
        Path log = tmp.resolve("timed.jsonl");
        Files.writeString(log, sb.toString());
        return log;
    }

    @Test
    void closing_aLaterEventPastTheWindow_closesTheMatchFirst_andIsRejectedMatchClosed() throws Exception {
        // The match finished with its 27th event at 19:26; the window is 24 h; an event at 19:26 the next day closes it.
        String late = "{\"specversion\":\"1.0\",\"id\":\"late\",\"source\":\"/tables/T3/referee\",\"type\":\"pool.event.voided\","
                + "\"subject\":\"golden-nine-ball\",\"seq\":28,\"data\":{\"targetId\":\"gn-27\",\"reason\":\"late\"},"
                + "\"" + Replay.LOG_TIME_ATTRIBUTE + "\":\"2026-04-19T19:26:00Z\"}\n";
        Path log = timed(late);
        Run rulings = run("replay", "--rulings", "--correction-window", "24h", log.toString());
        assertEquals(0, rulings.exit, rulings.err);
        List<String> lines = rulings.out.lines().toList();
        JsonNode closed = Json.read(lines.get(lines.size() - 2));
        assertEquals("MATCH_CLOSED", closed.get("kind").asText());
        assertEquals("PT24H", closed.get("detail").asText());
        assertEquals(27, closed.get("seq").asLong());
        JsonNode rejected = Json.read(lines.get(lines.size() - 1));
        assertEquals("EVENT_REJECTED", rejected.get("kind").asText());
        assertEquals("match closed", rejected.get("reason").asText());
        JsonNode view = Json.read(run("replay", "--correction-window", "PT24H", log.toString()).out);
        assertTrue(view.get("closed").asBoolean());
        assertEquals(27, view.get("lastSeq").asLong());
        // Without a window, the same log is judged as before: the void applies.
        JsonNode open = Json.read(run("replay", log.toString()).out);
        assertFalse(open.has("closed"));
        assertEquals(28, open.get("lastSeq").asLong());
    }

    @Test
    void closing_oneMinuteBeforeTheWindowHasPassed_theMatchIsStillOpen() throws Exception {
        String early = "{\"specversion\":\"1.0\",\"id\":\"early\",\"source\":\"/tables/T3/referee\",\"type\":\"pool.event.voided\","
                + "\"subject\":\"golden-nine-ball\",\"seq\":28,\"data\":{\"targetId\":\"gn-27\",\"reason\":\"in time\"},"
                + "\"" + Replay.LOG_TIME_ATTRIBUTE + "\":\"2026-04-19T19:25:00Z\"}\n";
        JsonNode view = Json.read(run("replay", "--correction-window", "24h", timed(early).toString()).out);
        assertFalse(view.has("closed"));
        assertEquals(28, view.get("lastSeq").asLong());
        // --until: the log's time the replay runs up to; a match due by then closes at the end (finished at 19:26).
        JsonNode before = Json.read(run("replay", "--correction-window", "24h", "--until", "2026-04-19T19:25:59Z",
                timed("").toString()).out);
        assertFalse(before.has("closed"));
        JsonNode at = Json.read(run("replay", "--correction-window", "24h", "--until", "2026-04-19T19:26:00Z",
                timed("").toString()).out);
        assertTrue(at.get("closed").asBoolean());
    }

    @Test
    void closing_aBadLogTime_isExit2() throws Exception {
        Path log = tmp.resolve("bad.jsonl");
        Files.writeString(log, "{\"id\":\"x\",\"" + Replay.LOG_TIME_ATTRIBUTE + "\":\"yesterday\"}\n");
        Run r = run("replay", "--correction-window", "24h", log.toString());
        assertEquals(2, r.exit);
        assertThat(r.err).contains(":1: " + Replay.LOG_TIME_ATTRIBUTE);
        assertEquals(2, run("replay", "--correction-window", "soon", log.toString()).exit);
    }
}
