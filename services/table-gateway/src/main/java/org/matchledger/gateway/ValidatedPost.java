package org.matchledger.gateway;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.json.Json;
import org.matchledger.http.Problem;

import java.util.ArrayList;
import java.util.List;

/**
 * A post of one event or a batch, checked against events.md's envelope and data shapes (the rules themselves are the
 * processor's job) and against the path: every event's {@code subject} must be the path's match id.
 */
public final class ValidatedPost {
    /** An event ready for {@code table-events}: its id and its JSON exactly as posted. */
    public record Accepted(String id, String json) {
    }

    private final List<Accepted> accepted = new ArrayList<>();
    private final List<Problem.FieldError> errors = new ArrayList<>();
    private final List<String> rejectedJson = new ArrayList<>();

    public static ValidatedPost of(String matchId, String body, boolean batch) {
        ValidatedPost post = new ValidatedPost();
        JsonNode root;
        try {
            root = Json.read(body);
        } catch (JsonProcessingException e) {
            post.errors.add(new Problem.FieldError(0, null, "body", "not JSON: " + e.getOriginalMessage()));
            post.rejectedJson.add(body);
            return post;
        }
        if (batch) {
            if (!root.isArray() || root.isEmpty()) {
                post.errors.add(new Problem.FieldError(0, null, "body", "a batch must be a non-empty JSON array of events"));
                post.rejectedJson.add(body);
                return post;
            }
            List<String> texts = elementTexts(body);
            for (int i = 0; i < root.size(); i++) {
                post.check(matchId, i, root.get(i), texts.get(i));
            }
        } else {
            post.check(matchId, 0, root, body.strip());
        }
        return post;
    }

    /** The text of each element of a JSON array, exactly as posted (events go to Kafka as the client wrote them). */
    private static List<String> elementTexts(String array) {
        List<String> texts = new ArrayList<>();
        try (JsonParser p = Json.MAPPER.getFactory().createParser(array)) {
            p.nextToken(); // [
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY && t != null) {
                int start = (int) p.currentTokenLocation().getCharOffset();
                p.skipChildren();
                int end = (int) p.currentLocation().getCharOffset();
                texts.add(array.substring(start, end));
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("the array was parsed once already", e);
        }
        return texts;
    }

    private void check(String matchId, int index, JsonNode event, String text) {
        ParseResult r = EventParser.parse(event);
        if (r instanceof ParseResult.Invalid bad) {
            int colon = bad.reason().indexOf(": ");
            String field = colon > 0 ? bad.reason().substring(0, colon) : "event";
            String reason = colon > 0 ? bad.reason().substring(colon + 2) : bad.reason();
            errors.add(new Problem.FieldError(index, bad.id(), field, reason));
            rejectedJson.add(text);
            return;
        }
        var e = ((ParseResult.Parsed) r).event();
        if (!e.subject().equals(matchId)) {
            errors.add(new Problem.FieldError(index, e.id(), "subject", "must equal the match id in the path, " + matchId));
            rejectedJson.add(text);
            return;
        }
        accepted.add(new Accepted(e.id(), text));
    }

    public boolean valid() {
        return errors.isEmpty();
    }

    public List<Accepted> accepted() {
        return accepted;
    }

    public List<Problem.FieldError> errors() {
        return errors;
    }

    /** The bad events as posted, kept with their reasons on table-events-rejected. */
    public List<String> rejectedJson() {
        return rejectedJson;
    }

    public List<String> ids() {
        return accepted.stream().map(Accepted::id).toList();
    }
}
