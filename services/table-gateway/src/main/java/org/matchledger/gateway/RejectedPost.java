package org.matchledger.gateway;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.matchledger.http.Problem;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The one {@code table-events-rejected} record the gateway writes for a refused post: the reason of its first error,
 * its first {@value Problem#MAX_LISTED_ERRORS} errors, and the body as posted, cut at {@value #MAX_TEXT_CHARS}
 * characters (its size and SHA-256 say what the whole was), so a hostile post makes one small record.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RejectedPost(String matchId, String source, String reason, List<Error> errors, String eventText,
                           boolean truncated, long bodyBytes, String bodySha256) {
    public static final String SOURCE = "table-gateway";
    public static final int MAX_TEXT_CHARS = 4096;

    /** One refused field: the event's index in the post, its id when it could be read, the field and why. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Error(int index, String id, String field, String reason) {
    }

    public static RejectedPost of(String matchId, byte[] body, List<Problem.FieldError> errors) {
        String text = new String(body, StandardCharsets.UTF_8);
        int cut = Math.min(text.length(), MAX_TEXT_CHARS);
        if (cut < text.length() && Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--; // never half a character
        }
        Problem.FieldError first = errors.get(0);
        List<Error> listed = errors.stream().limit(Problem.MAX_LISTED_ERRORS)
                .map(e -> new Error(e.index(), e.eventId(), e.field(), e.reason())).toList();
        return new RejectedPost(matchId, SOURCE, first.field() + ": " + first.reason(), listed, text.substring(0, cut),
                cut < text.length(), body.length, sha256(body));
    }

    private static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
