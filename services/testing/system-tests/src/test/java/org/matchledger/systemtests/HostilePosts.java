package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.json.Json;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A seeded catalogue of hostile requests against the ledger's HTTP services: the same seed gives the same requests.
 * One method per kind of attack, each saying what it attacks and what the ledger must answer. Most are refused
 * (4xx, naming the field where the gateway reads the event); the few that are well-formed events go to
 * {@code table-events} and must be rejected there by the rules ({@link Expect#JUDGED}).
 */
final class HostilePosts {
    static final String SINGLE = GatewayClient.SINGLE;
    static final String BATCH = GatewayClient.BATCH;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Which service a request is for. */
    enum Target { GATEWAY, SCOREBOARD, AUDIT_TRAIL }

    /** What the ledger must do with a request. */
    enum Expect {
        /** Answered 4xx; nothing reaches {@code table-events}. */
        REFUSED,
        /** Well-formed events (answered 202) that the rules reject: each gets an {@code EVENT_REJECTED} ruling. */
        JUDGED
    }

    /**
     * One request. {@code path} is already percent-encoded. For a refused post, {@code field} (and {@code index} in a
     * batch) is what the problem must name, null where the answer need not name one; {@code kept}: the gateway must
     * keep it on {@code table-events-rejected}. For judged posts, {@code events} is how many reach
     * {@code table-events}, all for {@code matchId}.
     */
    record Request(String kind, Target target, String method, String path, String contentType, byte[] body,
                   Expect expect, Integer index, String field, boolean kept, String matchId, int events) {
        @Override
        public String toString() {
            String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
            return kind + ": " + method + " " + path + (contentType == null ? "" : " [" + contentType + "] ")
                    + (text.length() > 300 ? text.substring(0, 300) + "… (" + body.length + " bytes)" : text);
        }
    }

    /** A slot of a JSON tree: its path as the ledger names fields ({@code data.players[0].name}) and how to set it. */
    private record Slot(String path, JsonNode container, String key, int index) {
        JsonNode get() {
            return key != null ? container.get(key) : container.get(index);
        }

        void set(JsonNode value) {
            if (key != null) {
                ((ObjectNode) container).set(key, value);
            } else {
                ((ArrayNode) container).set(index, value);
            }
        }
    }

    private record Weighted(int weight, Supplier<Request> attack) {
    }

    private final Random rnd;
    private final String run;
    private final List<SimMatch> ordinary;
    private final List<Weighted> postAttacks = new ArrayList<>();
    private int counter;

    /** {@code ordinary}: the matches played alongside (their ids are targets too; nothing refused may touch them). */
    HostilePosts(long seed, String run, List<SimMatch> ordinary) {
        this.rnd = new Random(seed);
        this.run = run;
        this.ordinary = ordinary;
        postAttacks.add(new Weighted(14, this::controlCharacterInAStringField));
        postAttacks.add(new Weighted(8, this::bidiControlInAStringField));
        postAttacks.add(new Weighted(4, this::forbiddenCharacterOutsideTheKnownFields));
        postAttacks.add(new Weighted(4, this::deepNesting));
        postAttacks.add(new Weighted(5, this::hugeNumber));
        postAttacks.add(new Weighted(5, this::numberOutOfRange));
        postAttacks.add(new Weighted(5, this::duplicateKey));
        postAttacks.add(new Weighted(4, this::oversizeEvent));
        postAttacks.add(new Weighted(2, this::oversizeBatch));
        postAttacks.add(new Weighted(2, this::oversizeEventInABatch));
        postAttacks.add(new Weighted(1, this::overTheBodyLimit));
        postAttacks.add(new Weighted(12, this::wrongJsonType));
        postAttacks.add(new Weighted(4, this::notAnEvent));
        postAttacks.add(new Weighted(4, this::malformedJson));
        postAttacks.add(new Weighted(3, this::malformedUtf8));
        postAttacks.add(new Weighted(3, this::wrongMediaType));
        postAttacks.add(new Weighted(2, this::unreadableCharset));
        postAttacks.add(new Weighted(3, this::subjectIsNotThePath));
        postAttacks.add(new Weighted(3, this::malformedPathMatchId));
        postAttacks.add(new Weighted(2, this::badWait));
        postAttacks.add(new Weighted(5, this::forgedVerdict));
        postAttacks.add(new Weighted(4, this::oneBadEventSpoilsTheBatch));
        postAttacks.add(new Weighted(1, this::voidStorm));
        postAttacks.add(new Weighted(2, this::eventsOfAnUnopenedMatch));
    }

    /** {@code n} hostile posts to the gateway, a weighted mixture of every kind of attack. */
    List<Request> posts(int n) {
        int total = postAttacks.stream().mapToInt(Weighted::weight).sum();
        List<Request> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int pick = rnd.nextInt(total);
            for (Weighted w : postAttacks) {
                pick -= w.weight();
                if (pick < 0) {
                    list.add(w.attack().get());
                    break;
                }
            }
        }
        return list;
    }

    /** {@code n} hostile reads: unknown and malformed match ids on every read endpoint, bad query parameters. */
    List<Request> reads(int n) {
        List<Request> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(switch (i % 3) {
                case 0 -> unknownMatchOnEveryReadEndpoint(i / 3);
                case 1 -> malformedMatchIdOnEveryReadEndpoint(i / 3);
                default -> badQueryParameter(i / 3);
            });
        }
        return list;
    }

    // ---- refused posts: the event's shape --------------------------------------------------------------------------

    /** A control character (NUL a third of the time) in one string field of any event: 400 naming the field. */
    Request controlCharacterInAStringField() {
        char c = rnd.nextInt(3) == 0 ? '\u0000' : pick(CONTROLS);
        return forbiddenCharacterIn("controlCharacterInAStringField", c);
    }

    /** A bidi control (which reorders what an operator reads on a scoreboard) in one string field: 400 naming it. */
    Request bidiControlInAStringField() {
        return forbiddenCharacterIn("bidiControlInAStringField", pick(BIDI));
    }

    private Request forbiddenCharacterIn(String kind, char c) {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        List<Slot> strings = slots(e).stream().filter(s -> s.get().isTextual()).toList();
        Slot s = pick(strings);
        String v = s.get().textValue();
        int at = rnd.nextInt(v.length() + 1);
        s.set(NODES.textNode(v.substring(0, at) + c + v.substring(at)));
        return refusedPost(kind, m, SINGLE, Json.write(e), null, s.path(), true);
    }

    /**
     * A control or bidi character where the parser reads no field: in the value of an unknown attribute or of an
     * unknown data field, or in a key. Unknown attributes are otherwise ignored, but the event would be kept on
     * table-events verbatim (and in every export and replay of it): refused, naming where it is.
     */
    Request forbiddenCharacterOutsideTheKnownFields() {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        char c = rnd.nextBoolean() ? '\u0000' : rnd.nextBoolean() ? pick(CONTROLS) : pick(BIDI);
        String field;
        switch (rnd.nextInt(4)) {
            case 0 -> {
                e.put("comment", "ok" + c + "ok");
                field = "comment";
            }
            case 1 -> {
                ((ObjectNode) e.get("data")).put("scorerNote", c + "note");
                field = "data.scorerNote";
            }
            case 2 -> {
                e.put("x" + c, 1);
                field = "x" + c;
            }
            default -> {
                e.putObject("extension").putArray("tags").add("a").add("b" + c);
                field = "extension.tags[1]";
            }
        }
        // a key with the character is named with the character replaced, so the problem itself is safe to show
        return refusedPost("forbiddenCharacterOutsideTheKnownFields", m, SINGLE, Json.write(e), null,
                field.replace(c, '?'), true);
    }

    /** JSON nested deeper than the gateway reads (16 levels), up to thousands deep: 400 naming the body. */
    Request deepNesting() {
        String m = target();
        int depth = 17 + (rnd.nextBoolean() ? rnd.nextInt(20) : rnd.nextInt(3000));
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        String open = rnd.nextBoolean() ? "[".repeat(depth) : "{\"a\":".repeat(depth);
        String close = open.startsWith("[") ? "]".repeat(depth) : "}".repeat(depth);
        String text = Json.write(e);
        text = text.substring(0, text.length() - 1) + ",\"deep\":" + open + "1" + close + "}";
        // a single event over 4 KiB is refused for its size first (413 naming the event), else for its depth
        return refusedPost("deepNesting", m, SINGLE, text, null, text.length() > 4096 ? "event" : "body", true);
    }

    /** A number longer than 32 characters (seq, raceTo, a ball, a distance), up to a few hundred digits: 400 naming it. */
    Request hugeNumber() {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        List<Slot> numbers = slots(e).stream().filter(s -> s.get().isNumber()).toList();
        Slot s = pick(numbers);
        String digits = (rnd.nextBoolean() ? "-" : "") + "9".repeat(33 + rnd.nextInt(300));
        if (rnd.nextInt(4) == 0) {
            digits = "0." + "1".repeat(40) + "e5";
        }
        s.set(NODES.textNode("__NUMBER__"));
        String text = Json.write(e).replace("\"__NUMBER__\"", digits);
        return refusedPost("hugeNumber", m, SINGLE, text, null, s.path(), true);
    }

    /**
     * A number the parser takes but the ledger does not: a seq past a long, zero or negative, a fraction, raceTo over
     * its maximum (99 racks, 1,000 points), an exponent of a billion: 400 naming the field.
     */
    Request numberOutOfRange() {
        String m = target();
        int k = rnd.nextInt(6);
        if (k < 2) {
            ObjectNode e = event("pool.match.opened", m, 1);
            String discipline = pick(List.of("NINE_BALL", "EIGHT_BALL", "BLACKBALL", "STRAIGHT_POOL"));
            ((ObjectNode) e.get("data")).put("discipline", discipline);
            int max = discipline.equals("STRAIGHT_POOL") ? 1000 : 99;
            String raceTo = pick(List.of(Integer.toString(max + 1 + rnd.nextInt(1_000_000)), "0", "-7", "7.5", "1e999999999",
                    "2147483648"));
            ((ObjectNode) e.get("data")).put("raceTo", "__NUMBER__");
            return refusedPost("numberOutOfRange", m, SINGLE, Json.write(e).replace("\"__NUMBER__\"", raceTo), null,
                    "data.raceTo", true);
        }
        ObjectNode e = anyEvent(m, 2);
        String seq = pick(List.of("0", "-1", "9223372036854775808", "99999999999999999999999999999999", "1.5",
                "1e999999999", "-9223372036854775809", "2e3"));
        e.put("seq", "__NUMBER__");
        return refusedPost("numberOutOfRange", m, SINGLE, Json.write(e).replace("\"__NUMBER__\"", seq), null, "seq", true);
    }

    /** A key given twice (readers disagree on which value counts): 400 naming the key. */
    Request duplicateKey() {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        List<Slot> keyed = slots(e).stream().filter(s -> s.key() != null).toList();
        Slot s = pick(keyed);
        String marker = "__dup" + rnd.nextInt(1000) + "__";
        ((ObjectNode) s.container()).put(marker, 0);
        String text = Json.write(e).replace("\"" + marker + "\":0", "\"" + s.key() + "\":" + Json.write(s.get()));
        return refusedPost("duplicateKey", m, SINGLE, text, null, s.path(), true);
    }

    /** One event over 4 KiB (a padded note, name or unknown attribute): 413 naming the event. */
    Request oversizeEvent() {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        e.put("padding", "x".repeat(4097 + rnd.nextInt(40_000)));
        return refusedPost("oversizeEvent", m, SINGLE, Json.write(e), null, "event", true);
    }

    /** A batch of more than 100 events: 400 naming the body. */
    Request oversizeBatch() {
        String m = target();
        ArrayNode batch = NODES.arrayNode();
        int n = 101 + rnd.nextInt(50); // small elements: the post stays under the 64 KiB body limit
        for (int i = 0; i < n; i++) {
            batch.add(rnd.nextBoolean() ? event("pool.match.conceded", m, 2 + i) : NODES.numberNode(1));
        }
        return refusedPost("oversizeBatch", m, BATCH, Json.write(batch), null, "body", true);
    }

    /** A batch whose k-th event is over 4 KiB: 400 naming that event; nothing of the batch is taken. */
    Request oversizeEventInABatch() {
        String m = target();
        ArrayNode batch = NODES.arrayNode();
        int n = 2 + rnd.nextInt(10);
        int bad = rnd.nextInt(n);
        for (int i = 0; i < n; i++) {
            ObjectNode e = anyEvent(m, 9000 + i);
            if (i == bad) {
                ((ObjectNode) e.get("data")).put("note", "y".repeat(4097));
            }
            batch.add(e);
        }
        return refusedPost("oversizeEventInABatch", m, BATCH, Json.write(batch), bad, "event", true);
    }

    /** A post over the gateway's 64 KiB body limit: 413 naming the body, which is not parsed (nor kept). */
    Request overTheBodyLimit() {
        String m = target();
        String body = "[" + "1,".repeat(32 * 1024 + rnd.nextInt(10_000)) + "1]";
        return refusedPost("overTheBodyLimit", m, BATCH, body, null, "body", false);
    }

    /** A value of another JSON type where the ledger reads a string, number, boolean, array or object: 400 naming it. */
    Request wrongJsonType() {
        String m = target();
        ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
        List<Slot> values = slots(e).stream().filter(s -> !s.get().isNull()).toList();
        Slot s = pick(values);
        JsonNode now = s.get();
        List<JsonNode> others = new ArrayList<>();
        if (!now.isTextual()) {
            others.add(NODES.textNode(now.isContainerNode() ? "x" : now.asText()));
        }
        if (!now.isNumber()) {
            others.add(NODES.numberNode(7));
        }
        if (!now.isBoolean()) {
            others.add(NODES.booleanNode(true));
        }
        if (!now.isArray()) {
            others.add(NODES.arrayNode().add(now.deepCopy()));
        }
        if (!now.isObject()) {
            others.add(NODES.objectNode().set("value", now.deepCopy()));
        }
        s.set(pick(others));
        return refusedPost("wrongJsonType", m, SINGLE, Json.write(e), null, s.path(), true);
    }

    /** A body that is no event at all: empty, blank, null, a number, a string, an empty object or array: 400. */
    Request notAnEvent() {
        String m = target();
        // body, the field named when posted as one event, the field (and index) named when posted as a batch
        String[][] cases = {{"", "body", "body"}, {"   ", "body", "body"}, {"null", "body", "body"}, {"42", "body", "body"},
                {"\"pool.match.opened\"", "body", "body"}, {"true", "body", "body"}, {"[]", "body", "body"},
                {"{}", "specversion", "body"}, {"[[]]", "body", "event"}, {"[null]", "body", "event"},
                {"[1,2,3]", "body", "event"}, {"[{}]", "body", "specversion"}};
        String[] c = cases[rnd.nextInt(cases.length)];
        boolean batch = rnd.nextBoolean();
        return refusedPost("notAnEvent", m, batch ? BATCH : SINGLE, c[0], null, batch ? c[2] : c[1], true);
    }

    /** Broken JSON: truncated, trailing tokens, comments, single quotes, NaN, a raw NUL or newline in a string: 400. */
    Request malformedJson() {
        String m = target();
        String valid = Json.write(anyEvent(m, 2 + rnd.nextInt(300)));
        String body = switch (rnd.nextInt(8)) {
            case 0 -> valid.substring(0, rnd.nextInt(valid.length() - 1));
            case 1 -> valid + valid;
            case 2 -> "/* c */" + valid;
            case 3 -> valid.replace('"', '\'');
            case 4 -> valid.replace("\"seq\":", "\"seq\":NaN,\"s\":");
            case 5 -> valid.replaceFirst("\"source\":\"", "\"source\":\"\u0000");
            case 6 -> valid.replaceFirst("\"source\":\"", "\"source\":\"\n");
            default -> "{" + valid;
        };
        return refusedPost("malformedJson", m, rnd.nextBoolean() ? SINGLE : BATCH, body, null, null, true);
    }

    /** Bytes that are not UTF-8 (a lone continuation byte, an overlong NUL, an encoded surrogate, 0xFF): 400 naming the body. */
    Request malformedUtf8() {
        String m = target();
        byte[] valid = Json.write(anyEvent(m, 2 + rnd.nextInt(300))).getBytes(StandardCharsets.UTF_8);
        byte[][] bad = {{(byte) 0x80}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xFF},
                {(byte) 0xC3, (byte) 0x28}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};
        byte[] b = pick(List.of(bad));
        int at = 1 + rnd.nextInt(valid.length - 2);
        byte[] body = new byte[valid.length + b.length];
        System.arraycopy(valid, 0, body, 0, at);
        System.arraycopy(b, 0, body, at, b.length);
        System.arraycopy(valid, at, body, at + b.length, valid.length - at);
        return new Request("malformedUtf8", Target.GATEWAY, "POST", eventsPath(m, null), SINGLE, body, Expect.REFUSED,
                null, "body", true, m, 0);
    }

    /** Another media type (plain JSON, text, XML, a form, none at all): 415, before the body is read (not kept). */
    Request wrongMediaType() {
        String m = target();
        String type = pick(List.of("application/json", "text/plain", "application/xml", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x", "application/cloudevents", "*/*", "application/cloudevents+json+x"));
        return refusedPost("wrongMediaType", m, type, Json.write(anyEvent(m, 2)), null, null, false);
    }

    /** A charset that cannot be read (unknown, malformed, or not one a table client could mean): 415 naming the body. */
    Request unreadableCharset() {
        String m = target();
        String charset = pick(List.of("x-no-such-charset", "utf-8\u0000", "\"", "utf-", "bogus-1"));
        String type = SINGLE + "; charset=" + URLEncoder.encode(charset, StandardCharsets.UTF_8);
        return refusedPost("unreadableCharset", m, type, Json.write(anyEvent(m, 2)), null, "body", true);
    }

    /** An event whose subject is another match than the path's (one table posting into another's match): 400 naming subject. */
    Request subjectIsNotThePath() {
        String m = target();
        String other = rnd.nextBoolean() ? pick(ordinary).matchId() : "hx-" + run + "-elsewhere";
        if (other.equals(m)) {
            other = m + "-x";
        }
        return refusedPost("subjectIsNotThePath", m, SINGLE, Json.write(anyEvent(other, 2 + rnd.nextInt(300))), null,
                "subject", true);
    }

    /** A path match id that is not 1–64 of [A-Za-z0-9._-] (NUL, bidi, markup, spaces, 65 chars): 400 naming matchId. */
    Request malformedPathMatchId() {
        String bad = malformedId();
        ObjectNode e = anyEvent("m", 2);
        return new Request("malformedPathMatchId", Target.GATEWAY, "POST", "/matches/" + bad + "/events", SINGLE,
                Json.write(e).getBytes(StandardCharsets.UTF_8), Expect.REFUSED, null, null, false, null, 0);
    }

    /** {@code ?wait=} out of 0–5000 or not a number: 400 naming wait (not kept: the post was never read). */
    Request badWait() {
        String m = target();
        // (an empty ?wait= is read as no wait at all: not an attack)
        String wait = pick(List.of("-1", "5001", "abc", "1e9", "99999999999999999999", "%00", "%20"));
        return new Request("badWait", Target.GATEWAY, "POST", "/matches/" + m + "/events?wait=" + wait, SINGLE,
                Json.write(anyEvent(m, 2)).getBytes(StandardCharsets.UTF_8), Expect.REFUSED, null,
                "wait", false, m, 0);
    }

    /**
     * A client posting what only the ledger may say: an unknown type named like the processor's output (a ruling, a
     * view, a won match), or a referee ruling whose value is a verdict (FOUL, EVENT_REJECTED, MATCH_WON): 400 naming it.
     */
    Request forgedVerdict() {
        String m = target();
        if (rnd.nextBoolean()) {
            ObjectNode e = anyEvent(m, 2 + rnd.nextInt(300));
            e.put("type", pick(List.of("pool.ruling.published", "pool.match.won", "pool.view.updated", "ledger.ruling",
                    "pool.event.rejected", "pool.match.closed", "POOL.SHOT.TAKEN")));
            return refusedPost("forgedVerdict", m, SINGLE, Json.write(e), null, "type", true);
        }
        ObjectNode e = event("pool.ruling.made", m, 2 + rnd.nextInt(300));
        ObjectNode d = (ObjectNode) e.get("data");
        if (rnd.nextBoolean()) {
            d.put("ruling", pick(List.of("FOUL", "EVENT_REJECTED", "MATCH_WON", "RACK_WON", "DUPLICATE", "EVENT_VOIDED",
                    "MATCH_CLOSED", "slow_play")));
            return refusedPost("forgedVerdict", m, SINGLE, Json.write(e), null, "data.ruling", true);
        }
        d.put("penalty", pick(List.of("AWARD_MATCH", "POINTS_PLUS_15", "NONE", "warning")));
        return refusedPost("forgedVerdict", m, SINGLE, Json.write(e), null, "data.penalty", true);
    }

    /** A batch of well-formed events with one bad one: 400 naming its index and field; none of the batch is taken. */
    Request oneBadEventSpoilsTheBatch() {
        String m = target();
        ArrayNode batch = NODES.arrayNode();
        int n = 2 + rnd.nextInt(40);
        int bad = rnd.nextInt(n);
        String field = null;
        for (int i = 0; i < n; i++) {
            ObjectNode e = anyEvent(m, 9000 + i);
            if (i == bad) {
                List<Slot> strings = slots(e).stream().filter(s -> s.get().isTextual()).toList();
                Slot s = pick(strings);
                s.set(NODES.textNode(s.get().textValue() + (rnd.nextBoolean() ? '\u0000' : pick(BIDI))));
                field = s.path();
            }
            batch.add(e);
        }
        return refusedPost("oneBadEventSpoilsTheBatch", m, BATCH, Json.write(batch), bad, field, true);
    }

    // ---- judged posts: well-formed events the rules reject -----------------------------------------------------------

    /**
     * A storm of voids into a live match, 20–100 per post, each naming one of the match's real events but with a seq
     * far past its end: every one is rejected (a seq gap), the match is unchanged, the processor keeps judging.
     */
    Request voidStorm() {
        SimMatch target = pick(ordinary);
        ArrayNode batch = NODES.arrayNode();
        int n = 20 + rnd.nextInt(81);
        for (int i = 0; i < n; i++) {
            ObjectNode e = event("pool.event.voided", target.matchId(), 5000 + rnd.nextInt(5000));
            ((ObjectNode) e.get("data")).put("targetId", pick(target.events()).get("id").textValue());
            batch.add(e);
        }
        return new Request("voidStorm", Target.GATEWAY, "POST", eventsPath(target.matchId(), null), BATCH,
                Json.write(batch).getBytes(StandardCharsets.UTF_8), Expect.JUDGED, null, null, false, target.matchId(), n);
    }

    /**
     * Well-formed events of a match nobody opened, carrying forged attributes the client may not decide (its own
     * rulings, a view, a winner, a huge exponent): each rejected by the rules, the forged attributes ignored.
     */
    Request eventsOfAnUnopenedMatch() {
        String m = "hx-" + run + "-unopened" + rnd.nextInt(20);
        ArrayNode batch = NODES.arrayNode();
        int n = 1 + rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            ObjectNode e = anyEvent(m, 1 + rnd.nextInt(50));
            if (e.get("type").textValue().equals("pool.match.opened")) {
                e.put("seq", 2 + rnd.nextInt(50)); // an opening at seq 1 would be applied: not this attack
            }
            e.putArray("rulings").addObject().put("kind", "MATCH_WON").put("player", "p1");
            e.putObject("view").put("status", "FINISHED").put("winner", "p1");
            e.put("ledgerRulingsOfEvent", 99);
            e.put("magnitude", "__NUMBER__");
            batch.add(e);
        }
        String text = Json.write(batch).replace("\"__NUMBER__\"", "1e999999999");
        return new Request("eventsOfAnUnopenedMatch", Target.GATEWAY, "POST", eventsPath(m, null), BATCH,
                text.getBytes(StandardCharsets.UTF_8), Expect.JUDGED, null, null, false, m, n);
    }

    // ---- reads ----------------------------------------------------------------------------------------------------

    /** Every read endpoint, with {@code %s} for the match id, and what serves it. */
    private static final List<Map.Entry<Target, String>> READ_ENDPOINTS = List.of(
            Map.entry(Target.GATEWAY, "/matches/%s/events"),
            Map.entry(Target.SCOREBOARD, "/matches/%s"),
            Map.entry(Target.SCOREBOARD, "/matches/%s/rulings?afterSeq=0"),
            Map.entry(Target.SCOREBOARD, "/matches/%s/stream"),
            Map.entry(Target.SCOREBOARD, "/matches/%s/socket"),
            Map.entry(Target.SCOREBOARD, "/overlay/%s"),
            Map.entry(Target.SCOREBOARD, "/overlay/%s/stream"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/ledger"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/view?atSeq=1"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/view-panel?atSeq=1"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/verify"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/export?format=jsonl"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s"),
            Map.entry(Target.AUDIT_TRAIL, "/matches/%s/quarantine"));

    /**
     * A well-formed id no match has, on every read endpoint: 404 (the gateway's event endpoint only takes posts: 405),
     * and nothing is created for it. Not on {@code /matches/{id}/quarantine}, which lists what was quarantined for
     * any id (quarantined records may belong to a match whose events were never recorded).
     */
    Request unknownMatchOnEveryReadEndpoint(int i) {
        List<Map.Entry<Target, String>> endpoints = READ_ENDPOINTS.subList(0, READ_ENDPOINTS.size() - 1);
        Map.Entry<Target, String> ep = endpoints.get(i % endpoints.size());
        String id = "hx-" + run + "-unknown" + (counter++);
        return read("unknownMatchOnEveryReadEndpoint", ep.getKey(), String.format(ep.getValue(), id), "GET");
    }

    /** A malformed match id on every read endpoint: 400 naming matchId (or 404 where no route takes it). */
    Request malformedMatchIdOnEveryReadEndpoint(int i) {
        Map.Entry<Target, String> ep = READ_ENDPOINTS.get(i % READ_ENDPOINTS.size());
        return read("malformedMatchIdOnEveryReadEndpoint", ep.getKey(), String.format(ep.getValue(), malformedId()), "GET");
    }

    /** A bad query parameter on a read endpoint of a real match (afterSeq, atSeq, format, delayMs, status, limit): 400. */
    Request badQueryParameter(int i) {
        String m = pick(ordinary).matchId();
        String bad = pick(List.of("-1", "abc", "1e99", "99999999999999999999", "%00", "1.5", "%E2%80%AE1"));
        List<Map.Entry<Target, String>> params = List.of(
                Map.entry(Target.SCOREBOARD, "/matches/" + m + "/rulings?afterSeq=" + bad),
                Map.entry(Target.SCOREBOARD, "/matches/" + m + "/stream?delayMs=" + bad),
                Map.entry(Target.SCOREBOARD, "/tiles/stream?delayMs=" + bad),
                Map.entry(Target.AUDIT_TRAIL, "/matches/" + m + "/view?atSeq=" + (bad.equals("-1") ? "0" : bad)),
                Map.entry(Target.AUDIT_TRAIL, "/matches/" + m + "/view-panel?atSeq=" + (bad.equals("-1") ? "0" : bad)),
                Map.entry(Target.AUDIT_TRAIL, "/matches/" + m + "/export?format=" + (bad.equals("-1") ? "xml" : bad)),
                Map.entry(Target.AUDIT_TRAIL, "/appeals?status=" + bad),
                Map.entry(Target.AUDIT_TRAIL, "/quarantine?limit=" + (bad.equals("-1") ? "1001" : bad)),
                Map.entry(Target.AUDIT_TRAIL, "/matches/" + m + "/quarantine?afterId=" + bad));
        Map.Entry<Target, String> p = params.get(i % params.size());
        return read("badQueryParameter", p.getKey(), p.getValue(), "GET");
    }

    private Request read(String kind, Target target, String path, String method) {
        return new Request(kind, target, method, path, null, null, Expect.REFUSED, null, null, false, null, 0);
    }

    // ---- building blocks -------------------------------------------------------------------------------------------

    private static final List<Character> CONTROLS = controls();
    private static final List<Character> BIDI = List.of('\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066',
            '\u2067', '\u2068', '\u2069');

    private static List<Character> controls() {
        List<Character> list = new ArrayList<>();
        for (char c = 0; c <= 0x1F; c++) {
            list.add(c);
        }
        for (char c = 0x7F; c <= 0x9F; c++) {
            list.add(c);
        }
        return List.copyOf(list);
    }

    /** A malformed match id, percent-encoded for a path. */
    private String malformedId() {
        return pick(List.of("%00", "m%00x", "%E2%80%AEevil", "a%20b", "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                "x".repeat(65), "m%C3%A9", "%09tab", "semi%3Bcolon", "quote%22", "%7Bjson%7D", "m%E2%81%A6x",
                "%C2%85next", "a%2Cb", "%25", "~tilde"));
    }

    /** Where refused posts go: mostly matches only hostile clients use, sometimes a live ordinary match. */
    private String target() {
        return rnd.nextInt(10) < 3 ? pick(ordinary).matchId() : "hx-" + run + "-" + rnd.nextInt(200);
    }

    private Request refusedPost(String kind, String matchId, String contentType, String body, Integer index, String field,
                                boolean kept) {
        return new Request(kind, Target.GATEWAY, "POST", eventsPath(matchId, null), contentType,
                body.getBytes(StandardCharsets.UTF_8), Expect.REFUSED, index, field, kept, matchId, 0);
    }

    private static String eventsPath(String matchId, String query) {
        return "/matches/" + matchId + "/events" + (query == null ? "" : "?" + query);
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    private static final List<String> TYPES = List.of("pool.match.opened", "pool.lag.taken", "pool.shot.taken",
            "pool.option.chosen", "pool.ruling.made", "pool.match.conceded", "pool.event.voided", "pool.event.corrected",
            "pool.appeal.filed", "pool.appeal.decided");

    /** A well-formed event of any type (every field a template sets is read by the parser). */
    private ObjectNode anyEvent(String matchId, long seq) {
        return event(pick(TYPES), matchId, seq);
    }

    /** A well-formed event of {@code type} (events.md's examples), with a fresh id. */
    ObjectNode event(String type, String matchId, long seq) {
        ObjectNode e = NODES.objectNode();
        e.put("specversion", "1.0");
        e.put("id", "hx-" + run + "-e" + (counter++));
        e.put("source", "/tables/T12/scorer");
        e.put("type", type);
        e.put("subject", matchId);
        e.put("seq", seq);
        e.put("time", "2026-05-01T18:00:00Z");
        e.put("datacontenttype", "application/json");
        ObjectNode d = e.putObject("data");
        switch (type) {
            case "pool.match.opened" -> {
                d.put("discipline", "NINE_BALL");
                ArrayNode players = d.putArray("players");
                players.addObject().put("id", "p1").put("name", "A. Player");
                players.addObject().put("id", "p2").put("name", "B. Player");
                d.put("raceTo", 7);
                d.put("breakFormat", "ALTERNATE");
                d.put("tableId", "T12");
            }
            case "pool.lag.taken" -> {
                ArrayNode results = d.putArray("results");
                for (String p : List.of("p1", "p2")) {
                    results.addObject().put("player", p).put("footRailContacts", 1).put("crossedLongString", false)
                            .put("touchedSideRail", false).put("pocketedOrOffTable", false)
                            .put("stoppedInCornerPocketPastHeadRail", false).put("otherFoul", false)
                            .put("distanceFromHeadRail", p.equals("p1") ? 12.5 : 20.25);
                }
                d.put("tooCloseToCall", false);
            }
            case "pool.shot.taken" -> shot(d);
            case "pool.option.chosen" -> d.put("player", "p2").put("option", "PASS");
            case "pool.ruling.made" -> d.put("ruling", "UNSPORTSMANLIKE").put("player", "p1").put("penalty", "STANDARD_FOUL")
                    .put("note", "distracting opponent");
            case "pool.match.conceded" -> d.put("player", "p2");
            case "pool.event.voided" -> d.put("targetId", "hx-" + run + "-target").put("reason", "scorer entered the wrong ball");
            case "pool.event.corrected" -> {
                d.put("targetId", "hx-" + run + "-target");
                ObjectNode r = d.putObject("replacement");
                r.put("type", "pool.shot.taken");
                shot(r.putObject("data"));
                d.put("reason", "the 7 went in the other pocket");
            }
            case "pool.appeal.filed" -> d.put("player", "p1").put("targetId", "hx-" + run + "-target")
                    .put("grounds", "the 9 was hit first");
            case "pool.appeal.decided" -> d.put("appealId", "hx-" + run + "-appeal").put("upheld", false)
                    .put("note", "judgement call; final");
            default -> throw new IllegalArgumentException(type);
        }
        return e;
    }

    private static void shot(ObjectNode d) {
        d.put("shooter", "p1");
        d.putObject("call").put("ball", 7).put("pocket", "FOOT_LEFT");
        d.put("safety", false).put("pushOut", false).put("placement", "BEHIND_HEAD_STRING").put("firstContact", 7);
        d.putArray("pocketed").addObject().put("ball", 7).put("pocket", "FOOT_LEFT");
        d.putArray("offTable").add(3);
        d.put("cueBallPocketed", false).put("cueBallOffTable", false).put("railAfterContact", true)
                .put("objectBallsToRail", 0).put("cueBallToRail", false).put("objectBallsCrossedCenter", 0)
                .put("firstContactBehindHeadString", false).put("cueBallCrossedHeadString", false)
                .put("cueBallJumpedBall", false);
        d.putArray("fouls").add("DOUBLE_HIT");
    }

    /** Every value below the top of {@code event}, with its path. */
    private static List<Slot> slots(ObjectNode event) {
        List<Slot> list = new ArrayList<>();
        collect(event, "", list);
        return list;
    }

    private static void collect(JsonNode node, String path, List<Slot> list) {
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String p = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
                list.add(new Slot(p, node, f.getKey(), -1));
                collect(f.getValue(), p, list);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String p = path + "[" + i + "]";
                list.add(new Slot(p, node, null, i));
                collect(node.get(i), p, list);
            }
        }
    }

    /** The templates themselves are well-formed: a refused variant then fails only for what the attack changed. */
    void checkTemplates() {
        for (String type : TYPES) {
            ObjectNode e = event(type, "hx-" + run + "-check", 1);
            if (!(EventParser.parse(e) instanceof ParseResult.Parsed)) {
                throw new IllegalStateException("template " + type + " is not well-formed: " + EventParser.parse(e));
            }
        }
    }
}
