package org.matchledger.testsupport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A loopback port for a server that a test starts in another process (a service, a Kafka node, Keycloak, PostgreSQL).
 * <p>
 * Picked below the kernel's range of ephemeral ports (32768–60999 on Linux, 49152–65535 elsewhere): a port the kernel
 * hands out for {@code bind(0)} is also one it hands to outgoing connections, so between the pick and the server's own
 * bind a client connection (to Kafka, say) could take it, and the server would fail with "address in use". Below that
 * range only another pick could take it: each port is handed out once per JVM, and free when handed out.
 */
public final class FreePort {
    private static final int FROM = 20_000;
    private static final int TO = 32_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePort() {
    }

    /** A loopback port nothing listens on now, not handed out before by this JVM. */
    public static int pick() {
        for (int attempt = 0; attempt < 500; attempt++) {
            int port = FROM + ThreadLocalRandom.current().nextInt(TO - FROM);
            if (HANDED_OUT.add(port) && free(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port between " + FROM + " and " + TO + " after 500 picks");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
