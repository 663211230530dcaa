package org.matchledger.audit.api;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.matchledger.audit.page.AppealModel;
import org.matchledger.audit.page.ViewPanel;
import org.matchledger.audit.store.LedgerStore;
import org.matchledger.http.MatchIds;

/**
 * {@code /matches/{matchId}}: the appeal view, rendered from the Qute templates {@code templates/AppealPage/} (HTML
 * escaping by default: every value from the record is text, quotes included). The timeline reads as an appeals
 * committee needs it ({@link AppealModel}): players by name, each event's facts in words, each ruling's rule with its
 * short text, the balls on the table drawn as balls, corrections beside the rulings they re-judged. A step control
 * ({@code #step}, prev/next) fetches {@code /matches/{id}/view-panel?atSeq=N}, the view after N rendered on the server
 * ({@code AppealPage/viewPanel.html}, {@link ViewPanel}), and swaps it in. The script and the style are
 * static files ({@code META-INF/resources/appeal/}): no inline code, as the Content-Security-Policy requires.
 * Test hooks: {@code data-seq} on applied timeline rows, {@code data-status}, {@code data-event-id},
 * {@code data-poster-subject}/{@code -role}/{@code -table}, {@code data-kind} on rulings, {@code data-fact} on facts,
 * {@code data-rejudged-seq} on a correction's side-by-side rows, {@code data-ball} on drawn balls,
 * {@code data-field} on the view panel ({@code lastSeq}, {@code status}, {@code ballsOnTable}, …; scores as
 * {@code data-field="score"} with {@code data-player}).
 *
 * <p>Signed-in readers only: a browser without a session is sent to the identity provider (authorization code flow),
 * a request with a bearer token is verified as such; a signed-in account that is not a reader ({@link Readers}) gets
 * a plain 403 page.
 */
@Path("/")
public class AppealPage {
    static final String HTML = MediaType.TEXT_HTML + ";charset=UTF-8";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance appeal(AppealModel page);

        static native TemplateInstance refused(String who, String roles, String readers);

        static native TemplateInstance viewPanel(ViewPanel panel);
    }

    private final LedgerStore store;
    private final SecurityIdentity identity;

    public AppealPage(LedgerStore store, SecurityIdentity identity) {
        this.store = store;
        this.identity = identity;
    }

    @GET
    @Path("matches/{matchId}")
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    public Uni<Response> page(@PathParam("matchId") String matchId) {
        if (Readers.ROLES.stream().noneMatch(identity::hasRole)) {
            return Uni.createFrom().item(refused());
        }
        MatchIds.checked(matchId);
        return store.match(matchId, false).map(record -> record.known()
                ? Response.ok(Templates.appeal(AppealModel.of(record)).render(), HTML).build()
                : Response.status(404).type(HTML).entity(Templates.appeal(AppealModel.unknown(matchId)).render()).build());
    }

    /** The page an account that may not read the audit trail gets: says who it is and who may. */
    Response refused() {
        String who = identity.getPrincipal() == null ? "" : identity.getPrincipal().getName();
        String html = Templates.refused(who, Readers.roles(identity), String.join(", ", Readers.ROLES)).render();
        return Response.status(403).type(HTML).entity(html).build();
    }
}
