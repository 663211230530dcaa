package org.matchledger.simulator;

import java.util.List;

/** Posts one table event to the ledger. The HTTP implementation is {@link HttpEventSender}; tests use fakes. */
public interface EventSender {

    /** What became of one post. */
    enum Kind {
        /** 2xx: the gateway has the event (Kafka acknowledged it). */
        ACCEPTED,
        /** 4xx (except 408/429): the gateway refused the event; sending it again will not help. */
        REFUSED,
        /** 5xx, 408/429, connection refused, timeout: the event may not be recorded; send the same event again. */
        UNAVAILABLE
    }

    /**
     * @param status           the HTTP status, 0 when no answer came (connection refused, timeout)
     * @param detail           the problem text or the I/O error, for the log
     * @param retryAfterMillis the gateway's {@code Retry-After}, or -1
     * @param rulings          with a wait: the kinds of the rulings the event got ({@code EVENT_REJECTED}, …), or
     *                         null when they did not come in time (or no wait was asked for)
     */
    record Outcome(Kind kind, int status, String detail, long retryAfterMillis, List<String> rulings) {
        public static Outcome accepted(int status) {
            return new Outcome(Kind.ACCEPTED, status, "", -1, null);
        }

        public static Outcome accepted(int status, List<String> rulings) {
            return new Outcome(Kind.ACCEPTED, status, "", -1, rulings);
        }

        public static Outcome refused(int status, String detail) {
            return new Outcome(Kind.REFUSED, status, detail, -1, null);
        }

        public static Outcome unavailable(int status, String detail, long retryAfterMillis) {
            return new Outcome(Kind.UNAVAILABLE, status, detail, retryAfterMillis, null);
        }
    }

    /**
     * Posts {@code eventJson} (one CloudEvent) for {@code matchId}; never throws for an HTTP or network failure.
     *
     * @param waitMillis 0, or how long the gateway may wait for the event's rulings ({@code ?wait=})
     */
    Outcome send(String matchId, String eventJson, int waitMillis) throws InterruptedException;
}
