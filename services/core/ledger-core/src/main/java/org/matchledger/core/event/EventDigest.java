package org.matchledger.core.event;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * SHA-256 of an event's content in a canonical form: what the ledger keeps of each applied event instead of its JSON
 * tree, so that a re-sent event is recognised ("same id, same content") at 32 bytes per event.
 *
 * <p>Two events have the same digest exactly when their JSON trees are equal as parsed: object keys in any order,
 * array elements in order, strings by their characters, integers by value, decimals by value as the parser reads them
 * (trailing zeros dropped: {@code 1.50} is {@code 1.5}), and a decimal never equal to an integer ({@code 1} and
 * {@code 1.0} stay different content). Every value is written with a type tag and every string and container with its
 * length, so no two different trees share an encoding. The poster's extension attributes ({@link Poster}) are not
 * content and are left out.
 */
public final class EventDigest {
    private final byte[] sha256;

    private EventDigest(byte[] sha256) {
        this.sha256 = sha256;
    }

    public static EventDigest of(JsonNode event) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        write(md, event, true);
        return new EventDigest(md.digest());
    }

    private static void write(MessageDigest md, JsonNode n) {
        write(md, n, false);
    }

    /** On the event itself ({@code top}) the poster's attributes are left out: who posted is not the content. */
    private static void write(MessageDigest md, JsonNode n, boolean top) {
        switch (n.getNodeType()) {
            case OBJECT -> {
                List<String> keys = new ArrayList<>(n.size());
                n.fieldNames().forEachRemaining(k -> {
                    if (!top || !Poster.isAttribute(k)) {
                        keys.add(k);
                    }
                });
                keys.sort(null);
                md.update((byte) 'o');
                length(md, keys.size());
                for (String k : keys) {
                    text(md, k);
                    write(md, n.get(k));
                }
            }
            case ARRAY -> {
                md.update((byte) 'a');
                length(md, n.size());
                for (JsonNode e : n) {
                    write(md, e);
                }
            }
            case STRING -> {
                md.update((byte) 's');
                text(md, n.textValue());
            }
            case NUMBER -> {
                if (n.isIntegralNumber()) {
                    md.update((byte) 'i');
                    text(md, n.bigIntegerValue().toString());
                } else if (n.isBigDecimal()) {
                    md.update((byte) 'd');
                    text(md, n.decimalValue().toString());
                } else {
                    md.update((byte) 'f');
                    text(md, Double.toString(n.doubleValue()));
                }
            }
            case BOOLEAN -> md.update((byte) (n.booleanValue() ? 't' : 'F'));
            case NULL -> md.update((byte) 'n');
            default -> {
                // binary, POJO or missing nodes never come out of a parser; hash their text so nothing is skipped
                md.update((byte) '?');
                text(md, n.toString());
            }
        }
    }

    private static void text(MessageDigest md, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        length(md, b.length);
        md.update(b);
    }

    private static void length(MessageDigest md, int n) {
        md.update(ByteBuffer.allocate(4).putInt(n).array());
    }

    /** The digest in lower-case hex. */
    public String hex() {
        return HexFormat.of().formatHex(sha256);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EventDigest d && Arrays.equals(sha256, d.sha256);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sha256);
    }

    @Override
    public String toString() {
        return "sha256:" + hex();
    }
}
