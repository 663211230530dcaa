package org.matchledger.gateway;

import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.OutgoingKafkaRecord;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.apache.kafka.common.header.Header;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.PosterHeaders;

import java.time.Duration;
import java.util.List;

/**
 * Writes accepted events to {@code table-events} (key = match id, so a match's events stay in order on one
 * partition; idempotent producer, acks=all) and refused posts to {@code table-events-rejected}, every record with
 * its poster's headers ({@link PosterHeaders}). The returned Uni
 * completes only when the broker has acknowledged every event.
 */
@ApplicationScoped
public class EventPublisher {
    public static final String EVENTS_CHANNEL = "table-events-out";
    public static final String REJECTED_CHANNEL = "rejected-out";
    private static final Duration ACK_TIMEOUT = Duration.ofSeconds(10);

    private final MutinyEmitter<String> events;
    private final MutinyEmitter<String> rejected;

    public EventPublisher(@Channel(EVENTS_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
                          MutinyEmitter<String> events,
                          @Channel(REJECTED_CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 1024)
                          MutinyEmitter<String> rejected) {
        this.events = events;
        this.rejected = rejected;
    }

    /** Sends the events in order, each with its poster's headers; fails if any is not acknowledged in time. */
    public Uni<Void> publish(String matchId, List<ValidatedPost.Accepted> accepted, Poster poster) {
        List<Uni<Void>> sends = accepted.stream()
                .map(a -> events.sendMessage(withPoster(KafkaRecord.of(matchId, a.json()), poster)))
                .toList();
        return Uni.join().all(sends).andFailFast().replaceWithVoid()
                .ifNoItem().after(ACK_TIMEOUT).fail();
    }

    /** Keeps a refused post, one record with its reasons (best effort: the client already has its answer). */
    public void keepRejected(RejectedPost post, Poster poster) {
        rejected.sendMessageAndForget(withPoster(KafkaRecord.of(post.matchId(), Json.write(post)), poster));
    }

    /** identity.md "Who posted": the verified poster on every record the gateway writes. */
    private static OutgoingKafkaRecord<String, String> withPoster(OutgoingKafkaRecord<String, String> record, Poster poster) {
        for (Header h : PosterHeaders.of(poster)) {
            record = record.withHeader(h.key(), h.value());
        }
        return record;
    }
}
