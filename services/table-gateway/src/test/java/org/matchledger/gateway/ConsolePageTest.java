package org.matchledger.gateway;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

/**
 * The table console's files and its small API are served without a token (a tablet must load the page before it is
 * paired), while a post of events still needs one. The pairing relay refuses a malformed request naming the field.
 * The console itself is tested in a real browser against the real identity provider by the system tests (ConsoleIT).
 */
@QuarkusTest
class ConsolePageTest {
    @Test
    void thePageItsModulesManifestAndServiceWorkerLoadWithoutAToken() {
        given().get("/console/").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("app.js"));
        for (String file : new String[]{"app.js", "labels.js", "facts.js", "store.js", "sw.js"}) {
            given().get("/console/" + file).then().statusCode(200).contentType(containsString("javascript"));
        }
        given().get("/console/manifest.webmanifest").then().statusCode(200).body(containsString("\"start_url\": \"/console/\""));
        given().get("/console/console.css").then().statusCode(200);
    }

    @Test
    void theConfigNamesTheScoreboardAndThePairingClient() {
        given().get("/console/api/config").then().statusCode(200)
                .body("scoreboardUrl", startsWith("http"))
                .body("pairingClient", equalTo("table-console"));
    }

    @Test
    void aTokenRequestWithoutAKnownGrantIs400NamingTheField() {
        given().contentType("application/x-www-form-urlencoded").formParam("grant", "password")
                .post("/console/api/token").then().statusCode(400).body("parameter", equalTo("grant"));
        given().contentType("application/x-www-form-urlencoded").formParam("grant", "device")
                .post("/console/api/token").then().statusCode(400).body("parameter", equalTo("device_code"));
    }

    @Test
    void postingEventsStillNeedsAToken() {
        given().contentType(EventsResource.SINGLE).body("{}").post("/matches/m-1/events").then().statusCode(401);
    }
}
