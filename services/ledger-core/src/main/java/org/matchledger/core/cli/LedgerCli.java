package org.matchledger.core.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
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
    static final String USAGE = "usage: ledger replay [--at SEQ] [--rulings] FILE.jsonl|-";

    private LedgerCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || !"replay".equals(args[0])) {
            err.println(USAGE);
            return 2;
        }
        Long at = null;
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
        Replay replay = new Replay();
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
                replay.accept(event);
                if (at != null && replay.match().lastSeq() >= at) {
                    break;
                }
            }
        } catch (IOException e) {
            err.println("ledger: cannot read " + file + ": " + e.getMessage());
            return 2;
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
