package org.matchledger.simulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Bearer tokens for the accounts that post ({@link Accounts}). */
public interface TokenSource {

    /** The access token to post as {@code account}; null: post without a token. */
    String token(String account) throws TokenUnavailable;

    /** The gateway refused the token (401): the next {@link #token} gets a fresh one. */
    default void refused(String account) {
    }

    static TokenSource none() {
        return account -> null;
    }

    /** One token for every post (e.g. a director's: it may post every type on every table). */
    static TokenSource fixed(String token) {
        return account -> token;
    }

    /**
     * Runs {@code command ACCOUNT} (e.g. {@code deploy/bin/ledger token}) and takes its standard output as the token,
     * kept until a minute before it expires (its {@code exp} claim), then fetched again.
     */
    static TokenSource command(List<String> command) {
        return new Command(command);
    }

    /** No token could be had for an account (the command failed): the post waits and is tried again. */
    final class TokenUnavailable extends Exception {
        TokenUnavailable(String message) {
            super(message, null, false, false);
        }
    }

    final class Command implements TokenSource {
        private static final Pattern EXP = Pattern.compile("\"exp\"\\s*:\\s*(\\d+)");
        private static final long RENEW_BEFORE_SECONDS = 60;

        private final List<String> command;
        private final Map<String, String> tokens = new ConcurrentHashMap<>();

        Command(List<String> command) {
            this.command = List.copyOf(command);
        }

        @Override
        public synchronized String token(String account) throws TokenUnavailable {
            String token = tokens.get(account);
            if (token != null && expiresAt(token) - RENEW_BEFORE_SECONDS > Instant.now().getEpochSecond()) {
                return token;
            }
            token = fetch(account);
            tokens.put(account, token);
            return token;
        }

        @Override
        public void refused(String account) {
            tokens.remove(account);
        }

        private String fetch(String account) throws TokenUnavailable {
            List<String> args = new ArrayList<>(command);
            args.add(account);
            try {
                Process p = new ProcessBuilder(args).redirectError(ProcessBuilder.Redirect.INHERIT).start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(60, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new TokenUnavailable(String.join(" ", args) + " did not finish within 60 s");
                }
                String token = new String(out, StandardCharsets.UTF_8).strip();
                if (p.exitValue() != 0 || token.isEmpty()) {
                    throw new TokenUnavailable(String.join(" ", args) + " exited with status " + p.exitValue());
                }
                return token;
            } catch (IOException e) {
                throw new TokenUnavailable("cannot run " + String.join(" ", args) + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TokenUnavailable("interrupted");
            }
        }

        /** The token's {@code exp} (seconds), or 0 when it cannot be read (then it is fetched anew each time). */
        static long expiresAt(String token) {
            String[] parts = token.split("\\.");
            if (parts.length < 2) {
                return 0;
            }
            try {
                String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
                Matcher m = EXP.matcher(payload);
                return m.find() ? Long.parseLong(m.group(1)) : 0;
            } catch (IllegalArgumentException e) {
                return 0;
            }
        }
    }
}
