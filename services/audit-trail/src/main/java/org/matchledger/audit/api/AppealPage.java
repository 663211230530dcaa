package org.matchledger.audit.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
 * {@code /matches/{id}/view?atSeq=N} and shows it. Vanilla JS, no build step. Test hooks: {@code data-seq} on timeline
 * rows, {@code data-field} on the view panel ({@code lastSeq}, {@code status}, {@code atTable}, …; scores as
 * {@code data-field="score"} with {@code data-player}).
 */
@Path("/")
public class AppealPage {
    @Inject
    LedgerStore store;

    @GET
    @Path("matches/{matchId}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> page(@PathParam("matchId") String matchId) {
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
            rows.append("<li class=\"").append(cls).append("\"");
            if ("APPLIED".equals(status)) {
                rows.append(" data-seq=\"").append(row.path("seq").asText()).append("\"");
            }
            rows.append(" data-status=\"").append(status).append("\" data-event-id=\"").append(esc(row.path("eventId").asText("")))
                    .append("\">");
            rows.append("<div class=\"head\"><span class=\"seq\">").append(row.hasNonNull("seq") ? row.get("seq").asText() : "–")
                    .append("</span> <span class=\"type\">").append(esc(row.path("type").asText("(unreadable)")))
                    .append("</span> <span class=\"badge ").append(status.toLowerCase()).append("\">").append(status)
                    .append("</span>");
            if (row.has("correction")) {
                JsonNode c = row.get("correction");
                rows.append(" <span class=\"badge correction\" data-target-id=\"").append(esc(c.path("targetId").asText()))
                        .append("\">").append(c.path("kind").asText()).append(" seq ").append(c.path("targetSeq").asText("?"))
                        .append("</span>");
            }
            if (row.has("correctedBy")) {
                for (JsonNode by : row.get("correctedBy")) {
                    rows.append(" <span class=\"badge corrected\">").append(by.path("kind").asText().toLowerCase())
                            .append(" at seq ").append(by.path("seq").asText()).append("</span>");
                }
            }
            if (row.has("appeal")) {
                JsonNode a = row.get("appeal");
                rows.append(" <span class=\"badge appeal\">APPEAL ").append(a.path("kind").asText());
                if ("FILED".equals(a.path("kind").asText())) {
                    rows.append(" on seq ").append(a.path("targetSeq").asText("?"));
                } else {
                    rows.append(a.path("upheld").asBoolean() ? ": upheld" : ": dismissed");
                }
                rows.append("</span>");
            }
            if (row.has("appealedBy")) {
                rows.append(" <span class=\"badge appealed\">appealed</span>");
            }
            if ("APPLIED".equals(status)) {
                rows.append(" <button type=\"button\" class=\"goto\" data-goto=\"").append(row.path("seq").asText())
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
                            rows.append(" <span class=\"f\">").append(f).append(": ").append(esc(r.get(f).asText())).append("</span>");
                        }
                    }
                    if (r.has("rejudges")) {
                        rows.append(" <span class=\"badge rejudged\">re-judges seq ").append(r.get("rejudges").asText()).append("</span>");
                    }
                    rows.append("</li>");
                }
                rows.append("</ul>");
            }
            rows.append("</li>\n");
        }
        rows.append("</ol>\n");
        return shell(matchId, rows.toString(), last);
    }

    static String shell(String matchId, String body, long last) {
        String id = esc(matchId);
        return """
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Appeal view · %s</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <style>
                body{font:14px/1.4 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(0,1fr) 22rem;gap:1rem;padding:1rem}
                h1{grid-column:1/-1;margin:0;font-size:1.3rem}
                #timeline{list-style:none;padding:0;margin:0}
                .ev{border-left:4px solid #9ab;padding:.3rem .6rem;margin:.3rem 0;background:#f7f9fb}
                .ev.rejected{border-color:#c33;background:#fdf2f2}.ev.duplicate{border-color:#aaa;color:#666}
                .ev.correction{border-color:#e90;background:#fff7e6}.ev.corrected{outline:1px dashed #e90}
                .ev.appeal{border-color:#63c;background:#f4f0fd}.ev.current{box-shadow:0 0 0 2px #36c}
                .seq{font-weight:bold;display:inline-block;min-width:2.5rem}.type{font-family:monospace}
                .badge{font-size:.75rem;padding:0 .3rem;border-radius:.2rem;background:#dde}.badge.rejected{background:#f99}
                .badge.correction,.badge.corrected{background:#fc6}.badge.appeal,.badge.appealed{background:#c9f}
                .rulings{margin:.2rem 0 0 2.5rem;padding:0;list-style:square}.rule{color:#036;font-weight:bold}
                .f{color:#444}.reason{color:#900;margin-left:2.5rem}
                aside{position:sticky;top:0;align-self:start;background:#fff;border:1px solid #ccd;padding:.6rem}
                #step{width:100%%}.row{display:flex;justify-content:space-between}
                table{border-collapse:collapse;width:100%%}td,th{padding:.1rem .3rem;text-align:left;border-bottom:1px solid #eee}
                </style></head>
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
                <script>
                (function () {
                  const body = document.body, id = body.dataset.matchId, last = +body.dataset.lastSeq;
                  const step = document.getElementById('step'), err = document.getElementById('view-error');
                  if (!last) { document.getElementById('view-panel').hidden = true; return; }
                  const set = (f, v) => document.querySelectorAll('[data-field="' + f + '"]').forEach(e => {
                    e.textContent = v === null || v === undefined ? '–' : (typeof v === 'object' ? JSON.stringify(v) : String(v)); });
                  let seq = +step.value, token = 0;
                  async function show(n) {
                    n = Math.max(1, Math.min(last, n)); seq = n; step.value = n; const my = ++token;
                    try {
                      const r = await fetch('/matches/' + encodeURIComponent(id) + '/view?atSeq=' + n, {headers: {Accept: 'application/json'}});
                      if (my !== token) return;
                      if (!r.ok) { err.textContent = 'view at ' + n + ': HTTP ' + r.status; return; }
                      const v = await r.json(); err.textContent = '';
                      ['lastSeq','status','rack','atTable','breaker','cueBall','ballsOnTable','pendingOption','winner'].forEach(f => set(f, v[f]));
                      const tb = document.querySelector('#players tbody'); tb.textContent = '';
                      (v.players || []).forEach(p => {
                        const tr = document.createElement('tr'); tr.dataset.player = p.id;
                        [['name', p.name + ' (' + p.id + ')'], ['score', p.score], ['consecutiveFouls', p.consecutiveFouls], ['group', p.group]]
                          .forEach(([f, val]) => { const td = document.createElement('td'); td.dataset.field = f; td.dataset.player = p.id;
                            td.textContent = val === null || val === undefined ? '–' : String(val); tr.appendChild(td); });
                        tb.appendChild(tr); });
                      document.querySelectorAll('#timeline .current').forEach(e => e.classList.remove('current'));
                      const row = document.querySelector('#timeline [data-seq="' + n + '"]');
                      if (row) row.classList.add('current');
                      body.dataset.shownSeq = String(v.lastSeq);
                    } catch (e) { if (my === token) err.textContent = 'view at ' + n + ': ' + e; }
                  }
                  step.addEventListener('input', () => show(+step.value));
                  document.getElementById('prev').addEventListener('click', () => show(seq - 1));
                  document.getElementById('next').addEventListener('click', () => show(seq + 1));
                  document.querySelectorAll('[data-goto]').forEach(b => b.addEventListener('click', () => show(+b.dataset.goto)));
                  show(seq);
                })();
                </script>
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
