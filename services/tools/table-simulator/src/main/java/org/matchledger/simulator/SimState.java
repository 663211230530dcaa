package org.matchledger.simulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state file: the run's seed and, per table, its current match and how many of its events the gateway has
 * acknowledged. With it a restarted simulator goes on with the same matches (the events already recorded are
 * replayed locally, not posted). A lost or stale file costs nothing but time: re-sent events are the same events
 * (same ids, same content), which the ledger takes as duplicates.
 * <pre>
 * seed=1
 * T01=3 57      # match T01-3, 57 events acknowledged
 * </pre>
 */
public record SimState(long seed, Map<String, SimulatedTable.Position> tables) {

    public static SimState read(Path file) throws IOException {
        if (file == null || !Files.exists(file)) {
            return null;
        }
        Long seed = null;
        Map<String, SimulatedTable.Position> tables = new TreeMap<>();
        for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String line = raw.replaceAll("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IOException(file + ": not key=value: " + raw);
            }
            String key = line.substring(0, eq).trim();
            String value = line.substring(eq + 1).trim();
            try {
                if (key.equals("seed")) {
                    seed = Long.parseLong(value);
                } else {
                    String[] parts = value.split("\\s+");
                    tables.put(key, new SimulatedTable.Position(Integer.parseInt(parts[0]), Long.parseLong(parts[1])));
                }
            } catch (RuntimeException e) {
                throw new IOException(file + ": cannot read line: " + raw);
            }
        }
        if (seed == null) {
            throw new IOException(file + ": no seed");
        }
        return new SimState(seed, tables);
    }

    /** Writes the file atomically (a temporary file moved into place). */
    public void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# table-simulator state: seed, then per table its current match number and acknowledged events");
        lines.add("seed=" + seed);
        new TreeMap<>(tables).forEach((t, p) -> lines.add(t + "=" + p.match() + " " + p.acked()));
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".sim-state", ".tmp");
        try {
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Where each table begins under {@code seed}: where it stood if the file is of the same seed; otherwise after
     * the matches the file knows of, so that no match id is used with two seeds' events.
     */
    public static Map<String, SimulatedTable.Position> startPositions(SimState state, long seed, List<String> tableIds) {
        Map<String, SimulatedTable.Position> start = new TreeMap<>();
        for (String id : tableIds) {
            SimulatedTable.Position known = state == null ? null : state.tables().get(id);
            if (known == null) {
                start.put(id, SimulatedTable.Position.START);
            } else if (state.seed() == seed) {
                start.put(id, known);
            } else {
                start.put(id, new SimulatedTable.Position(known.match() + 1, 0));
            }
        }
        return start;
    }
}
