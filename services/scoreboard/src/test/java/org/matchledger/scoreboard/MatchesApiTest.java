package org.matchledger.scoreboard;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.testsupport.KafkaTestResource;
import org.matchledger.testsupport.TestTokensResource;

import java.net.URL;
import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;

/** The HTTP API over a real broker: views, filters, one view, rulings after a seq, problems, broadcaster headers. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(TestTokensResource.class)
class MatchesApiTest {
    /** Health is on the management interface (its own port; paths are relative to its root, /q). */
    @TestHTTPResource(value = "/health/ready", management = true)
    URL ready;

    static final String RUN = Long.toString(System.nanoTime(), 36);
    static final String A = "api-" + RUN + "-a";
    static final String B = "api-" + RUN + "-b";
    static final String TABLE_A = "T1-" + RUN;
    static final String TABLE_B = "T2-" + RUN;

    static boolean written;

    /** Once per class, with the application up (rest-assured knows its port only then). */
    @BeforeEach
    void ledger() {
        if (written) {
            return;
        }
        written = true;
        try (LedgerWriter w = new LedgerWriter()) {
            w.write(List.of(LedgerWriter.ruling(A, 1L, 0, "MATCH_OPENED"), LedgerWriter.ruling(B, 1L, 0, "MATCH_OPENED")),
                    List.of(LedgerWriter.view(A, TABLE_A, "AWAITING_LAG", 1, 0), LedgerWriter.view(B, TABLE_B, "AWAITING_LAG", 1, 0)));
            w.write(List.of(LedgerWriter.ruling(A, 2L, 0, "LAG_WON"), LedgerWriter.ruling(A, 2L, 1, "BREAK_ASSIGNED"),
                            LedgerWriter.ruling(B, 2L, 0, "MATCH_WON")),
                    List.of(LedgerWriter.view(A, TABLE_A, "IN_PROGRESS", 2, 0), LedgerWriter.view(B, TABLE_B, "FINISHED", 2, 7)));
            // Each event delivered twice: the processor answers the resend with a DUPLICATE ruling, no view.
            w.write(List.of(LedgerWriter.ruling(A, 2L, 0, "DUPLICATE")), List.of());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> given().get("/matches/" + B).statusCode() == 200
                && given().get("/matches/" + B).jsonPath().getInt("lastSeq") == 2
                && given().get("/matches/" + A + "/rulings").jsonPath().getList("$").size() == 4);
    }

    @Test
    void oneMatchIsItsLatestView() {
        given().get("/matches/" + A).then().statusCode(200).contentType(startsWith("application/json"))
                .body("matchId", equalTo(A)).body("status", equalTo("IN_PROGRESS")).body("lastSeq", equalTo(2))
                .body("tableId", equalTo(TABLE_A));
    }

    @Test
    void allMatchesAreSortedByMatchIdAndFilterByStatusAndTable() {
        given().get("/matches").then().statusCode(200).body("matchId", hasItems(A, B));
        List<String> ids = given().get("/matches").jsonPath().getList("matchId");
        assertSorted(ids);
        given().queryParam("tableId", TABLE_A).get("/matches").then().body("matchId", contains(A));
        given().queryParam("status", "FINISHED").queryParam("tableId", TABLE_B).get("/matches").then().body("matchId", contains(B));
        given().queryParam("status", "IN_PROGRESS").queryParam("tableId", TABLE_B).get("/matches").then().body("size()", equalTo(0));
    }

    @Test
    void anUnknownMatchIs404WithAProblem() {
        given().get("/matches/no-such-" + RUN).then().statusCode(404).contentType(startsWith("application/problem+json"))
                .body("status", equalTo(404)).body("title", equalTo("Unknown match"));
        given().get("/matches/no-such-" + RUN + "/rulings").then().statusCode(404).contentType(startsWith("application/problem+json"));
    }

    /** The scoreboard is read-only: another method or an unknown path is a problem that says where to look. */
    @Test
    void theScoreboardIsReadOnly_andAnUnknownPathNamesTheEntryPoint() {
        given().post("/matches").then().statusCode(405).contentType(startsWith("application/problem+json"))
                .body("detail", equalTo("the scoreboard is read-only: GET only"));
        given().get("/nothing/here").then().statusCode(404).contentType(startsWith("application/problem+json"))
                .body("detail", equalTo("no such resource; see GET /matches"));
    }

    @Test
    void rulingsAfterASeqInLedgerOrder() {
        given().get("/matches/" + A + "/rulings").then().statusCode(200)
                .body("kind", contains("MATCH_OPENED", "LAG_WON", "BREAK_ASSIGNED", "DUPLICATE"));
        given().queryParam("afterSeq", 1).get("/matches/" + A + "/rulings").then().statusCode(200)
                .body("kind", contains("LAG_WON", "BREAK_ASSIGNED", "DUPLICATE")).body("n", contains(0, 1, 0));
        given().queryParam("afterSeq", 2).get("/matches/" + A + "/rulings").then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void aBadAfterSeqIs400NamingIt() {
        for (String bad : List.of("abc", "-1", "1.5")) {
            given().queryParam("afterSeq", bad).get("/matches/" + A + "/rulings").then().statusCode(400)
                    .contentType(startsWith("application/problem+json")).body("parameter", equalTo("afterSeq"))
                    .body("status", equalTo(400));
        }
    }

    @Test
    void everyAnswerIsNoStoreAndOpenToEveryOrigin() {
        for (String path : List.of("/matches", "/matches/" + A, "/matches/" + A + "/rulings", "/", "/overlay/" + A, "/assets/scoreboard.js")) {
            given().header("Origin", "https://overlay.example").get(path).then().statusCode(200)
                    .header("Cache-Control", "no-store").header("Access-Control-Allow-Origin", "*");
        }
        given().header("Origin", "https://overlay.example").header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "last-event-id")
                .options("/matches/" + A + "/stream").then().statusCode(204)
                .header("Access-Control-Allow-Origin", "*").header("Access-Control-Allow-Headers", startsWith("Last-Event-ID"));
    }

    @Test
    void readyOnceCaughtUp() {
        given().get(ready).then().statusCode(200).body("status", equalTo("UP"));
    }

    static void assertSorted(List<String> ids) {
        for (int i = 1; i < ids.size(); i++) {
            if (ids.get(i - 1).compareTo(ids.get(i)) > 0) {
                throw new AssertionError("not sorted by matchId: " + ids);
            }
        }
    }
}
