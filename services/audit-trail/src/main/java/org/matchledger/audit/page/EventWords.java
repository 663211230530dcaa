package org.matchledger.audit.page;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an event says, in words for an appeals committee (docs/events.md, field by field): a shot's call, first ball
 * hit, balls pocketed, scratch, balls off the table and the fouls the referee saw; the lag, an option chosen, a
 * referee's ruling, a concession, a correction's reason and replacement, an appeal's grounds and decision. Players by
 * name. Only what the event carries is said: a field left out is not described.
 */
final class EventWords {
    private final Map<String, String> names;
    private final String discipline;

    EventWords(Map<String, String> names, String discipline) {
        this.names = names;
        this.discipline = discipline;
    }

    String name(String id) {
        if (id == null) {
            return null;
        }
        return names.getOrDefault(id, id);
    }

    List<Fact> of(String type, JsonNode data) {
        List<Fact> f = new ArrayList<>();
        if (type == null || data == null || !data.isObject()) {
            return f;
        }
        switch (type) {
            case "pool.match.opened" -> opened(data, f);
            case "pool.lag.taken" -> lag(data, f);
            case "pool.shot.taken" -> shot(data, f);
            case "pool.option.chosen" -> f.add(Fact.of("option", name(text(data, "player")) + " chose " + words(text(data, "option"))));
            case "pool.ruling.made" -> ruling(data, f);
            case "pool.match.conceded" -> f.add(Fact.of("concession", name(text(data, "player")) + " concedes the match"));
            case "pool.event.voided", "pool.event.corrected" -> correction(data, f);
            case "pool.appeal.filed" -> {
                f.add(Fact.of("appellant", name(text(data, "player"))));
                if (data.hasNonNull("grounds")) {
                    f.add(Fact.of("grounds", text(data, "grounds")));
                }
            }
            case "pool.appeal.decided" -> {
                f.add(Fact.of("decision", data.path("upheld").asBoolean() ? "upheld" : "dismissed"));
                if (data.hasNonNull("note")) {
                    f.add(Fact.of("note", text(data, "note")));
                }
            }
            default -> {
            }
        }
        return f;
    }

    private void opened(JsonNode d, List<Fact> f) {
        List<String> players = new ArrayList<>();
        d.path("players").forEach(p -> players.add(name(text(p, "id"))));
        f.add(Fact.of("players", String.join(" v ", players)));
        f.add(Fact.of("discipline", words(text(d, "discipline")) + ", race to " + d.path("raceTo").asText("?")
                + (d.hasNonNull("breakFormat") ? ", " + words(text(d, "breakFormat")) + " break" : "")));
        if (d.hasNonNull("tableId") && !text(d, "tableId").isEmpty()) {
            f.add(Fact.of("table", text(d, "tableId")));
        }
    }

    private void lag(JsonNode d, List<Fact> f) {
        for (JsonNode r : d.path("results")) {
            List<String> bad = new ArrayList<>();
            int contacts = r.path("footRailContacts").asInt(-1);
            if (contacts != 1) {
                bad.add(contacts + " foot-rail contacts");
            }
            for (String flag : List.of("crossedLongString", "touchedSideRail", "pocketedOrOffTable",
                    "stoppedInCornerPocketPastHeadRail", "otherFoul")) {
                if (r.path(flag).asBoolean()) {
                    bad.add(words(flag));
                }
            }
            f.add(Fact.of("lag of " + name(text(r, "player")), r.path("distanceFromHeadRail").asText("?")
                    + " from the head rail" + (bad.isEmpty() ? "" : "; bad lag: " + String.join(", ", bad))));
        }
        if (d.hasNonNull("struckLate")) {
            f.add(Fact.of("struck late", name(text(d, "struckLate"))));
        }
        if (d.path("tooCloseToCall").asBoolean()) {
            f.add(Fact.of("result", "too close to call"));
        }
    }

    private void shot(JsonNode d, List<Fact> f) {
        f.add(Fact.of("shooter", name(text(d, "shooter"))));
        JsonNode call = d.path("call");
        if (d.path("pushOut").asBoolean()) {
            f.add(Fact.of("called", "push out"));
        } else if (d.path("safety").asBoolean()) {
            f.add(Fact.of("called", "safety"));
        } else if (call.isObject()) {
            int ball = call.path("ball").asInt();
            f.add(new Fact("called", Ball.word(discipline, ball) + " in " + words(text(call, "pocket")),
                    List.of(Ball.of(discipline, ball))));
        }
        if (d.hasNonNull("placement")) {
            f.add(Fact.of("cue ball placed", kitchen(words(text(d, "placement")))));
        }
        if (d.hasNonNull("firstContact")) {
            int ball = d.get("firstContact").asInt();
            f.add(new Fact("first ball hit", Ball.word(discipline, ball), List.of(Ball.of(discipline, ball))));
        } else {
            f.add(Fact.of("first ball hit", "none"));
        }
        List<String> pocketed = new ArrayList<>();
        List<Integer> balls = new ArrayList<>();
        for (JsonNode p : d.path("pocketed")) {
            int ball = p.path("ball").asInt();
            balls.add(ball);
            pocketed.add(Ball.word(discipline, ball) + (p.hasNonNull("pocket") ? " in " + words(text(p, "pocket")) : ""));
        }
        f.add(new Fact("pocketed", pocketed.isEmpty() ? "none" : String.join(", ", pocketed), Ball.of(discipline, balls)));
        List<Integer> off = new ArrayList<>();
        d.path("offTable").forEach(b -> off.add(b.asInt()));
        if (!off.isEmpty()) {
            f.add(new Fact("off the table", String.join(", ", off.stream().map(b -> Ball.word(discipline, b)).toList()),
                    Ball.of(discipline, off)));
        }
        if (d.path("cueBallPocketed").asBoolean() || d.path("cueBallOffTable").asBoolean()) {
            f.add(Fact.of("scratch", d.path("cueBallPocketed").asBoolean() ? "cue ball pocketed" : "cue ball off the table"));
        }
        if (d.hasNonNull("firstContact")) {
            f.add(Fact.of("rail after contact", d.path("railAfterContact").asBoolean() ? "yes" : "no"));
        }
        if (d.path("objectBallsToRail").asInt() > 0) {
            f.add(Fact.of("object balls to a rail", d.get("objectBallsToRail").asText()));
        }
        if (d.path("objectBallsCrossedCenter").asInt() > 0) {
            f.add(Fact.of("balls across the centre line", d.get("objectBallsCrossedCenter").asText()));
        }
        for (String flag : List.of("cueBallToRail", "firstContactBehindHeadString", "cueBallCrossedHeadString", "cueBallJumpedBall")) {
            if (d.path(flag).asBoolean()) {
                f.add(Fact.of("seen", kitchen(words(flag))));
            }
        }
        List<String> fouls = new ArrayList<>();
        d.path("fouls").forEach(x -> fouls.add(words(x.asText())));
        f.add(Fact.of("fouls seen", fouls.isEmpty() ? "none" : String.join(", ", fouls)));
        JsonNode rerack = d.path("rerack");
        if (rerack.isObject()) {
            List<String> r = new ArrayList<>();
            rerack.properties().forEach(e -> {
                if (e.getValue().asBoolean()) {
                    r.add(words(e.getKey()));
                }
            });
            f.add(Fact.of("re-rack", r.isEmpty() ? "nothing in the rack area" : String.join(", ", r)));
        }
    }

    private void ruling(JsonNode d, List<Fact> f) {
        String what = words(text(d, "ruling"));
        if (d.hasNonNull("player")) {
            what += " on " + name(text(d, "player"));
        }
        if (d.hasNonNull("penalty")) {
            what += ", penalty " + words(text(d, "penalty"));
        }
        f.add(Fact.of("referee", what));
        if (d.hasNonNull("note")) {
            f.add(Fact.of("note", text(d, "note")));
        }
    }

    private void correction(JsonNode d, List<Fact> f) {
        if (d.hasNonNull("reason")) {
            f.add(Fact.of("reason", text(d, "reason")));
        }
        JsonNode replacement = d.path("replacement");
        if (replacement.isObject()) {
            f.add(Fact.of("replacement", text(replacement, "type")));
        }
    }

    /** Black Ball reads the head string as the baulk line and behind it as in baulk (docs/events.md, Vocabulary). */
    private String kitchen(String words) {
        if (!"BLACKBALL".equals(discipline)) {
            return words;
        }
        return words.replace("behind head string", "in baulk").replace("behind the head string", "in baulk")
                .replace("head string", "baulk line");
    }

        static String text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }

    /** An enum name in words: FOOT_LEFT → "foot left", cueBallJumpedBall → "cue ball jumped ball". */
    static String words(String name) {
        if (name == null) {
            return "?";
        }
        if (name.equals(name.toUpperCase(Locale.ROOT))) {
            return name.replace('_', ' ').toLowerCase(Locale.ROOT);
        }
        return name.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
