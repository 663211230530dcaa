package org.matchledger.systemtests;

import org.matchledger.testsupport.FreePort;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.InProcessBroker;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The gateway without Kafka: a post is answered 503 with {@code Retry-After} within seconds (never accepted, never
 * left hanging) and {@code /q/health/ready} says DOWN. The shared broker cannot be stopped (the other tests use it),
 * so each test has a broker of its own that it stops, or none at all.
 */
class GatewayUnavailableIT {
    /** How long a post may take to be refused: the gateway's producer gives up after 8 s (delivery.timeout.ms). */
    static final Duration REFUSED_WITHIN = Duration.ofSeconds(15);

    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void close() {
        for (int i = resources.size() - 1; i >= 0; i--) {
            try {
                resources.get(i).close();
            } catch (Exception e) {
                // keep closing the others
            }
        }
    }

    @Test
    void whenItsBrokerGoesAwayAPostIs503WithRetryAfterWithinSeconds() throws Exception {
        ServiceProcess gateway = gatewayWhoseBrokerIsGone("gu-gone-post");
        List<ObjectNode> events = SimMatch.play("gu-gone-post", Discipline.NINE_BALL, 1, 21, SimProfile.CLEAN).events();
        assertRefused(gateway, new GatewayClient(gateway), "gu-gone-post", events.get(1));
    }

    @Test
    void whenItsBrokerGoesAwayTheGatewayIsNotReadyWithinSeconds() throws Exception {
        ServiceProcess gateway = gatewayWhoseBrokerIsGone("gu-gone-ready");
        assertNotReady(gateway);
    }

    @Test
    void startedWithoutABrokerItAnswers503WithRetryAfterAndIsNotReady() {
        String nowhere = "127.0.0.1:" + FreePort.pick();
        ServiceProcess gateway = ServiceProcess.launch("table-gateway",
                ServiceProcess.jar(ServiceProcess.GATEWAY_JAR), ServiceProcess.serviceProperties(nowhere));
        resources.add(gateway);
        long t0 = System.nanoTime();
        await("the gateway (no broker at " + nowhere + ") answering HTTP").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(250)).until(() -> {
                    if (!gateway.alive()) {
                        fail("the gateway exited (status " + gateway.exitStatus() + ") " + (System.nanoTime() - t0) / 1_000_000
                                + " ms after its start without a broker; its log ends with:\n" + gateway.logTail(30));
                    }
                    return gateway.health("/q/health/ready", Duration.ofSeconds(10)) != null;
                });
        List<ObjectNode> events = SimMatch.play("gu-none", Discipline.EIGHT_BALL, 1, 22, SimProfile.CLEAN).events();
        assertRefused(gateway, new GatewayClient(gateway), "gu-none", events.get(0));
        assertNotReady(gateway);
    }

    /** A gateway on a broker of its own that accepted a first event, and then the broker stopped. */
    private ServiceProcess gatewayWhoseBrokerIsGone(String matchId) throws Exception {
        // A broker of this test's own, to stop (the shared one keeps running for the other tests).
        InProcessBroker broker = InProcessBroker.start("system-tests-kafka-");
        resources.add(broker);
        ServiceProcess gateway = ServiceProcess.gateway(broker.bootstrapServers());
        resources.add(gateway);
        ObjectNode first = SimMatch.play(matchId, Discipline.NINE_BALL, 1, 21, SimProfile.CLEAN).events().get(0);
        GatewayClient.Answer accepted = new GatewayClient(gateway).postOne(matchId, first);
        assertEquals(202, accepted.status(), "with its broker up: " + accepted);
        broker.close();
        return gateway;
    }

    /** 503 problem+json with a Retry-After in seconds, answered within {@link #REFUSED_WITHIN}. */
    private static void assertRefused(ServiceProcess gateway, GatewayClient client, String matchId, ObjectNode event) {
        GatewayClient.Answer refused = client.postOne(matchId, event);
        assertEquals(503, refused.status(), "without a broker: " + refused + "\ngateway log:\n" + gateway.logTail(20));
        assertTrue(refused.retryAfter().isPresent(), "503 without Retry-After: " + refused);
        assertTrue(refused.retryAfter().get().matches("\\d+"), "Retry-After: " + refused.retryAfter().get());
        assertTrue(refused.took().compareTo(REFUSED_WITHIN) <= 0, "refused after " + refused.took().toMillis() + " ms");
        assertTrue(refused.contentType().startsWith("application/problem+json"), refused.contentType());
        JsonNode problem = refused.json();
        assertEquals(503, problem.get("status").intValue(), refused.body());
    }

    /** {@code /q/health/ready} answers 503 DOWN within {@link #REFUSED_WITHIN}. */
    private static void assertNotReady(ServiceProcess gateway) {
        long t0 = System.nanoTime();
        long deadline = t0 + REFUSED_WITHIN.toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            last = gateway.health("/q/health/ready", Duration.ofNanos(Math.max(deadline - System.nanoTime(), 1_000_000)));
            if (last != null && last.statusCode() == 503 && last.body().contains("\"DOWN\"")) {
                return;
            }
            ServiceProcess.sleep(250);
        }
        fail("/q/health/ready did not answer 503 DOWN within " + REFUSED_WITHIN.toSeconds() + " s; last answer: "
                + (last == null ? "none (the request did not complete)" : last.statusCode() + " " + last.body()));
    }
}
