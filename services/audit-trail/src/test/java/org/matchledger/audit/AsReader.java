package org.matchledger.audit;

import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import org.matchledger.testsupport.TestTokens;

import java.util.Map;

/** The tests of what the audit trail answers read it as an auditor (a signed test token, TestTokensResource). */
final class AsReader {
    private AsReader() {
    }

    /** {@code Authorization: Bearer <an auditor's token>}. */
    static Map<String, String> headers() {
        return Map.of("Authorization", "Bearer " + TestTokens.forRole("auditor"));
    }

    /** Every REST Assured request of the test sends an auditor's token. */
    static void everyRequest() {
        RequestSpecBuilder spec = new RequestSpecBuilder();
        headers().forEach(spec::addHeader);
        RestAssured.requestSpecification = spec.build();
    }
}
