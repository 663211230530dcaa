package org.matchledger.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Replay;
import org.matchledger.core.ruling.Ruling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ledger replay [--at SEQ] [--rulings] FILE|-} (docs/view.md "The replay tool"): folds one match's events with the
 * rules processor's code and prints the view (or every ruling, one JSON object per line). Exit 0 when the log was
 * read, even with rejected events; 2 when it cannot be read or a line is not JSON (line number on stderr).
 */
public final class LedgerCli {
    static final String USAGE = "usage: ledger replay [--at SEQ] [--rulings] [--correction-window DURATION [--until INSTANT]] FILE.jsonl|-";
    private LedgerCli() {
    }

    /** A duration as ISO-8601 ({@code PT24H}) or a number with a unit ({@code 24h}, {@code 30m}, {@code 90s}, {@code 2d}). */
    static Duration duration(String text) {
        try {
            if (text.startsWith("P") || text.startsWith("p")) {
                return Duration.parse(text);
            }
            long n = Long.parseLong(text.substring(0, text.length() - 1));
            return switch (text.charAt(text.length() - 1)) {
                case 'd' -> Duration.ofDays(n);
                case 'h' -> Duration.ofHours(n);
                case 'm' -> Duration.ofMinutes(n);
                case 's' -> Duration.ofSeconds(n);
                default -> null;
            };
        } catch (RuntimeException e) {
            return null;
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** {@code ledger} with these arguments, printing to {@code out} and {@code err}; the exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !"replay".equals(args[0])) {
            err.println(USAGE);
            return 2;
        }
        Long at = null;
        Duration window = null;
        Instant until = null;
        boolean printRulings = false;
        String file = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--rulings" -> printRulings = true;
                case "--at" -> {
                    if (i + 1 >= args.length) {
                        err.println("ledger: --at needs a seq\n" + USAGE);
                        return 2;
                    }
                    try {
                        at = Long.parseLong(args[++i]);
                    } catch (NumberFormatException e) {
                        err.println("ledger: --at needs a whole number, got " + args[i]);
                        return 2;
                    }
                }
                case "--correction-window" -> {
                    if (i + 1 >= args.length || (window = duration(args[++i])) == null) {
                        err.println("ledger: --correction-window needs a duration (PT24H, 24h, 30m, 90s, 2d)\n" + USAGE);
                        return 2;
                    }
                }
                case "--until" -> {
                    try {
                        until = Instant.parse(i + 1 < args.length ? args[++i] : "");
                    } catch (DateTimeParseException e) {
                        err.println("ledger: --until needs an ISO-8601 instant (2026-12-01T18:00:00Z)\n" + USAGE);
                        return 2;
                    }
                }
                default -> {
                    if (file != null || (args[i].startsWith("--") && !args[i].equals("-"))) {
                        err.println("ledger: unexpected argument " + args[i] + "\n" + USAGE);
                        return 2;
                    }
                    file = args[i];
                }
            }
        }
        if (file == null) {
            err.println(USAGE);
            return 2;
        }
        if (until != null && window == null) {
            err.println("ledger: --until needs --correction-window\n" + USAGE);
            return 2;
        }
        Replay replay = new Replay(window);
        try (BufferedReader in = file.equals("-")
                ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))
                : Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
            String line;
            int lineNo = 0;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode event;
                try {
                    event = Json.read(line);
                } catch (JsonProcessingException e) {
                    err.println("ledger: " + file + ":" + lineNo + ": not JSON: " + e.getOriginalMessage());
                    return 2;
                }
                Long logTime = null;
                if (event instanceof ObjectNode o && o.has(Replay.LOG_TIME_ATTRIBUTE)) {
                    JsonNode t = o.remove(Replay.LOG_TIME_ATTRIBUTE);
                    try {
                        logTime = Instant.parse(t.asText()).toEpochMilli();
                    } catch (DateTimeParseException e) {
                        err.println("ledger: " + file + ":" + lineNo + ": " + Replay.LOG_TIME_ATTRIBUTE
                                + " must be an ISO-8601 instant, got " + t);
                        return 2;
                    }
                }
                replay.accept(event, logTime);
                if (at != null && replay.match().lastSeq() >= at) {
                    break;
                }
            }
        } catch (IOException e) {
            err.println("ledger: cannot read " + file + ": " + e.getMessage());
            return 2;
        }
        if (until != null && (at == null || replay.match().lastSeq() < at)) {
            replay.closeIfDue(until.toEpochMilli());
        }
        if (at != null && replay.match().lastSeq() < at) {
            err.println("ledger: the log has " + replay.match().lastSeq() + " applied events; showing the last");
        }
        if (printRulings) {
            StringBuilder sb = new StringBuilder();
            for (Ruling r : replay.rulings()) {
                sb.append(Json.write(r)).append('\n');
            }
            out.print(sb);
        } else {
            out.println(Json.write(replay.view()));
        }
        out.flush();
        return 0;
    }
}
