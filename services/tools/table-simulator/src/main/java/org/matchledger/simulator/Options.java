package org.matchledger.simulator;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Command-line options; each has an environment variable too (the flag wins).
 *
 * @param duration    null: run until stopped
 * @param matches     0: no limit
 * @param seedGiven   the seed came from --seed or SIM_SEED (not the default)
 * @param state       null: no state file (every run starts at match 1 of every table)
 * @param tokenCommand empty: none; else run with an account name appended to get its bearer token
 * @param token       null: none; else one bearer token for every post (used when there is no token command)
 */
public record Options(URI gateway, int tables, double rate, long seed, boolean seedGiven, Duration duration,
                      long matches, Path state, List<String> tokenCommand, String token) {

    public static final String USAGE = """
            usage: java -jar table-simulator.jar [options]
              --gateway URL        table gateway, loopback only   (GATEWAY_URL, default http://127.0.0.1:8080)
              --tables N           simulated tables T01..TNN       (SIMULATED_TABLES, default 8; 0 = do nothing)
              --rate R             events per second per table     (SIM_RATE, default 2)
              --seed S             what is posted depends only on this (SIM_SEED, default 1)
              --duration SECONDS   stop after this long            (default: until stopped)
              --matches M          stop after M finished matches   (default: no limit)
              --state FILE         remember each table's match, to resume it on the next start (SIM_STATE)
              --token-command CMD  prints the bearer token of the account given as its last argument, e.g.
                                   "deploy/bin/ledger token" (SIM_TOKEN_COMMAND): tables post as table-TNN,
                                   rulings, voids, corrections and appeals as referee
              --token TOKEN        one bearer token for every post instead (SIM_TOKEN)
              --help""";

    /** Where the bearer tokens come from: the command, else the one token, else none. */
    public TokenSource tokens() {
        if (!tokenCommand.isEmpty()) {
            return TokenSource.command(tokenCommand);
        }
        return token != null ? TokenSource.fixed(token) : TokenSource.none();
    }

    public static Options parse(String[] args, Map<String, String> env) {
        String gateway = env.getOrDefault("GATEWAY_URL", "http://127.0.0.1:8080");
        String tables = env.getOrDefault("SIMULATED_TABLES", "8");
        String rate = env.getOrDefault("SIM_RATE", "2");
        String seed = env.get("SIM_SEED");
        String duration = null;
        String matches = null;
        String state = env.get("SIM_STATE");
        String tokenCommand = env.get("SIM_TOKEN_COMMAND");
        String token = env.get("SIM_TOKEN");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (name.equals("--help") || name.equals("-h")) {
                throw new HelpRequested();
            }
            if (!name.matches("--(gateway|tables|rate|seed|duration|matches|state|token-command|token)")) {
                throw new IllegalArgumentException("unknown option: " + arg);
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                value = args[++i];
            }
            switch (name) {
                case "--gateway" -> gateway = value;
                case "--tables" -> tables = value;
                case "--rate" -> rate = value;
                case "--seed" -> seed = value;
                case "--duration" -> duration = value;
                case "--matches" -> matches = value;
                case "--token-command" -> tokenCommand = value;
                case "--token" -> token = value;
                default -> state = value;
            }
        }
        int n = integer("--tables / SIMULATED_TABLES", tables, 0, 99);
        double r = number("--rate / SIM_RATE", rate);
        if (!(r > 0) || r > 100_000) {
            throw new IllegalArgumentException("--rate / SIM_RATE must be > 0 events per second (got " + rate + ")");
        }
        Duration d = duration == null ? null : Duration.ofMillis(Math.round(number("--duration", duration) * 1000));
        if (d != null && d.isNegative()) {
            throw new IllegalArgumentException("--duration must be ≥ 0 seconds");
        }
        long m = matches == null ? 0 : integer("--matches", matches, 1, Integer.MAX_VALUE);
        URI uri;
        try {
            uri = URI.create(gateway.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--gateway / GATEWAY_URL is not a URL: " + gateway);
        }
        long s;
        try {
            s = seed == null ? 1 : Long.parseLong(seed.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed / SIM_SEED must be an integer (got " + seed + ")");
        }
        List<String> command = tokenCommand == null || tokenCommand.isBlank() ? List.of()
                : List.of(tokenCommand.trim().split("\\s+"));
        return new Options(uri, n, r, s, seed != null, d, m,
                state == null || state.isBlank() ? null : Path.of(state), command,
                token == null || token.isBlank() ? null : token.trim());
    }

    private static int integer(String what, String value, int min, int max) {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < min || v > max) {
                throw new IllegalArgumentException(what + " must be " + min + "–" + max + " (got " + value + ")");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer (got " + value + ")");
        }
    }

    private static double number(String what, String value) {
        try {
            return Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be a number (got " + value + ")");
        }
    }

    /** --help: print the usage and exit 0. */
    public static final class HelpRequested extends RuntimeException {
        HelpRequested() {
            super(null, null, false, false);
        }
    }
}
