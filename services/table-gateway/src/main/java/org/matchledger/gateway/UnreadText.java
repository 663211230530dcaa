package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.matchledger.core.event.SafeText;
import org.matchledger.http.Problem;

import java.util.Iterator;
import java.util.Map;

/**
 * Control and bidi characters where the ledger reads no field: in unknown attributes, unknown data fields and object
 * keys. The core ignores those, but the event would be kept verbatim on {@code table-events}, in the audit trail and in
 * every export and replay of it, so the gateway refuses them as the core refuses them in the fields it reads.
 */
final class UnreadText {
    private UnreadText() {
    }

    /** The first string value or key of {@code event} with such a character, as a field error; null when there is none. */
    static Problem.FieldError find(int index, String eventId, JsonNode event) {
        return find(index, eventId, event, "");
    }

    private static Problem.FieldError find(int index, String eventId, JsonNode node, String path) {
        if (node.isTextual()) {
            String problem = SafeText.problem(node.textValue());
            return problem == null ? null : new Problem.FieldError(index, eventId, path, problem);
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                String key = f.getKey();
                String problem = SafeText.problem(key);
                // the key is named with its forbidden characters replaced: the answer and the logs stay safe to show
                String p = join(path, problem == null ? key : safe(key));
                if (problem != null) {
                    return new Problem.FieldError(index, eventId, p, "a key " + problem);
                }
                Problem.FieldError inner = find(index, eventId, f.getValue(), p);
                if (inner != null) {
                    return inner;
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Problem.FieldError inner = find(index, eventId, node.get(i), path + "[" + i + "]");
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    private static String safe(String key) {
        StringBuilder sb = new StringBuilder(key.length());
        key.chars().forEach(c -> sb.append(SafeText.isForbidden((char) c) ? '?' : (char) c));
        return sb.toString();
    }
}
