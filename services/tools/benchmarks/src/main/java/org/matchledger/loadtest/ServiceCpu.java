package org.matchledger.loadtest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU seconds per component of the stack on this machine (Linux {@code /proc}), so that a benchmark can say which
 * process took the pipeline's CPU: the gateway, the broker, the processor and the rest share the same cores. A process
 * is given to a component by its command line ({@link #componentOf}); this load generator's own process is left out
 * (it reports its CPU itself).
 */
final class ServiceCpu {
    /** Components in the order they are reported; the first whose marker the command line holds takes the process. */
    static final List<Map.Entry<String, String>> COMPONENTS = List.of(
            Map.entry("gateway", "services/table-gateway/"),
            Map.entry("processor", "services/rules-processor/"),
            Map.entry("scoreboard", "services/scoreboard/"),
            Map.entry("audit-trail", "services/audit-trail/"),
            Map.entry("broker", "kafka_2.13"),
            Map.entry("keycloak", "keycloak"));
    static final String POSTGRES = "postgresql";
    static final String OTHER = "other";

    /** Per pid, its component and the CPU seconds it had used when {@link #snapshot} read it. */
    private record Seen(String component, double seconds) {
    }

    private final Map<Long, Seen> byPid;

    private ServiceCpu(Map<Long, Seen> byPid) {
        this.byPid = byPid;
    }

    /** Every process of the stack now, with the CPU it has used so far. */
    static ServiceCpu snapshot() {
        Map<Long, Seen> seen = new HashMap<>();
        long self = ProcessHandle.current().pid();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : procs) {
                long pid = Long.parseLong(p.getFileName().toString());
                if (pid == self) {
                    continue;
                }
                String component = componentOf(commandLine(p));
                if (component != null) {
                    double s = ProcessCpu.seconds(pid);
                    if (!Double.isNaN(s)) {
                        seen.put(pid, new Seen(component, s));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // No /proc (not Linux): nothing to split.
        }
        return new ServiceCpu(seen);
    }

    /**
     * The component a process belongs to by its command line (arguments joined with spaces), or null for one that is
     * not part of the stack (a shell, the build, this machine's own daemons).
     */
    static String componentOf(String commandLine) {
        if (commandLine == null || commandLine.isEmpty()) {
            return null;
        }
        String first = commandLine.split(" ", 2)[0];
        if (first.endsWith("/postgres") || first.equals("postgres") || commandLine.startsWith("postgres:")) {
            return POSTGRES;
        }
        if (!first.endsWith("java")) {
            return null;
        }
        for (Map.Entry<String, String> c : COMPONENTS) {
            if (commandLine.contains(c.getValue())) {
                return c.getKey();
            }
        }
        return OTHER;
    }

    /**
     * Percent of one core per component between {@code earlier} and this snapshot over {@code wallSeconds}, in
     * report order; a process started in between counts from zero, one gone in between is not counted.
     */
    Map<String, Double> percentSince(ServiceCpu earlier, double wallSeconds) {
        Map<String, Double> seconds = new HashMap<>();
        byPid.forEach((pid, now) -> {
            Seen before = earlier.byPid.get(pid);
            double used = now.seconds() - (before == null ? 0 : before.seconds());
            seconds.merge(now.component(), used, Double::sum);
        });
        Map<String, Double> percent = new LinkedHashMap<>();
        for (Map.Entry<String, String> c : COMPONENTS) {
            percent.put(c.getKey(), 100 * seconds.getOrDefault(c.getKey(), 0.0) / wallSeconds);
        }
        percent.put(POSTGRES, 100 * seconds.getOrDefault(POSTGRES, 0.0) / wallSeconds);
        percent.put(OTHER, 100 * seconds.getOrDefault(OTHER, 0.0) / wallSeconds);
        return percent;
    }

    private static String commandLine(Path proc) {
        try {
            byte[] raw = Files.readAllBytes(proc.resolve("cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ').trim();
        } catch (IOException | RuntimeException e) {
            return null; // gone meanwhile, or not ours to read
        }
    }
}
