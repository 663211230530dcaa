package org.matchledger.gateway;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.matchledger.core.json.Json;

import java.time.Duration;
import java.util.List;

/**
 * Writes accepted events to {@code table-events} (key = match id, so a match's events stay in order on one
 * partition; idempotent producer, acks=all) and rejected posts to {@code table-events-rejected}. The returned Uni
 * completes only when the broker has acknowledged every event.
 */
@ApplicationScoped
public class EventPublisher {
    public static final String EVENTS_CHANNEL = "table-events-out";
    public static final String REJECTED_CHANNEL = "rejected-out";
    private static final Duration ACK_TIMEOUT = Duration.ofSeconds(10);

    private final MutinyEmitter<String> events;
    private final MutinyEmitter<String> rejected;

    @Inject
    public EventPublisher(@Channel(EVENTS_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
                          MutinyEmitter<String> events,
                          @Channel(REJECTED_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 1024)
                          MutinyEmitter<String> rejected) {
        this.events = events;
        this.rejected = rejected;
    }

    /** Sends the events in order; fails if any is not acknowledged in time. */
    public Uni<Void> publish(String matchId, List<ValidatedPost.Accepted> accepted) {
        List<Uni<Void>> sends = accepted.stream()
                .map(a -> events.sendMessage(KafkaRecord.of(matchId, a.json())))
                .toList();
        return Uni.join().all(sends).andFailFast().replaceWithVoid()
                .ifNoItem().after(ACK_TIMEOUT).fail();
    }

    /** Keeps a refused post, one record with its reasons (best effort: the client already has its answer). */
    public void keepRejected(RejectedPost post) {
        rejected.sendMessageAndForget(KafkaRecord.of(post.matchId(), Json.write(post)));
    }
}
