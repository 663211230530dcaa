package org.matchledger.core.event;

import com.fasterxml.jackson.databind.JsonNode;

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
 * array elements in order, strings by their characters, integers by value, decimals by value as the parser reads them (trailing zeros
 * dropped: {@code 1.50} is {@code 1.5}), and a decimal never equal to an integer ({@code 1} and {@code 1.0} stay
 * different content). Every value is written with
 * a type tag and every string and container with its length, so no two different trees share an encoding. The
 * poster's extension attributes ({@link Poster}) are not content and are left out.
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
        // The encoding is built in one buffer and hashed at once: one update per tag and length cost more than the
        // hash itself (the processor judges every event through here).
        Encoding out = new Encoding();
        write(out, event, true);
        md.update(out.bytes, 0, out.size);
        return new EventDigest(md.digest());
    }

    /** On the event itself ({@code top}) the poster's attributes are left out: who posted is not the content. */
    private static void write(Encoding out, JsonNode n, boolean top) {
        switch (n.getNodeType()) {
            case OBJECT -> {
                List<String> keys = new ArrayList<>(n.size());
                n.fieldNames().forEachRemaining(k -> {
                    if (!top || !Poster.isAttribute(k)) {
                        keys.add(k);
                    }
                });
                keys.sort(null);
                out.tag('o');
                out.length(keys.size());
                for (String k : keys) {
                    out.text(k);
                    write(out, n.get(k), false);
                }
            }
            case ARRAY -> {
                out.tag('a');
                out.length(n.size());
                for (JsonNode e : n) {
                    write(out, e, false);
                }
            }
            case STRING -> {
                out.tag('s');
                out.text(n.textValue());
            }
            case NUMBER -> {
                if (n.isIntegralNumber()) {
                    out.tag('i');
                    out.text(n.canConvertToLong() ? Long.toString(n.longValue()) : n.bigIntegerValue().toString());
                } else if (n.isBigDecimal()) {
                    out.tag('d');
                    out.text(n.decimalValue().toString());
                } else {
                    out.tag('f');
                    out.text(Double.toString(n.doubleValue()));
                }
            }
            case BOOLEAN -> out.tag(n.booleanValue() ? 't' : 'F');
            case NULL -> out.tag('n');
            default -> {
                // binary, POJO or missing nodes never come out of a parser; hash their text so nothing is skipped
                out.tag('?');
                out.text(n.toString());
            }
        }
    }

    /** The canonical encoding: a type tag per value, a 4-byte big-endian length before every string and container. */
    private static final class Encoding {
        private byte[] bytes = new byte[512];
        private int size;

        void tag(char c) {
            ensure(1);
            bytes[size++] = (byte) c;
        }

        void length(int n) {
            ensure(4);
            bytes[size++] = (byte) (n >>> 24);
            bytes[size++] = (byte) (n >>> 16);
            bytes[size++] = (byte) (n >>> 8);
            bytes[size++] = (byte) n;
        }

        void text(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            length(b.length);
            ensure(b.length);
            System.arraycopy(b, 0, bytes, size, b.length);
            size += b.length;
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }
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
