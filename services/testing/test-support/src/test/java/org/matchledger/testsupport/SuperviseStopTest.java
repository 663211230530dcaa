package org.matchledger.testsupport;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/lib/supervise.sh's stop of a component that does not stop within its grace period: the component's start
 * script is killed with its children. A Kafka node whose controlled shutdown cannot finish (the last node of a cluster
 * whose quorum is gone) runs its JVM as a child of deploy/local/kafka/start; killing only the script left the JVM
 * running, holding its ports.
 */
class SuperviseStopTest {

    @Test
    void aComponentKilledAfterItsGraceIsKilledWithItsChildren() throws Exception {
        Path lib = KeycloakServer.repositoryRoot().resolve("deploy/lib");
        // A start script whose child ignores SIGTERM; stop_pid with a 1 s grace; then: is the child still running?
        String script = """
                set -uo pipefail
                . "$LIB/common.sh"
                RUNNER=test
                . "$LIB/supervise.sh"
                bash -c 'trap "" TERM; bash -c "trap \\"\\" TERM; exec sleep 120" & wait' &
                component=$!
                for _ in $(seq 50); do child=$(ps -o pid= --ppid "$component" | tr -d ' '); [ -n "$child" ] && break; sleep 0.1; done
                stop_pid component "$component" 1
                sleep 0.5
                state=$(ps -o stat= -p "$child" 2>/dev/null)
                if [ -n "$state" ] && [ "${state#Z}" = "$state" ]; then kill -KILL "$child"; echo "child running"; else echo "child gone"; fi
                """;
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).redirectErrorStream(true);
        builder.environment().put("LIB", lib.toString());
        Process p = builder.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the script did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("did not stop within 1s, killing it"), out);
        assertTrue(out.contains("child gone"), out);
    }
}
