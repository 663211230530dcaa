package org.matchledger.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bearer token the load generators post with (the gateway requires one): {@code LEDGER_TOKEN_COMMAND} (e.g.
 * {@code deploy/bin/ledger token director}: run again a minute before the token expires, so a run longer than a
 * token's lifetime goes on), else {@code LEDGER_TOKEN}, else none. A director may post every type on every table.
 */
final class BearerToken {
    private static final Pattern EXP = Pattern.compile("\"exp\"\\s*:\\s*(\\d+)");
    private static final BearerToken FROM_ENVIRONMENT = new BearerToken(System.getenv("LEDGER_TOKEN_COMMAND"),
            System.getenv("LEDGER_TOKEN"));

    private final List<String> command;
    private final String fixed;
    private String token;
    private long expiresAt;

    private BearerToken(String command, String fixed) {
        this.command = command == null || command.isBlank() ? List.of() : List.of(command.trim().split("\\s+"));
        this.fixed = fixed == null || fixed.isBlank() ? null : fixed.trim();
    }

    static BearerToken fromEnvironment() {
        return FROM_ENVIRONMENT;
    }

    /** The {@code Authorization} header's value, or null when no token is configured. */
    synchronized String header() {
        if (command.isEmpty()) {
            return fixed == null ? null : "Bearer " + fixed;
        }
        if (token == null || Instant.now().getEpochSecond() > expiresAt - 60) {
            token = run();
            expiresAt = expiry(token);
        }
        return "Bearer " + token;
    }

    private String run() {
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || out.isEmpty()) {
                throw new IllegalStateException("LEDGER_TOKEN_COMMAND (" + String.join(" ", command) + ") gave no token");
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run LEDGER_TOKEN_COMMAND: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static long expiry(String jwt) {
        String[] parts = jwt.split("\\.");
        if (parts.length < 2) {
            return 0;
        }
        Matcher m = EXP.matcher(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
