package org.matchledger.processor;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.matchledger.testsupport.KafkaTestResource;

import java.net.URL;
import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code /q/*} (health, metrics) is served on the management interface, its own port on 127.0.0.1 that needs no
 * token, and no longer on the service's public port (404 there). Management URLs are relative to its root, /q.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class ManagementInterfaceTest {
    @TestHTTPResource(value = "/health/live", management = true)
    URL managementHealth;
    @TestHTTPResource(value = "/metrics", management = true)
    URL managementMetrics;
    @TestHTTPResource("/q/health/live")
    URL publicHealth;
    @TestHTTPResource("/q/metrics")
    URL publicMetrics;

    @Test
    void healthIsOnTheManagementPort_notOnThePublicOne() throws InterruptedException {
        assertNotEquals(managementHealth.getPort(), publicHealth.getPort(), "a port of its own");
        // Kafka Streams starts after Quarkus (once its topics exist): until then the extension's own liveness check
        // reads CREATED as DOWN (503). The start takes seconds; the answer that counts is the one after it.
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (given().get(managementHealth).statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        given().get(managementHealth).then().statusCode(200).body("status", equalTo("UP"));
        given().get(publicHealth).then().statusCode(404);
    }

    @Test
    void metricsAreOnTheManagementPort_notOnThePublicOne() {
        given().get(managementMetrics).then().statusCode(200);
        given().get(publicMetrics).then().statusCode(404);
    }
}
