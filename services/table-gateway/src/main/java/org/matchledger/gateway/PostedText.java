package org.matchledger.gateway;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The posted bytes as text: UTF-8 unless the Content-Type names another charset this runtime knows; bytes that are
 * not well-formed in that charset, or a charset nobody knows, are refused (naming {@code body}).
 */
final class PostedText {
    private PostedText() {
    }

    /**
     * The charset the Content-Type names (UTF-8 when none), or null when it names one that cannot be read or its
     * parameters are malformed.
     */
    static Charset charset(String contentType) {
        if (contentType == null) {
            return StandardCharsets.UTF_8;
        }
        String[] parts = contentType.split(";", -1);
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            int eq = p.indexOf('=');
            if (eq <= 0) {
                return null; // a parameter without a name or a value: the media type is malformed
            }
            if (eq > 0 && p.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                String name = p.substring(eq + 1).strip().replace("\"", "");
                try {
                    return Charset.forName(name);
                } catch (IllegalArgumentException e) { // unknown, unsupported or not a charset name at all
                    return null;
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    /** The text, or null when the bytes are not well-formed in {@code charset}. */
    static String decode(byte[] bytes, Charset charset) {
        if (bytes == null) {
            return "";
        }
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
