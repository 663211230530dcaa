package org.matchledger.scoreboard;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Map;

/**
 * The scoreboard's settings, {@code scoreboard.*} in application.properties (names and defaults documented in the
 * README's Config section and set by the deploy scripts).
 */
@ConfigMapping(prefix = "scoreboard")
public interface ScoreboardConfig {

    Stream stream();

    Connections connections();

    Client client();

    /** Feeds without a broadcaster or director token get each message no earlier than this after it was received. */
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

    interface Stream {
        /** A {@code : heartbeat} comment (WebSocket: a ping) this often; also each client's budget check. */
        @WithDefault("5s")
        Duration heartbeat();

        /** Messages {@code /stream} keeps for exact resume within one instance. */
        @WithDefault("200000")
        int logCapacity();
    }

    interface Connections {
        @WithDefault("20000")
        int maxTotal();

        @WithDefault("2000")
        int maxPerAddress();

        @WithDefault("5s")
        Duration retryAfter();
    }

    interface Client {
        @WithDefault("1048576")
        long maxPendingBytes();

        @WithDefault("30s")
        Duration stallTimeout();

        @WithDefault("50000")
        int maxDelayedMessages();
    }
}
