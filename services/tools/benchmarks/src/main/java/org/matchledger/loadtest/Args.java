package org.matchledger.loadtest;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** {@code --name value} pairs of a benchmark tool's command line, read with the tool's defaults. */
final class Args {
    /** The broker every tool talks to unless {@code --bootstrap} names another. */
    static final String DEFAULT_BOOTSTRAP = "127.0.0.1:9092";

    private final Map<String, String> values;

    private Args(Map<String, String> values) {
        this.values = values;
    }

    static Args parse(String[] args) {
        return parse(args, 0);
    }

    /** The pairs from {@code args[first]} on (a tool whose first word is a mode passes 1). */
    static Args parse(String[] args, int first) {
        Map<String, String> o = new HashMap<>();
        for (int i = first; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value, found " + args[i]);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        return new Args(o);
    }

    /** {@code --bootstrap}: the Kafka bootstrap servers. */
    String bootstrap() {
        return text("bootstrap", DEFAULT_BOOTSTRAP);
    }

    String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    int integer(String name, int fallback) {
        String value = values.get(name);
        return value == null ? fallback : Integer.parseInt(value);
    }

    long longInteger(String name, long fallback) {
        String value = values.get(name);
        return value == null ? fallback : Long.parseLong(value);
    }

    /** The path named by {@code --name}, or null when it is not given. */
    Path path(String name) {
        String value = values.get(name);
        return value == null ? null : Path.of(value);
    }
}
