package org.matchledger.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.matchledger.testsupport.TestTokensResource;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.http.Problem;

import java.net.URL;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/** Posts beyond the limit of an address get 429 with Retry-After; reads are not limited. */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
@TestProfile(RateLimitProfile.class)
class RateLimitTest {
    /** Health is on the management interface (its own port; paths are relative to its root, /q). */
    @TestHTTPResource(value = "/health/live", management = true)
    URL live;


    @BeforeEach
    void token() {
        DirectorToken.onEveryRequest();
    }

    @AfterEach
    void noToken() {
        DirectorToken.off();
    }

    @Test
    void beyondTheBurst_aPostGets429WithRetryAfter() {
        int accepted = 0;
        Response limited = null;
        for (int i = 1; i <= 10 && limited == null; i++) {
            Response r = given().contentType(EventsResource.SINGLE).body(EventsResourceTest.event("r" + i, i, "m-r"))
                    .post("/matches/{m}/events", "m-r");
            if (r.statusCode() == 429) {
                limited = r;
            } else {
                assertEquals(202, r.statusCode(), r.asString());
                accepted++;
            }
        }
        assertNotNull(limited, "no 429 after 10 posts at a burst of 3");
        // a burst of 3, plus at most what one token a second refilled while the posts went out
        assertTrue(accepted >= 3 && accepted <= 5, "accepted " + accepted);
        assertTrue(limited.contentType().startsWith(Problem.MEDIA_TYPE), limited.contentType());
        long retryAfter = Long.parseLong(limited.header("Retry-After"));
        assertTrue(retryAfter >= 1, "Retry-After " + retryAfter);
        assertEquals(429, limited.jsonPath().getInt("status"));
        // health (on the management interface) is never limited
        for (int i = 0; i < 5; i++) {
            assertNotEquals(429, given().get(live).statusCode());
        }
    }
}
