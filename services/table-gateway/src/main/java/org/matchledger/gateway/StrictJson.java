package org.matchledger.gateway;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.matchledger.core.event.SafeText;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the gateway reads posted JSON, stricter than the ledger's shared mapper: a duplicated key, nesting deeper than
 * {@value #MAX_DEPTH} or a number longer than {@value #MAX_NUMBER_CHARS} characters is refused, naming where it is.
 * (A duplicated key would otherwise be read as its last value by one reader and its first by another.)
 */
final class StrictJson {
    static final int MAX_DEPTH = 16;
    static final int MAX_NUMBER_CHARS = 32;
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'", Pattern.DOTALL);

    static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_CHARS).build())
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    /** Why a text is not acceptable JSON: where ({@code path}, "" for the top) and why. */
    static final class Refused extends Exception {
        final String path;
        final String reason;

        Refused(String path, String reason) {
            super(path + ": " + reason, null, false, false);
            this.path = path;
            this.reason = reason;
        }
    }

    private StrictJson() {
    }

    static JsonNode read(String text) throws Refused {
        JsonParser p;
        try {
            p = FACTORY.createParser(text);
        } catch (IOException e) {
            throw new Refused("", "not JSON");
        }
        try (p) {
            JsonNode node = MAPPER.readTree(p);
            if (node == null) {
                throw new Refused("", "empty");
            }
            return node;
        } catch (StreamConstraintsException e) {
            String m = String.valueOf(e.getOriginalMessage());
            if (m.contains("nesting depth")) {
                throw new Refused("", "nested deeper than " + MAX_DEPTH + " levels");
            }
            if (m.contains("Number value length")) {
                throw new Refused(pathOfValue(p.getParsingContext()), "a number longer than " + MAX_NUMBER_CHARS + " characters");
            }
            throw new Refused("", "too large a value");
        } catch (JsonProcessingException e) {
            Matcher dup = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
            if (dup.find()) {
                String container = pathOfContainer(p.getParsingContext());
                throw new Refused(join(container, dup.group(1)), "duplicate key \"" + dup.group(1) + "\"");
            }
            throw new Refused("", "not JSON: " + shorten(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new Refused("", "not JSON");
        }
    }

    private static String join(String container, String key) {
        return container.isEmpty() ? key : container + "." + key;
    }

    /** The path of the value the parser is at inside {@code ctx}, e.g. {@code [2].data.pocketed[0]}. */
    private static String pathOfValue(JsonStreamContext ctx) {
        String container = pathOfContainer(ctx);
        if (ctx.inArray()) {
            return container + "[" + Math.max(ctx.getCurrentIndex(), 0) + "]";
        }
        if (ctx.inObject() && ctx.getCurrentName() != null) {
            return join(container, ctx.getCurrentName());
        }
        return container;
    }

    /** The path of the array or object {@code ctx} is reading ("" for the top level). */
    private static String pathOfContainer(JsonStreamContext ctx) {
        JsonStreamContext parent = ctx.getParent();
        if (parent == null || parent.inRoot()) {
            return "";
        }
        return pathOfValue(parent);
    }

    private static String shorten(String message) {
        String m = message == null ? "malformed" : message;
        m = m.length() <= 200 ? m : m.substring(0, 200) + "…";
        StringBuilder safe = new StringBuilder(m.length());
        m.chars().forEach(c -> safe.append(SafeText.isForbidden((char) c) ? '?' : (char) c)); // echoes of the input
        return safe.toString();
    }
}
