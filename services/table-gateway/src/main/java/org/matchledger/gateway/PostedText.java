package org.matchledger.gateway;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The posted bytes as text: JSON is UTF-8 (RFC 8259); another charset or bytes that are not UTF-8 are refused. */
final class PostedText {
    private PostedText() {
    }

    /** Why the Content-Type's charset is refused, or null when it names UTF-8 or none. */
    static String charsetProblem(String contentType) {
        if (contentType == null) {
            return null;
        }
        for (String param : contentType.split(";")) {
            String p = param.strip();
            int eq = p.indexOf('=');
            if (eq > 0 && p.substring(0, eq).strip().equalsIgnoreCase("charset")) {
                String value = p.substring(eq + 1).strip().replace("\"", "").toLowerCase(Locale.ROOT);
                if (!value.equals("utf-8") && !value.equals("utf8")) {
                    return "the charset must be UTF-8";
                }
            }
        }
        return null;
    }

    /** The text, or null when the bytes are not well-formed UTF-8. */
    static String decode(byte[] bytes) {
        if (bytes == null) {
            return "";
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
