package org.matchledger.audit.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.audit.page.AppealModel.Field;
import org.matchledger.core.json.Json;
import org.matchledger.core.ruling.Ruling;

import java.util.ArrayList;
import java.util.List;

/**
 * A ruling as published on {@code match-rulings}, as the page shows it: its kind, rule, the fields it carries (in
 * {@link #FIELDS} order, as text; the player still as an id), the balls it names and the seq it re-judges.
 */
record PublishedRuling(String kind, String rule, List<Field> fields, List<Integer> balls, String rejudges) {

    /** The fields shown, in this order (docs/view.md "Rulings"). */
    static final List<String> FIELDS = List.of("player", "foul", "points", "group", "option", "options", "cueBall",
            "freeShot", "targetId", "detail", "reason");

    /**
     * The ruling as the core's {@link Ruling} when it is exactly one (it writes back to the same JSON), else as
     * received ({@link #asReceived}).
     */
    static PublishedRuling read(JsonNode published) {
        Ruling ruling = asRuling(published);
        return ruling != null ? of(ruling) : asReceived(published);
    }

    static Ruling asRuling(JsonNode published) {
        try {
            Ruling ruling = Json.MAPPER.treeToValue(published, Ruling.class);
            return ruling != null && Json.read(Json.write(ruling)).equals(published) ? ruling : null;
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }

    static PublishedRuling of(Ruling r) {
        List<Field> fields = new ArrayList<>();
        add(fields, "player", r.player());
        add(fields, "foul", r.foul() == null ? null : r.foul().name());
        add(fields, "points", r.points() == null ? null : r.points().toString());
        add(fields, "group", r.group() == null ? null : r.group().name());
        add(fields, "option", r.option() == null ? null : r.option().name());
        add(fields, "options", r.options() == null ? null
                : String.join(", ", r.options().stream().map(Enum::name).toList()));
        add(fields, "cueBall", r.cueBall() == null ? null : r.cueBall().name());
        add(fields, "freeShot", r.freeShot() == null ? null : r.freeShot().toString());
        add(fields, "targetId", r.targetId());
        add(fields, "detail", r.detail());
        add(fields, "reason", r.reason());
        return new PublishedRuling(r.kind().name(), r.rule(), fields, r.balls() == null ? List.of() : r.balls(),
                r.rejudges() == null ? null : r.rejudges().toString());
    }

    private static void add(List<Field> fields, String name, String value) {
        if (value != null) {
            fields.add(new Field(name, value));
        }
    }

    /**
     * A ruling the core would not have written (a forged or damaged record, or not JSON at all), shown as received:
     * its JSON is free-form here, so each shown field is read by name and written as its text.
     */
    static PublishedRuling asReceived(JsonNode r) {
        List<Field> fields = new ArrayList<>();
        for (String name : FIELDS) {
            JsonNode v = r.get(name);
            if (v != null && !v.isNull()) {
                fields.add(new Field(name, v.isArray() ? join(v) : v.asText()));
            }
        }
        List<Integer> balls = new ArrayList<>();
        r.path("balls").forEach(b -> {
            if (b.canConvertToInt()) {
                balls.add(b.asInt());
            }
        });
        return new PublishedRuling(r.path("kind").asText(), r.hasNonNull("rule") ? r.get("rule").asText() : null,
                fields, balls, r.hasNonNull("rejudges") ? r.get("rejudges").asText() : null);
    }

    private static String join(JsonNode array) {
        List<String> parts = new ArrayList<>();
        array.forEach(x -> parts.add(x.asText()));
        return String.join(", ", parts);
    }
}
