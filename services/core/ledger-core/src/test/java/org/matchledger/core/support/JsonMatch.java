package org.matchledger.core.support;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.Map;

/** Comparing expected JSON (golden files, CLI output) with actual JSON. */
public final class JsonMatch {
    private JsonMatch() {
    }

    /** Exact JSON tree equality, except that an expected string ending in '*' matches any string with that prefix. */
    public static boolean same(JsonNode expected, JsonNode actual) {
        if (actual == null) {
            return false;
        }
        if (expected.isTextual() && expected.textValue().endsWith("*")) {
            String prefix = expected.textValue().substring(0, expected.textValue().length() - 1);
            return actual.isTextual() && actual.textValue().startsWith(prefix);
        }
        if (expected.isObject()) {
            if (!actual.isObject() || expected.size() != actual.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> it = expected.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!same(f.getValue(), actual.get(f.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (expected.isArray()) {
            if (!actual.isArray() || expected.size() != actual.size()) {
                return false;
            }
            for (int i = 0; i < expected.size(); i++) {
                if (!same(expected.get(i), actual.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (expected.isNumber() && actual.isNumber()) {
            return expected.decimalValue().compareTo(actual.decimalValue()) == 0;
        }
        return expected.equals(actual);
    }
}
