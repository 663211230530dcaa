package org.matchledger.loadtest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/**
 * Posts events to the gateway the way a pool of table clients does: one thread per request in flight, each sending
 * synchronously, with the {@link BearerToken} of the environment. {@code sendAsync} is not used: the JDK completes
 * its futures through the common pool's default executor, which on a 2-core machine (common parallelism 1) starts
 * a new thread for every response, and that thread churn cost the generator more CPU than the requests did.
 */
final class GatewayPosts {
    /** The status passed to a callback when no answer came (refused, reset or timed out). */
    static final int NO_ANSWER = -1;

    private final String gateway;
    private final HttpClient http;
    private final ExecutorService senders;

    GatewayPosts(String gateway, int maxInFlight) {
        this.gateway = gateway;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .executor(Executors.newFixedThreadPool(2, daemon("http-client"))).connectTimeout(Duration.ofSeconds(5)).build();
        this.senders = Executors.newFixedThreadPool(maxInFlight, daemon("poster"));
    }

    /** Posts {@code body} (one event, or a JSON array of them when {@code batch}) on a sender thread; then {@code onStatus}. */
    void post(String matchId, String body, boolean batch, IntConsumer onStatus) {
        HttpRequest req = request(matchId, body, batch);
        senders.execute(() -> onStatus.accept(send(req)));
    }

    /** Posts on the calling thread; the HTTP status, or {@link #NO_ANSWER}. */
    int postNow(String matchId, String body) {
        return send(request(matchId, body, false));
    }

    private HttpRequest request(String matchId, String body, boolean batch) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(gateway + "/matches/" + matchId + "/events"))
                .header("Content-Type", batch ? "application/cloudevents-batch+json" : "application/cloudevents+json")
                .timeout(Duration.ofSeconds(15))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        String authorization = BearerToken.fromEnvironment().header();
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder.build();
    }

    private int send(HttpRequest req) {
        try {
            return http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return NO_ANSWER;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return NO_ANSWER;
        }
    }

    static ThreadFactory daemon(String name) {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
