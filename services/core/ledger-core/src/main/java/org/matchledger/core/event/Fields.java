package org.matchledger.core.event;

import com.fasterxml.jackson.databind.JsonNode;

/** Typed reads of JSON fields; each failure names the field by its path, e.g. {@code data.pocketed[1].ball}. */
final class Fields {
    private Fields() {
    }

    static boolean absent(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode();
    }

    static JsonNode object(JsonNode parent, String name, String path) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            throw new InvalidField(path, "required object is missing");
        }
        if (!n.isObject()) {
            throw new InvalidField(path, "must be an object");
        }
        return n;
    }

    static String string(JsonNode parent, String name, String path, int min, int max) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            throw new InvalidField(path, "required string is missing");
        }
        return checkString(n, path, min, max);
    }

    static String optionalString(JsonNode parent, String name, String path, int max) {
        JsonNode n = parent.get(name);
        return absent(n) ? null : checkString(n, path, 0, max);
    }

    private static String checkString(JsonNode n, String path, int min, int max) {
        if (!n.isTextual()) {
            throw new InvalidField(path, "must be a string");
        }
        String s = n.textValue();
        if (s.length() < min || s.length() > max) {
            throw new InvalidField(path, "must have " + min + "–" + max + " characters");
        }
        String unsafe = SafeText.problem(s);
        if (unsafe != null) {
            throw new InvalidField(path, unsafe);
        }
        return s;
    }

    static boolean bool(JsonNode parent, String name, String path) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            return false;
        }
        if (!n.isBoolean()) {
            throw new InvalidField(path, "must be true or false");
        }
        return n.booleanValue();
    }

    static boolean requiredBool(JsonNode parent, String name, String path) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            throw new InvalidField(path, "required boolean is missing");
        }
        return bool(parent, name, path);
    }

    static int integer(JsonNode n, String path, int min, int max) {
        if (absent(n)) {
            throw new InvalidField(path, "required integer is missing");
        }
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < min || n.intValue() > max) {
            throw new InvalidField(path, "must be an integer " + min + "–" + max);
        }
        return n.intValue();
    }

    static int optionalInt(JsonNode parent, String name, String path, int min, int max) {
        JsonNode n = parent.get(name);
        return absent(n) ? 0 : integer(n, path, min, max);
    }

    static Integer nullableInt(JsonNode parent, String name, String path, int min, int max) {
        JsonNode n = parent.get(name);
        return absent(n) ? null : integer(n, path, min, max);
    }

    static double number(JsonNode parent, String name, String path) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            throw new InvalidField(path, "required number is missing");
        }
        if (!n.isNumber() || !Double.isFinite(n.doubleValue()) || n.doubleValue() < 0) {
            throw new InvalidField(path, "must be a number ≥ 0");
        }
        return n.doubleValue();
    }

    static <E extends Enum<E>> E enumValue(JsonNode parent, String name, String path, Class<E> type) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            throw new InvalidField(path, "required, one of " + names(type));
        }
        return enumOf(n, path, type);
    }

    static <E extends Enum<E>> E optionalEnum(JsonNode parent, String name, String path, Class<E> type) {
        JsonNode n = parent.get(name);
        return absent(n) ? null : enumOf(n, path, type);
    }

    static <E extends Enum<E>> E enumOf(JsonNode n, String path, Class<E> type) {
        if (n.isTextual()) {
            for (E e : type.getEnumConstants()) {
                if (e.name().equals(n.textValue())) {
                    return e;
                }
            }
        }
        throw new InvalidField(path, "must be one of " + names(type));
    }

    static JsonNode array(JsonNode parent, String name, String path) {
        JsonNode n = parent.get(name);
        if (absent(n)) {
            return null;
        }
        if (!n.isArray()) {
            throw new InvalidField(path, "must be an array");
        }
        return n;
    }

    private static <E extends Enum<E>> String names(Class<E> type) {
        StringBuilder sb = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.name());
        }
        return sb.toString();
    }
}
