package org.matchledger.loadtest;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} pairs of a benchmark tool's command line. */
final class Args {
    private Args() {
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --name value, found " + args[i]);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        return o;
    }
}
