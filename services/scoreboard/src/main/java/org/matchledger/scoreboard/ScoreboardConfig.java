package org.matchledger.scoreboard;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;

/**
 * The scoreboard's settings, {@code scoreboard.*}, each with its one default (application.properties sets only what
 * differs; the README's Config section lists them and the deploy scripts set them by these names).
 */
@ConfigMapping(prefix = "scoreboard")
public interface ScoreboardConfig {

    Stream stream();

    Connections connections();

    Client client();

    /**
     * {@code scoreboard.public-delay}: the feeds (SSE, WebSocket) serve a client without a broadcaster or director token
     * each message no earlier than this after it was received (production: e.g. 30s, against courtsiding); a
     * broadcaster or director token gets them live.
     */
    @WithDefault("0s")
    Duration publicDelay();

    /** Rulings older than this are not read at start; finished matches idle this long leave the read model. */
    @WithDefault("24h")
    Duration rulingsWindow();

    /** How often finished matches older than the window are dropped. */
    @WithDefault("60s")
    Duration dropInterval();

    /** Kafka consumer settings by their Kafka names ({@code scoreboard.consumer.max.poll.records} → {@code max.poll.records}). */
    Map<String, String> consumer();

    /** {@code scoreboard.stream.*}: the feeds. */
    interface Stream {
        /** A {@code : heartbeat} comment (WebSocket: a ping) this often; also each client's budget check. */
        @WithDefault("5s")
        Duration heartbeat();

        /** Messages the feed of every match ({@code /stream}) keeps for exact resume within one instance (older ids get a snapshot). */
        @WithDefault("200000")
        int logCapacity();
    }

    /**
     * {@code scoreboard.connections.*}: live connections, SSE and WebSocket together; beyond a cap, a 503 problem with
     * {@code Retry-After} (a WebSocket upgrade is refused with the same 503).
     */
    interface Connections {
        /** At most this many in all. */
        @WithDefault("20000")
        int maxTotal();

        /** At most this many from one client address (the TCP peer's). */
        @WithDefault("2000")
        int maxPerAddress();

        /** The {@code Retry-After} of the refusal. */
        @WithDefault("5s")
        Duration retryAfter();
    }

    /**
     * {@code scoreboard.client.*}: a client that does not keep up is cut off (SSE clients resume with
     * {@code Last-Event-ID}); checked at each heartbeat tick ({@code scoreboard.stream.heartbeat}).
     */
    interface Client {
        /** Cut off when its due but unsent bytes exceed this (beyond the catch-up it asked for). */
        @WithDefault("1048576")
        long maxPendingBytes();

        /** Cut off when bytes have waited this long without draining. */
        @WithDefault("30s")
        Duration stallTimeout();

        /**
         * Messages one client may hold while they wait for their delay (public delay, {@code ?delayMs=}): references
         * to shared messages, a few bytes each; beyond, the client is cut off and resumes.
         */
        @WithDefault("50000")
        int maxDelayedMessages();
    }
}
