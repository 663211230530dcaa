package org.matchledger.gateway;

import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import org.matchledger.testsupport.TestTokens;

/**
 * For the tests of what the gateway does with a post (shapes, bounds, ordering): every request carries a director's
 * token, who may post every type. The rights themselves are tested in {@code PostingRightsTest}.
 */
final class DirectorToken {
    private DirectorToken() {
    }

    static void onEveryRequest() {
        RestAssured.requestSpecification = new RequestSpecBuilder()
                .addHeader("Authorization", "Bearer " + TestTokens.forAccount("director")).build();
    }

    static void off() {
        RestAssured.requestSpecification = null;
    }
}
