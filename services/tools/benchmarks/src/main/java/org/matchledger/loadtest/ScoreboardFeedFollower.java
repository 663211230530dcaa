package org.matchledger.loadtest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Follows the scoreboard's every-match feed ({@code GET /stream}) as a broadcaster does: live (with the bearer
 * token), and when the connection drops, again at once with {@code Last-Event-ID} (a restarted instance answers with
 * a snapshot of every match's latest view). Each {@code view} message tells {@code onView} the match's
 * {@code lastSeq}: what a viewer sees, so the time from a post to it is ingest → view on the scoreboard.
 */
final class ScoreboardFeedFollower {
    interface ViewListener {
        void onView(String matchId, long lastSeq);
    }

    private final String scoreboard;
    private final ViewListener onView;
    private final AtomicBoolean stop = new AtomicBoolean();
    /** Times the feed was lost and taken up again. */
    final AtomicLong reconnects = new AtomicLong();
    /** Why the feed was last lost (null while it never was). */
    volatile String lastFailure;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();
    private String lastId;

    ScoreboardFeedFollower(String scoreboard, ViewListener onView) {
        this.scoreboard = scoreboard;
        this.onView = onView;
    }

    Thread start() {
        Thread t = new Thread(this::run, "scoreboard-feed");
        t.setDaemon(true);
        t.start();
        return t;
    }

    void stop() {
        stop.set(true);
    }

    private void run() {
        boolean first = true;
        while (!stop.get()) {
            if (!first) {
                reconnects.incrementAndGet();
            }
            first = false;
            try {
                follow();
            } catch (IOException e) {
                lastFailure = e.toString(); // the scoreboard is down or restarting: try again shortly
            } catch (InterruptedException e) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void follow() throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(scoreboard + "/stream")).header("Accept", "text/event-stream");
        String authorization = BearerToken.fromEnvironment().header();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        if (lastId != null) {
            b.header("Last-Event-ID", lastId);
        }
        HttpResponse<InputStream> r = http.send(b.GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        if (r.statusCode() != 200) {
            r.body().close();
            throw new IOException("HTTP " + r.statusCode() + (lastId == null ? "" : " (Last-Event-ID " + lastId + ")"));
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String id = null;
            String event = null;
            String data = null;
            for (String line; !stop.get() && (line = in.readLine()) != null; ) {
                if (line.isEmpty()) {
                    if (id != null) {
                        lastId = id;
                    }
                    if ("view".equals(event) && data != null && id != null && id.indexOf(':') > 0) {
                        onView.onView(id.substring(0, id.lastIndexOf(':')), HttpLoad.lastSeq(data));
                    }
                    id = null;
                    event = null;
                    data = null;
                } else if (line.startsWith("id: ")) {
                    id = line.substring(4);
                } else if (line.startsWith("event: ")) {
                    event = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = line.substring(6);
                }
            }
        }
        lastFailure = "the feed ended";
    }
}
