package org.matchledger.scoreboard.pages;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.matchledger.http.MatchIds;
import org.matchledger.scoreboard.readmodel.FeedHub;
import org.matchledger.scoreboard.readmodel.LedgerView;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pages: {@code /} (the tournament dashboard) and {@code /overlay/{matchId}} (a broadcast lower third with a
 * transparent background), rendered from the read model with the Qute templates {@code templates/PagesResource/},
 * whose tiles are those of {@link Tiles}; {@code assets/scoreboard.js} keeps them live from the feeds of rendered
 * HTML. No inline script or style: the script finds what it needs in the body's {@code data-} attributes, and the
 * Content-Security-Policy ({@code feed.FeedRoutes}) allows scripts and styles from this origin only. The script and the
 * styles are static files ({@code META-INF/resources/assets/}).
 */
@Path("/")
public class PagesResource {
    private static final String HTML = "text/html; charset=utf-8";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance dashboard(List<TileView> live, List<TileView> finished);

        static native TemplateInstance overlay(String matchId, boolean known, TileView view);
    }

    private final FeedHub hub;

    public PagesResource(FeedHub hub) {
        this.hub = hub;
    }

    @GET
    @Produces(HTML)
    public String dashboard() {
        List<TileView> live = new ArrayList<>();
        List<TileView> finished = new ArrayList<>();
        for (LedgerView view : hub.views(null, null)) {
            TileView v = TileView.of(view);
            (v.finished() ? finished : live).add(v);
        }
        return Templates.dashboard(live, finished).render();
    }

    /**
     * The overlay of one match. A bad id is a 400 problem. An id the ledger does not know (yet) is a 404: a browser
     * (it asks for HTML) gets the empty overlay, whose script waits for the match on the feed of every match, so that
     * a browser source can be set up before the match starts; any other client gets the problem.
     */
    @GET
    @Path("overlay/{matchId}")
    public Response overlay(@PathParam("matchId") String matchId, @HeaderParam("Accept") String accept) {
        MatchIds.checked(matchId);
        Optional<LedgerView> view = hub.view(matchId);
        if (view.isEmpty() && (accept == null || !accept.contains("text/html"))) {
            return MatchIds.unknown(matchId).response();
        }
        TileView shown = view.map(TileView::of).orElse(null);
        String page = Templates.overlay(matchId, view.isPresent(), shown).render();
        return Response.status(view.isPresent() ? 200 : 404).type(HTML).entity(page).build();
    }
}
