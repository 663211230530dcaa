package org.matchledger.gateway;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.matchledger.core.event.EventParser;
import org.matchledger.core.event.ParseResult;
import org.matchledger.core.event.Poster;
import org.matchledger.core.event.Rejection;
import org.matchledger.core.event.TableEvent;
import org.matchledger.core.json.Json;
import org.matchledger.http.Problem;

import java.util.ArrayList;
import java.util.List;

/**
 * A post of one event or a batch, checked against docs/events.md's envelope and data shapes (the rules themselves are the
 * processor's job), against the path (every event's {@code subject} must be the path's match id) and against the
 * gateway's bounds: strict JSON ({@link StrictJson}), at most {@value #MAX_EVENT_BYTES} bytes per event and
 * {@value #MAX_BATCH} events per batch.
 */
public final class ValidatedPost {
    /** An event's size in UTF-8 bytes, at most: a single post over it is answered 413, a batch element 400. */
    public static final int MAX_EVENT_BYTES = 4096;
    public static final int MAX_BATCH = 100;

    /**
     * An event ready for {@code table-events}: its id, its JSON as posted (without any {@code ledgerposter*} attribute:
     * who posted is the gateway's to say, in headers) and the event as read (what the posting rights look at).
     */
    public record Accepted(String id, String json, TableEvent event) {
    }

    private final List<Accepted> accepted = new ArrayList<>();
    private final List<Problem.FieldError> errors = new ArrayList<>();
    private int status = 400;

    public static ValidatedPost of(String matchId, String body, boolean batch) {
        ValidatedPost post = new ValidatedPost();
        if (body.isBlank()) {
            return post.refuseBody(batch ? "empty; post a JSON array of 1–" + MAX_BATCH + " events" : "empty; post one event (a JSON object)");
        }
        String text = body.strip();
        int bytes = utf8Length(text);
        if (!batch && bytes > MAX_EVENT_BYTES) {
            post.status = 413;
            post.errors.add(new Problem.FieldError(0, null, "event", tooLarge(bytes)));
            return post;
        }
        JsonNode root;
        try {
            root = StrictJson.read(text);
        } catch (StrictJson.Refused r) {
            post.errors.add(fieldError(r.path, r.reason, batch));
            return post;
        }
        if (batch) {
            if (!root.isArray() || root.isEmpty()) {
                return post.refuseBody("a batch must be a non-empty JSON array of events");
            }
            if (root.size() > MAX_BATCH) {
                return post.refuseBody("a batch holds at most " + MAX_BATCH + " events; this one has " + root.size());
            }
            List<String> texts = elementTexts(text);
            for (int i = 0; i < root.size(); i++) {
                int size = utf8Length(texts.get(i));
                if (size > MAX_EVENT_BYTES) {
                    post.errors.add(new Problem.FieldError(i, null, "event", tooLarge(size)));
                } else {
                    post.check(matchId, i, root.get(i), texts.get(i));
                }
            }
        } else {
            if (!root.isObject()) {
                return post.refuseBody("must be one event, a JSON object; not " + root.getNodeType().name().toLowerCase());
            }
            post.check(matchId, 0, root, text);
        }
        return post;
    }

    private ValidatedPost refuseBody(String reason) {
        errors.add(new Problem.FieldError(0, null, "body", reason));
        return this;
    }

    private static String tooLarge(int bytes) {
        return "is " + bytes + " bytes; an event may have at most " + MAX_EVENT_BYTES + " bytes (UTF-8)";
    }

    /** A JSON refusal at {@code path}: in a batch, a path starting {@code [i]} is element i's. */
    private static Problem.FieldError fieldError(String path, String reason, boolean batch) {
        if (path.isEmpty()) {
            return new Problem.FieldError(0, null, "body", reason);
        }
        if (batch && path.startsWith("[")) {
            int close = path.indexOf(']');
            int index = Integer.parseInt(path.substring(1, close));
            String field = path.substring(close + 1).replaceFirst("^\\.", "");
            return new Problem.FieldError(index, null, field.isEmpty() ? "event" : field, reason);
        }
        return new Problem.FieldError(0, null, path, reason);
    }

    static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** The text of each element of a JSON array, exactly as posted (events go to Kafka as the client wrote them). */
    private static List<String> elementTexts(String array) {
        List<String> texts = new ArrayList<>();
        try (JsonParser p = StrictJson.FACTORY.createParser(array)) {
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

    private void check(String matchId, int index, JsonNode posted, String postedText) {
        JsonNode event = posted;
        String text = postedText;
        if (hasPosterAttribute(posted)) {
            ObjectNode stripped = ((ObjectNode) posted).deepCopy();
            stripped.remove(List.of(Poster.SUBJECT_ATTRIBUTE, Poster.ROLE_ATTRIBUTE, Poster.TABLE_ATTRIBUTE));
            event = stripped;
            text = Json.write(stripped);
        }
        ParseResult r = EventParser.parse(event);
        if (r instanceof ParseResult.Invalid bad) {
            Rejection rejection = bad.rejection();
            errors.add(new Problem.FieldError(index, bad.id(), rejection.field().orElse("event"), rejection.reason()));
            return;
        }
        var e = ((ParseResult.Parsed) r).event();
        Problem.FieldError unread = UnreadText.find(index, e.id(), event);
        if (unread != null) {
            errors.add(unread);
            return;
        }
        if (!e.subject().equals(matchId)) {
            errors.add(new Problem.FieldError(index, e.id(), "subject", "must equal the match id in the path, " + matchId));
            return;
        }
        accepted.add(new Accepted(e.id(), text, e));
    }

    /** A client may not say who posted: such attributes are dropped, never trusted (identity.md). */
    private static boolean hasPosterAttribute(JsonNode event) {
        return event.isObject() && (event.has(Poster.SUBJECT_ATTRIBUTE) || event.has(Poster.ROLE_ATTRIBUTE)
                || event.has(Poster.TABLE_ATTRIBUTE));
    }

    public boolean valid() {
        return errors.isEmpty();
    }

    /** 400, or 413 for a single event over {@value #MAX_EVENT_BYTES} bytes. */
    public int status() {
        return status;
    }

    public List<Accepted> accepted() {
        return accepted;
    }

    public List<Problem.FieldError> errors() {
        return errors;
    }

    public List<String> ids() {
        return accepted.stream().map(Accepted::id).toList();
    }
}
