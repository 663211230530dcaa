package org.matchledger.scoreboard;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URL;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * {@code /q/*} (health, metrics) is served on the management interface, its own port on 127.0.0.1 that needs no
 * token, and no longer on the service's public port (404 there). Management URLs are relative to its root, /q.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
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
    void healthIsOnTheManagementPort_notOnThePublicOne() {
        assertNotEquals(managementHealth.getPort(), publicHealth.getPort(), "a port of its own");
        given().get(managementHealth).then().statusCode(200).body("status", equalTo("UP"));
        given().get(publicHealth).then().statusCode(404);
    }

    @Test
    void metricsAreOnTheManagementPort_notOnThePublicOne() {
        given().get(managementMetrics).then().statusCode(200);
        given().get(publicMetrics).then().statusCode(404);
    }

    /** The gauge the HorizontalPodAutoscaler scales on (deploy/k8s): live feed connections. */
    @Test
    void liveConnectionsAreAGauge() {
        given().get(managementMetrics).then().statusCode(200)
                .body(containsString("# TYPE scoreboard_connections gauge"));
    }
}
