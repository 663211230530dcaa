package org.matchledger.audit.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.matchledger.audit.ledger.Timeline;
import org.matchledger.audit.store.LedgerStore;

/**
 * {@code /matches/{matchId}}: the appeal view. Server-rendered timeline (each event with its rulings and rule numbers;
 * corrections, rejections and appeals marked) and a step control ({@code #step}, prev/next buttons) that fetches
 * {@code /matches/{id}/view?atSeq=N} and shows it. Vanilla JS, no build step, served as static files
 * ({@code META-INF/resources/appeal/}: no inline script or style, so the Content-Security-Policy forbids inline code).
 * Every value from the record is HTML-escaped ({@link #esc}, quotes included: safe in text and quoted attributes). Test hooks: {@code data-seq} on timeline
 * rows, {@code data-poster-subject}/{@code -role}/{@code -table} on who posted each event, {@code data-field} on the view panel ({@code lastSeq}, {@code status}, {@code atTable}, …; scores as
 * {@code data-field="score"} with {@code data-player}).
 *
 * <p>Signed-in readers only: a browser without a session is sent to the identity provider (authorization code flow),
 * a request with a bearer token is verified as such; a signed-in account that is not a reader ({@link Readers}) gets
 * a plain 403 page.
 */
@Path("/")
public class AppealPage {
    @Inject
    LedgerStore store;

    @Inject
    SecurityIdentity identity;

    @GET
    @Path("matches/{matchId}")
    @Produces(MediaType.TEXT_HTML)
    @Authenticated
    public Uni<Response> page(@PathParam("matchId") String matchId) {
        if (Readers.ROLES.stream().noneMatch(identity::hasRole)) {
            return Uni.createFrom().item(refused());
        }
        MatchIds.valid(matchId);
        return store.match(matchId, false).map(record -> {
            if (!record.known()) {
                return Response.status(404).type(MediaType.TEXT_HTML + ";charset=UTF-8")
                        .entity(shell(matchId, "<p class=\"empty\">No event of match " + esc(matchId)
                                + " has been recorded.</p>", 0)).build();
            }
            ObjectNode t = Timeline.of(record);
            return Response.ok(render(matchId, t), MediaType.TEXT_HTML + ";charset=UTF-8").build();
        });
    }

    /** The page an account that may not read the audit trail gets: says who it is and who may. */
    Response refused() {
        String who = identity.getPrincipal() == null ? "" : identity.getPrincipal().getName();
        String html = """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Not allowed · audit trail</title>
                <link rel="stylesheet" href="/appeal/appeal.css"></head>
                <body><h1>Not allowed</h1>
                <p id="refused">%s (role %s) may not read the audit trail. Readers: %s.</p>
                </body></html>
                """.formatted(esc(who), esc(Readers.roles(identity)), esc(String.join(", ", Readers.ROLES)));
        return Response.status(403).type(MediaType.TEXT_HTML + ";charset=UTF-8").entity(html).build();
    }

    static String render(String matchId, ObjectNode t) {
        long last = t.path("lastSeq").asLong();
        StringBuilder rows = new StringBuilder();
        rows.append("<p class=\"summary\">").append(t.path("recordedEvents").asInt()).append(" recorded events: ")
                .append(t.path("applied").asInt()).append(" applied, ").append(t.path("rejected").asInt())
                .append(" rejected, ").append(t.path("duplicates").asInt()).append(" duplicates; ")
                .append(t.path("appeals").size()).append(" appeals. <a href=\"/matches/").append(esc(matchId))
                .append("/export?format=jsonl\">jsonl</a> · <a href=\"/matches/").append(esc(matchId))
                .append("/export?format=csv\">csv</a> · <a href=\"/matches/").append(esc(matchId))
                .append("/verify\">verify</a></p>\n<ol id=\"timeline\">\n");
        for (JsonNode row : t.path("timeline")) {
            String status = row.path("status").asText();
            StringBuilder cls = new StringBuilder("ev ").append(status.toLowerCase());
            if (row.has("correction")) {
                cls.append(" correction");
            }
            if (row.has("correctedBy")) {
                cls.append(" corrected");
            }
            if (row.has("appeal")) {
                cls.append(" appeal");
            }
            if (row.has("appealedBy")) {
                cls.append(" appealed");
            }
            rows.append("<li class=\"").append(esc(cls.toString())).append("\"");
            if ("APPLIED".equals(status)) {
                rows.append(" data-seq=\"").append(esc(row.path("seq").asText())).append("\"");
            }
            rows.append(" data-status=\"").append(esc(status)).append("\" data-event-id=\"").append(esc(row.path("eventId").asText("")))
                    .append("\">");
            rows.append("<div class=\"head\"><span class=\"seq\">").append(row.hasNonNull("seq") ? esc(row.get("seq").asText()) : "–")
                    .append("</span> <span class=\"type\">").append(esc(row.path("type").asText("(unreadable)")))
                    .append("</span> <span class=\"badge ").append(esc(status.toLowerCase())).append("\">").append(esc(status))
                    .append("</span>");
            JsonNode poster = row.path("poster");
            if (poster.isObject()) {
                rows.append(" <span class=\"poster\" data-poster-subject=\"").append(esc(poster.path("subject").asText("")))
                        .append("\" data-poster-role=\"").append(esc(poster.path("role").asText("")))
                        .append("\" data-poster-table=\"").append(esc(poster.path("tableId").asText(""))).append("\">by ")
                        .append(esc(poster.path("subject").asText("?"))).append(" (").append(esc(poster.path("role").asText("?")));
                if (poster.hasNonNull("tableId")) {
                    rows.append(", table ").append(esc(poster.get("tableId").asText()));
                }
                rows.append(")</span>");
            }
            if (row.has("correction")) {
                JsonNode c = row.get("correction");
                rows.append(" <span class=\"badge correction\" data-target-id=\"").append(esc(c.path("targetId").asText()))
                        .append("\">").append(esc(c.path("kind").asText())).append(" seq ").append(esc(c.path("targetSeq").asText("?")))
                        .append("</span>");
            }
            if (row.has("correctedBy")) {
                for (JsonNode by : row.get("correctedBy")) {
                    rows.append(" <span class=\"badge corrected\">").append(esc(by.path("kind").asText().toLowerCase()))
                            .append(" at seq ").append(esc(by.path("seq").asText())).append("</span>");
                }
            }
            if (row.has("appeal")) {
                JsonNode a = row.get("appeal");
                rows.append(" <span class=\"badge appeal\">APPEAL ").append(esc(a.path("kind").asText()));
                if ("FILED".equals(a.path("kind").asText())) {
                    rows.append(" on seq ").append(esc(a.path("targetSeq").asText("?")));
                } else {
                    rows.append(a.path("upheld").asBoolean() ? ": upheld" : ": dismissed");
                }
                rows.append("</span>");
            }
            if (row.has("appealedBy")) {
                rows.append(" <span class=\"badge appealed\">appealed</span>");
            }
            if ("APPLIED".equals(status)) {
                rows.append(" <button type=\"button\" class=\"goto\" data-goto=\"").append(esc(row.path("seq").asText()))
                        .append("\">show view</button>");
            }
            rows.append("</div>");
            if (row.has("reason")) {
                rows.append("<div class=\"reason\">").append(esc(row.get("reason").asText())).append("</div>");
            }
            if (row.has("rulings")) {
                rows.append("<ul class=\"rulings\">");
                for (JsonNode r : row.get("rulings")) {
                    rows.append("<li class=\"ruling\" data-kind=\"").append(esc(r.path("kind").asText()))
                            .append("\"><b>").append(esc(r.path("kind").asText())).append("</b>");
                    if (r.has("rule")) {
                        rows.append(" <span class=\"rule\">rule ").append(esc(r.get("rule").asText())).append("</span>");
                    }
                    for (String f : new String[]{"player", "foul", "points", "group", "option", "targetId", "detail", "reason"}) {
                        if (r.has(f)) {
                            rows.append(" <span class=\"f\">").append(esc(f)).append(": ").append(esc(r.get(f).asText())).append("</span>");
                        }
                    }
                    if (r.has("rejudges")) {
                        rows.append(" <span class=\"badge rejudged\">re-judges seq ").append(esc(r.get("rejudges").asText())).append("</span>");
                    }
                    rows.append("</li>");
                }
                rows.append("</ul>");
            }
            rows.append("</li>\n");
        }
        rows.append("</ol>\n");
        if (!t.path("quarantined").isEmpty()) {
            rows.append("<h2>Quarantined records</h2>\n<ol id=\"quarantined\">\n");
            for (JsonNode q : t.path("quarantined")) {
                rows.append("<li class=\"quarantined\"><span class=\"type\">").append(esc(q.path("topic").asText()))
                        .append('-').append(esc(q.path("partition").asText())).append('@')
                        .append(esc(q.path("offset").asText())).append("</span> <span class=\"badge rejected\">SQLSTATE ")
                        .append(esc(q.path("sqlState").asText("–"))).append("</span><div class=\"reason\">")
                        .append(esc(q.path("error").asText())).append("</div></li>\n");
            }
            rows.append("</ol>\n");
        }
        return shell(matchId, rows.toString(), last);
    }

    static String shell(String matchId, String body, long last) {
        String id = esc(matchId);
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Appeal view · %s</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <link rel="stylesheet" href="/appeal/appeal.css">
                <script src="/appeal/appeal.js" defer></script></head>
                <body data-match-id="%s" data-last-seq="%d">
                <h1>Appeal view — match %s</h1>
                <main>%s</main>
                <aside id="view-panel" aria-live="polite">
                  <div class="row"><button type="button" id="prev">◀ prev</button>
                    <span>after seq <b data-field="lastSeq">–</b> of %d</span>
                    <button type="button" id="next">next ▶</button></div>
                  <input type="range" id="step" min="1" max="%d" value="%d" aria-label="event seq">
                  <table>
                    <tr><th>status</th><td data-field="status"></td></tr>
                    <tr><th>rack</th><td data-field="rack"></td></tr>
                    <tr><th>at table</th><td data-field="atTable"></td></tr>
                    <tr><th>breaker</th><td data-field="breaker"></td></tr>
                    <tr><th>cue ball</th><td data-field="cueBall"></td></tr>
                    <tr><th>balls on table</th><td data-field="ballsOnTable"></td></tr>
                    <tr><th>pending option</th><td data-field="pendingOption"></td></tr>
                    <tr><th>winner</th><td data-field="winner"></td></tr>
                  </table>
                  <h3>Players</h3>
                  <table id="players"><thead><tr><th>player</th><th>score</th><th>fouls</th><th>group</th></tr></thead><tbody></tbody></table>
                  <p id="view-error" role="alert"></p>
                </aside>
                </body></html>
                """.formatted(id, id, last, id, body, last, Math.max(1, last), Math.max(1, last));
    }

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
