package org.matchledger.audit.api;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Request;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.matchledger.audit.ledger.Export;
import org.matchledger.audit.ledger.Refold;
import org.matchledger.audit.ledger.QuarantineEntry;
import org.matchledger.audit.ledger.Timeline;
import org.matchledger.audit.ledger.TimelineAnswer;
import org.matchledger.audit.ledger.Verification;
import org.matchledger.audit.ledger.VerifyAnswer;
import org.matchledger.audit.page.ViewPanel;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.audit.store.RecordedEvent;
import org.matchledger.audit.store.RulingRow;
import org.matchledger.core.view.MatchView;
import org.matchledger.http.MatchIds;
import org.matchledger.http.Problem;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The audit trail's HTTP API (read-only): timeline, view at a seq, verify, export, appeals, quarantine. Readers only
 * ({@link Readers}): a bearer token of an auditor, referee or director (or the session of a signed-in page, whose
 * script reads the view at each step). Refusals are problems: 401 with {@code WWW-Authenticate: Bearer}, 403 naming
 * the role.
 */
@Path("/")
@RolesAllowed({Readers.AUDITOR, Readers.REFEREE, Readers.DIRECTOR})
public class AuditResource {
    public static final String JSONL = "application/x-ndjson";
    public static final String CSV = "text/csv";

    private final LedgerStore store;
    private final SecurityIdentity identity;

    public AuditResource(LedgerStore store, SecurityIdentity identity) {
        this.store = store;
        this.identity = identity;
    }

    /** No token (and no signed-in session): 401, never a redirect to the sign-in page (this is an API). */
    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e, HttpHeaders headers) {
        return Readers.unauthorized(headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null);
    }

    /** A token that is not valid: altered, expired, another issuer or audience. */
    @ServerExceptionMapper
    public Response authenticationFailed(AuthenticationFailedException e, HttpHeaders headers) {
        return Readers.unauthorized(headers.getHeaderString(HttpHeaders.AUTHORIZATION) != null);
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, Request request, UriInfo uri) {
        return Readers.forbidden(identity, request.getMethod(), uri.getPath());
    }

    /** The timeline: each event as recorded, its rulings, corrections, rejections and appeals. */
    @GET
    @Path("matches/{matchId}/ledger")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<TimelineAnswer> ledger(@PathParam("matchId") String matchId) {
        MatchIds.checked(matchId);
        return known(matchId, false).map(Timeline::of);
    }

    /**
     * The view as it stood after event {@code atSeq}, re-derived with ledger-core; without it the match's view now: the
     * closed view ({@code "closed": true}) of a closed match, else the view after its last event.
     */
    @GET
    @Path("matches/{matchId}/view")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<MatchView> view(@PathParam("matchId") String matchId, @QueryParam("atSeq") String atSeq) {
        return viewAt(matchId, atSeq);
    }

    /**
     * The appeal page's view panel for that view, rendered as HTML (template {@code AppealPage/viewPanel.html}): what
     * the page's step control swaps in. The same parameters and problems as {@link #view}.
     */
    @GET
    @Path("matches/{matchId}/view-panel")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> viewPanel(@PathParam("matchId") String matchId, @QueryParam("atSeq") String atSeq) {
        return viewAt(matchId, atSeq).map(view ->
                Response.ok(AppealPage.Templates.viewPanel(ViewPanel.of(view)).render(), AppealPage.HTML).build());
    }

    /** The view re-derived after {@code atSeq} (the match's view now without it); a problem when there is none. */
    private Uni<MatchView> viewAt(String matchId, String atSeq) {
        MatchIds.checked(matchId);
        Long at = null;
        if (atSeq != null) {
            try {
                at = Long.parseLong(atSeq.trim());
            } catch (NumberFormatException e) {
                throw new Problem.Failure(Problem.badParameter("atSeq", "must be a whole number >= 1, got '" + atSeq + "'"));
            }
            if (at < 1) {
                throw new Problem.Failure(Problem.badParameter("atSeq", "must be >= 1, got " + at));
            }
        }
        Long seq = at;
        return store.eventsAndClosing(matchId).map(record -> {
            List<RecordedEvent> events = record.events();
            if (events.isEmpty()) {
                throw new Problem.Failure(unknown(matchId));
            }
            Refold.Closing closing = Refold.Closing.of(record);
            Refold.Folded folded = Refold.fold(events, closing, x -> false);
            long last = folded.lastSeq();
            MatchView view = last == 0 ? null : seq == null && folded.closed() != null ? folded.closed().view()
                    : Refold.viewAt(events, closing, seq == null ? last : seq);
            if (view == null) {
                throw new Problem.Failure(new Problem("urn:matchledger:problem:no-such-seq", "No such seq", 404,
                        "atSeq: match " + matchId + " has " + last + " applied events"
                                + (last > 0 ? "; ask for atSeq 1.." + last : ""), "atSeq", null));
            }
            return view;
        });
    }

    /** Re-derives the whole match and compares it with what the processor published. */
    @GET
    @Path("matches/{matchId}/verify")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<VerifyAnswer> verify(@PathParam("matchId") String matchId) {
        MatchIds.checked(matchId);
        return known(matchId, true).map(Verification::verify);
    }

    /** The full record for an appeal file: {@code jsonl} (replay-tool input) or {@code csv} (the timeline). */
    @GET
    @Path("matches/{matchId}/export")
    public Uni<Response> export(@PathParam("matchId") String matchId, @QueryParam("format") String format) {
        MatchIds.checked(matchId);
        String f = format == null ? "jsonl" : format.trim().toLowerCase();
        if (!f.equals("jsonl") && !f.equals("csv")) {
            throw new Problem.Failure(Problem.badParameter("format", "must be jsonl or csv, got '" + format + "'"));
        }
        return known(matchId, false).map(record -> f.equals("jsonl")
                ? Response.ok(Export.jsonl(record.events()), JSONL + ";charset=UTF-8")
                        .header("Content-Disposition", "attachment; filename=\"" + matchId + ".jsonl\"").build()
                : Response.ok(Export.csv(record), CSV + ";charset=UTF-8")
                        .header("Content-Disposition", "attachment; filename=\"" + matchId + ".csv\"").build());
    }

    /** Every appeal ({@code status}: open, decided, or both when absent) with the event it concerns. */
    @GET
    @Path("appeals")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<AppealsAnswer> appeals(@QueryParam("status") String status) {
        String s = status == null ? null : status.trim().toLowerCase();
        if (s != null && !s.equals("open") && !s.equals("decided")) {
            throw new Problem.Failure(Problem.badParameter("status", "must be open or decided, got '" + status + "'"));
        }
        return store.appealRulings().chain(rulings -> {
            Set<String> matches = new LinkedHashSet<>();
            for (RulingRow r : rulings) {
                if ("APPEAL_FILED".equals(r.kind)) {
                    matches.add(r.matchId);
                }
            }
            Uni<List<TimelineAnswer.ListedAppeal>> all = Uni.createFrom().item(new ArrayList<>());
            for (String m : matches) {
                all = all.chain(list -> store.match(m, false).map(record -> {
                    for (TimelineAnswer.ListedAppeal a : Timeline.of(record).appeals()) {
                        if (s == null || s.equals(a.status())) {
                            list.add(a);
                        }
                    }
                    return list;
                }));
            }
            return all;
        }).map(list -> new AppealsAnswer(s == null ? "all" : s, list));
    }

    /**
     * Records PostgreSQL refused to store or that could not be read, oldest first ({@code afterId} to page on,
     * {@code limit} 1–1000, default 100). Values as stored: NUL characters escaped as {@code \u0000}.
     */
    @GET
    @Path("quarantine")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<QuarantinePage> quarantine(@QueryParam("afterId") String afterId, @QueryParam("limit") String limit) {
        return quarantined(null, afterId, limit);
    }

    /** The quarantined records of one match. */
    @GET
    @Path("matches/{matchId}/quarantine")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<QuarantinePage> matchQuarantine(@PathParam("matchId") String matchId, @QueryParam("afterId") String afterId,
                                           @QueryParam("limit") String limit) {
        return quarantined(MatchIds.checked(matchId), afterId, limit);
    }

    private Uni<QuarantinePage> quarantined(String matchId, String afterId, String limit) {
        long after = number("afterId", afterId, 0, 0, Long.MAX_VALUE);
        int max = (int) number("limit", limit, 100, 1, 1000);
        return store.quarantined(matchId, after, max).map(list -> new QuarantinePage(matchId,
                list.stream().map(QuarantineEntry::of).toList(), list.size(),
                list.size() == max ? list.get(list.size() - 1).id : null));
    }

    private static long number(String name, String value, long absent, long min, long max) {
        if (value == null) {
            return absent;
        }
        try {
            long n = Long.parseLong(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new Problem.Failure(Problem.badParameter(name, "must be a whole number from " + min + " to " + max));
    }

    private Uni<LedgerStore.MatchRecord> known(String matchId, boolean withViews) {
        return store.match(matchId, withViews).map(record -> {
            if (!record.known()) {
                throw new Problem.Failure(unknown(matchId));
            }
            return record;
        });
    }

    static Problem unknown(String matchId) {
        return Problem.of(404, "Unknown match", "no event of match " + matchId + " has been recorded");
    }
}
