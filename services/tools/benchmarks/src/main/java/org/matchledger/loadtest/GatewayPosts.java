package org.matchledger.loadtest;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

/**
 * Posts events to the gateway the way a pool of table clients does: one thread per request in flight, each sending
 * synchronously on a kept-alive connection of its own ({@link KeepAliveHttp}), with the {@link BearerToken} of the
 * environment. The JDK's {@code HttpClient} is not used for the posts: its {@code sendAsync} completes futures through
 * the common pool's default executor, which on a 2-core machine (common parallelism 1) starts a new thread for every
 * response, and even its synchronous {@code send} runs the same asynchronous machinery, which cost the generator
 * most of a core at a few hundred posts per second.
 */
final class GatewayPosts {
    /** The status passed to a callback when no answer came (refused, reset or timed out). */
    static final int NO_ANSWER = -1;

    private final URI gateway;
    private final ExecutorService senders;
    private final ThreadLocal<KeepAliveHttp> connection;

    GatewayPosts(String gateway, int maxInFlight) {
        this.gateway = URI.create(gateway);
        this.connection = ThreadLocal.withInitial(() -> new KeepAliveHttp(this.gateway, 15_000));
        this.senders = Executors.newFixedThreadPool(maxInFlight, daemon("poster"));
    }

    /** Posts {@code body} (one event, or a JSON array of them when {@code batch}) on a sender thread; then {@code onStatus}. */
    void post(String matchId, String body, boolean batch, IntConsumer onStatus) {
        senders.execute(() -> onStatus.accept(send(matchId, body, batch)));
    }

    /** Posts on the calling thread; the HTTP status, or {@link #NO_ANSWER}. */
    int postNow(String matchId, String body) {
        return send(matchId, body, false);
    }

    private int send(String matchId, String body, boolean batch) {
        String type = batch ? "application/cloudevents-batch+json" : "application/cloudevents+json";
        String authorization = BearerToken.fromEnvironment().header();
        String path = gateway.getRawPath().replaceAll("/$", "") + "/matches/" + matchId + "/events";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try {
            return authorization == null
                    ? connection.get().post(path, bytes, "Content-Type", type)
                    : connection.get().post(path, bytes, "Content-Type", type, "Authorization", authorization);
        } catch (IOException e) {
            return NO_ANSWER; // refused, reset or timed out: the connection is opened again for the next post
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
