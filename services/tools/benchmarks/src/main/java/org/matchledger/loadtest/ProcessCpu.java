package org.matchledger.loadtest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time used by a process so far (user + system, from {@code /proc/PID/stat}, Linux only), so that a benchmark can
 * report its own share of the machine beside the service's: on a machine of few cores the load generator competes
 * with what it measures.
 */
final class ProcessCpu {
    /** Clock ticks per second of {@code /proc/PID/stat} (USER_HZ, 100 on Linux). */
    private static final double TICKS_PER_SECOND = 100.0;

    private ProcessCpu() {
    }

    /**
     * Seconds of CPU the whole machine has been busy, all cores together (the first line of {@code /proc/stat}:
     * every state but idle and iowait), or NaN when it cannot be read.
     */
    static double machineBusySeconds() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                if (i != 4 && i != 5) { // idle, iowait
                    busy += Long.parseLong(f[i]);
                }
            }
            return busy / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Seconds of CPU used by {@code pid} (0 for this process), or NaN when it cannot be read. */
    static double seconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + (pid <= 0 ? "self" : Long.toString(pid)) + "/stat"));
            // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND; // utime, stime (fields 14, 15)
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }
}
