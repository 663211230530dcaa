package org.matchledger.scoreboard.api;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.matchledger.http.MatchIds;
import org.matchledger.http.Problem;
import org.matchledger.scoreboard.readmodel.FeedHub;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The read model over HTTP: views of all matches, one view, a match's rulings. The held views and rulings are written
 * by Jackson as the ledger's JSON as is ({@link org.matchledger.scoreboard.readmodel.LedgerJson}). A bad
 * {@code matchId} is a 400 problem naming it, an unknown one a 404; neither creates anything.
 */
@Path("/matches")
@Produces(MediaType.APPLICATION_JSON)
public class MatchesResource {
    /** Views per page of {@code GET /matches}: without {@code limit}, and at most. */
    static final int MAX_LIMIT = 1000;

    private final FeedHub hub;

    public MatchesResource(FeedHub hub) {
        this.hub = hub;
    }

    /**
     * The latest views by match id, a page at a time: at most {@code limit} (1–1,000, default 1,000) of the matches
     * whose id sorts after {@code after}. The body stays the JSON array it always was; when more matches follow, a
     * {@code Link: <…>; rel="next"} header gives the next page's address.
     */
    @GET
    public Response matches(@QueryParam("status") String status, @QueryParam("tableId") String tableId,
                            @QueryParam("limit") String limit, @QueryParam("after") String after) {
        int max = limit(limit);
        String from = blankToNull(after);
        if (from != null && !MatchIds.valid(from)) {
            throw new Problem.Failure(Problem.badParameter("after", "must be a match id (1 to 64 characters from A-Z a-z 0-9 . _ -)"));
        }
        List<FeedHub.Listed> page = hub.views(blankToNull(status), blankToNull(tableId), from, max + 1);
        Response.ResponseBuilder ok = Response.ok(page.stream().limit(max).map(FeedHub.Listed::view).toList());
        if (page.size() > max) {
            String last = URLEncoder.encode(page.get(max - 1).matchId(), StandardCharsets.UTF_8);
            StringBuilder next = new StringBuilder("/matches?limit=").append(max).append("&after=").append(last);
            if (blankToNull(status) != null) {
                next.append("&status=").append(URLEncoder.encode(status, StandardCharsets.UTF_8));
            }
            if (blankToNull(tableId) != null) {
                next.append("&tableId=").append(URLEncoder.encode(tableId, StandardCharsets.UTF_8));
            }
            ok.header("Link", "<" + next + ">; rel=\"next\"");
        }
        return ok.build();
    }

    private static int limit(String value) {
        if (value == null || value.isEmpty()) {
            return MAX_LIMIT;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new Problem.Failure(Problem.badParameter("limit", "must be a whole number from 1 to " + MAX_LIMIT + ", got " + value));
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
        return hub.rulingsAfter(matchId, after).map(r -> Response.ok(r).build())
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

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
