package org.matchledger.scoreboard;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.matchledger.core.json.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pages: {@code /} (the tournament dashboard) and {@code /overlay/{matchId}} (a broadcast lower third with a
 * transparent background), server-rendered from the read model; {@code assets/scoreboard.js} keeps them live. No
 * inline script or style: the script finds what it needs in the body's {@code data-} attributes, and the
 * Content-Security-Policy ({@link FeedRoutes}) allows scripts and styles from this origin only. Every value from
 * the ledger is escaped or coerced ({@link TileHtml}).
 */
@Path("/")
public class PagesResource {
    private static final String HTML = "text/html; charset=utf-8";
    private static final Map<String, String> ASSET_TYPES = Map.of(
            "scoreboard.js", "text/javascript; charset=utf-8",
            "dashboard.css", "text/css; charset=utf-8",
            "overlay.css", "text/css; charset=utf-8");
    private static final Map<String, String> ASSETS = new ConcurrentHashMap<>();

    @Inject
    FeedHub hub;

    @GET
    @Produces(HTML)
    public String dashboard() {
        StringBuilder live = new StringBuilder();
        StringBuilder finished = new StringBuilder();
        for (String json : hub.views(null, null)) {
            JsonNode v = read(json);
            ("FINISHED".equals(v.path("status").asText()) || TileHtml.closed(v) ? finished : live).append(TileHtml.tile(v));
        }
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>Tournament — live tables</title>
                <link rel="stylesheet" href="/assets/dashboard.css">
                </head><body data-page="dashboard" data-connection="connecting">
                <header class="top"><h1>Live tables</h1><span data-field="connection">connecting</span></header>
                <main>
                <section id="live" class="tiles">%s</section>
                <h2>Finished</h2>
                <section id="finished" class="tiles">%s</section>
                </main>
                <script src="/assets/scoreboard.js"></script>
                </body></html>
                """.formatted(live, finished);
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
        Optional<String> view = hub.view(matchId);
        if (view.isEmpty() && (accept == null || !accept.contains("text/html"))) {
            return MatchIds.unknown(matchId).response();
        }
        String body = view.map(json -> TileHtml.overlay(read(json))).orElse("");
        String page = """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8">
                <title>Overlay — %1$s</title>
                <link rel="stylesheet" href="/assets/overlay.css">
                </head><body data-page="overlay" data-match-id="%1$s" data-match-known="%2$s" data-connection="connecting">
                <div id="overlay">%3$s</div>
                <script src="/assets/scoreboard.js"></script>
                </body></html>
                """.formatted(TileHtml.esc(matchId), view.isPresent(), body);
        return Response.status(view.isPresent() ? 200 : 404).type(HTML).entity(page).build();
    }

    @GET
    @Path("assets/{name}")
    public Response asset(@PathParam("name") String name) {
        String type = ASSET_TYPES.get(name);
        if (type == null) {
            throw new NotFoundException();
        }
        return Response.ok(ASSETS.computeIfAbsent(name, PagesResource::load)).type(type).build();
    }

    private static String load(String name) {
        try (InputStream in = PagesResource.class.getResourceAsStream("/assets/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(String json) {
        try {
            return Json.read(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
