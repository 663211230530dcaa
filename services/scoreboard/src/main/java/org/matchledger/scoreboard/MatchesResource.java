package org.matchledger.scoreboard;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.matchledger.http.Problem;

import java.util.List;

/**
 * The read model over HTTP: views of all matches, one view, a match's rulings. Bodies are the ledger's JSON as is. A
 * bad {@code matchId} is a 400 problem naming it, an unknown one a 404; neither creates anything.
 */
@Path("/matches")
@Produces(MediaType.APPLICATION_JSON)
public class MatchesResource {
    @Inject
    FeedHub hub;

    @GET
    public Response matches(@QueryParam("status") String status, @QueryParam("tableId") String tableId) {
        return Response.ok(array(hub.views(blankToNull(status), blankToNull(tableId)))).build();
    }

    @GET
    @Path("/{matchId}")
    public Response match(@PathParam("matchId") String matchId) {
        MatchIds.checked(matchId);
        return hub.view(matchId).map(v -> Response.ok(v).build())
                .orElseGet(() -> unknownMatch(matchId).response());
    }

    @GET
    @Path("/{matchId}/rulings")
    public Response rulings(@PathParam("matchId") String matchId, @QueryParam("afterSeq") String afterSeq) {
        MatchIds.checked(matchId);
        long after = afterSeq(afterSeq);
        return hub.rulingsAfter(matchId, after).map(r -> Response.ok(array(r)).build())
                .orElseGet(() -> unknownMatch(matchId).response());
    }

    static Problem unknownMatch(String matchId) {
        return MatchIds.unknown(matchId);
    }

    private static long afterSeq(String value) {
        if (value == null || value.isEmpty()) {
            return -1;
        }
        try {
            long n = Long.parseLong(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Problem.Failure(Problem.badParameter("afterSeq", "must be a seq (a whole number ≥ 0), got " + value));
    }

    static String array(List<String> jsons) {
        StringBuilder b = new StringBuilder(jsons.size() * 512 + 2).append('[');
        for (int i = 0; i < jsons.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(jsons.get(i));
        }
        return b.append(']').toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
