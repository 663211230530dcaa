package org.matchledger.scoreboard;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.ws.rs.core.Response;
import org.matchledger.core.json.Json;

/** RFC 9457 problem details, answered with {@code application/problem+json}; {@code parameter} names a bad one. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String parameter) {
    public static final String MEDIA_TYPE = "application/problem+json";

    public static Problem of(int status, String title, String detail) {
        return new Problem(type(title), title, status, detail, null);
    }

    public static Problem badParameter(String parameter, String detail) {
        return new Problem(type("Bad parameter"), "Bad parameter", 400, parameter + ": " + detail, parameter);
    }

    public static Problem unknownMatch(String matchId) {
        return of(404, "Unknown match", "no match " + matchId + " in the ledger");
    }

    private static String type(String title) {
        return "urn:matchledger:problem:" + title.toLowerCase().replace(' ', '-');
    }

    public String json() {
        return Json.write(this);
    }

    public Response response() {
        return Response.status(status).type(MEDIA_TYPE).entity(json()).build();
    }
}
