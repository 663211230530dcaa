package org.matchledger.gateway;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.matchledger.http.Problem;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/**
 * The scoring lease of the table console (docs/console.md "Two tablets on one match", issue 13: "the second is
 * read-only unless the first hands over — a takeover handshake that the first must accept, or a referee forces"):
 * take, ask, accept, decline, force, release over HTTP with the tokens the gateway verifies; hostile parameters are
 * 4xx naming the parameter. The stale holder (2 minutes) is tested on the clock in {@code ConsoleLeasesTest}.
 */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
class LeaseResourceTest {
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String TABLE = TestTokens.forTable("T05");
    private static final String OTHER_TABLE = TestTokens.forTable("T05");
    private static final String REFEREE = TestTokens.forAccount("referee");

    private static String match(String what) {
        return "lease-" + RUN + "-" + what;
    }

    private static RequestSpecification as(String token) {
        return given().header("Authorization", "Bearer " + token);
    }

    private static String lease(String m) {
        return "/console/api/matches/" + m + "/lease";
    }

    @Test
    void theFirstConsoleTakesTheLease_theSecondIsRefusedAndSeesItHeld() {
        String m = match("take");
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200)
                .body("held", equalTo(true)).body("yours", equalTo(true)).body("holderBy", equalTo("table-t05"));
        // taking it again is a no-op for its holder
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200).body("yours", equalTo(true));
        as(OTHER_TABLE).queryParam("console", "tab-B").post(lease(m)).then().statusCode(409)
                .contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("console"))
                .body("detail", containsString("another console"));
        as(OTHER_TABLE).queryParam("console", "tab-B").get(lease(m)).then().statusCode(200)
                .body("held", equalTo(true)).body("yours", equalTo(false)).body("stale", equalTo(false))
                .body("staleAfterSeconds", equalTo(120))
                // the holder's console id is never shown to another console: it is what answers for the lease
                .body(not(containsString("tab-A")));
    }

    @Test
    void theSecondAsks_theFirstSeesTheRequestAndAccepts_thenTheSecondHoldsIt() {
        String m = match("accept");
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200);
        as(OTHER_TABLE).queryParam("console", "tab-B").post(lease(m) + "/request").then().statusCode(202)
                .body("yours", equalTo(false)).body("request.yours", equalTo(true));
        as(TABLE).queryParam("console", "tab-A").get(lease(m)).then().statusCode(200)
                .body("yours", equalTo(true)).body("request.by", equalTo("table-t05")).body("request.yours", equalTo(false));
        // only the holder answers
        as(OTHER_TABLE).queryParam("console", "tab-B").queryParam("accept", "true").post(lease(m) + "/answer")
                .then().statusCode(409).body("parameter", equalTo("console"));
        as(TABLE).queryParam("console", "tab-A").queryParam("accept", "true").post(lease(m) + "/answer")
                .then().statusCode(200).body("yours", equalTo(false)).body("request", nullValue());
        as(OTHER_TABLE).queryParam("console", "tab-B").get(lease(m)).then().body("yours", equalTo(true));
        as(TABLE).queryParam("console", "tab-A").get(lease(m)).then().body("yours", equalTo(false)).body("held", equalTo(true));
        // nothing left to answer
        as(OTHER_TABLE).queryParam("console", "tab-B").queryParam("accept", "false").post(lease(m) + "/answer")
                .then().statusCode(409).body("parameter", equalTo("accept"));
    }

    @Test
    void aDeclinedRequestLeavesTheLeaseWhereItWas_andTheAskerIsTold() {
        String m = match("decline");
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200);
        as(OTHER_TABLE).queryParam("console", "tab-B").post(lease(m) + "/request").then().statusCode(202);
        as(TABLE).queryParam("console", "tab-A").queryParam("accept", "false").post(lease(m) + "/answer")
                .then().statusCode(200).body("yours", equalTo(true)).body("request", nullValue());
        as(OTHER_TABLE).queryParam("console", "tab-B").get(lease(m)).then()
                .body("yours", equalTo(false)).body("declined", equalTo(true)).body("request", nullValue());
    }

    @Test
    void aRefereeForces_aTableMayNot() {
        String m = match("force");
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200);
        as(OTHER_TABLE).queryParam("console", "tab-B").queryParam("force", "true").post(lease(m)).then().statusCode(403)
                .contentType(Problem.MEDIA_TYPE).body("detail", containsString("force"));
        as(REFEREE).queryParam("console", "ref-1").queryParam("force", "true").post(lease(m)).then().statusCode(200)
                .body("yours", equalTo(true)).body("holderBy", equalTo("referee"));
        as(TABLE).queryParam("console", "tab-A").get(lease(m)).then().body("yours", equalTo(false));
    }

    @Test
    void aReleasedLeaseIsFreeForTheNextConsole() {
        String m = match("release");
        as(TABLE).queryParam("console", "tab-A").post(lease(m)).then().statusCode(200);
        // only its holder releases it
        as(OTHER_TABLE).queryParam("console", "tab-B").delete(lease(m)).then().statusCode(200).body("held", equalTo(true));
        as(TABLE).queryParam("console", "tab-A").delete(lease(m)).then().statusCode(200).body("held", equalTo(false));
        as(OTHER_TABLE).queryParam("console", "tab-B").post(lease(m)).then().statusCode(200).body("yours", equalTo(true));
    }

    @Test
    void withoutATokenIs401_aRoleThatScoresNothingIs403() {
        given().queryParam("console", "tab-A").get(lease(match("auth"))).then().statusCode(401);
        given().queryParam("console", "tab-A").post(lease(match("auth"))).then().statusCode(401);
        as(TestTokens.forRole("broadcaster")).queryParam("console", "tab-A").post(lease(match("auth")))
                .then().statusCode(403).contentType(Problem.MEDIA_TYPE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "<script>", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "tab/1", "é"})
    void aBadConsoleIdIs400NamingIt(String console) {
        for (String path : new String[]{"", "/request", "/answer"}) {
            as(TABLE).queryParam("console", console).queryParam("accept", "true").post(lease(match("bad")) + path)
                    .then().statusCode(400).contentType(Problem.MEDIA_TYPE).body("parameter", equalTo("console"));
        }
        as(TABLE).queryParam("console", console).get(lease(match("bad"))).then().statusCode(400).body("parameter", equalTo("console"));
    }

    @Test
    void missingOrBadParametersAre400NamingThem() {
        as(TABLE).get(lease(match("bad"))).then().statusCode(400).body("parameter", equalTo("console"));
        as(TABLE).queryParam("console", "tab-A").get("/console/api/matches/" + "m".repeat(65) + "/lease")
                .then().statusCode(400).body("parameter", equalTo("matchId"));
        as(TABLE).queryParam("console", "tab-A").get("/console/api/matches/a%20b/lease")
                .then().statusCode(400).body("parameter", equalTo("matchId"));
        as(REFEREE).queryParam("console", "tab-A").queryParam("force", "yes").post(lease(match("bad")))
                .then().statusCode(400).body("parameter", equalTo("force"));
        as(TABLE).queryParam("console", "tab-A").queryParam("accept", "maybe").post(lease(match("bad")) + "/answer")
                .then().statusCode(400).body("parameter", equalTo("accept"));
        as(TABLE).queryParam("console", "tab-A").post(lease(match("bad")) + "/answer")
                .then().statusCode(400).body("parameter", equalTo("accept"));
    }
}
