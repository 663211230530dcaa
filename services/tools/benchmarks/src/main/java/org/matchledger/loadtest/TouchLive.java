package org.matchledger.loadtest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.matchledger.core.json.Json;
import org.matchledger.kafka.Topics;
import org.matchledger.sim.MatchPlayer;


/**
 * Sends the next event (number {@code after + 1}) of {@link ProcessorHistory}'s live matches {@code from} to
 * {@code to - 1}: a write on every partition, as live tables make, so that each store changelog's segment rolls and
 * compaction can reach what the history wrote.
 *
 * <pre>TouchLive --bootstrap HOST:PORT --run ID --from 100 --to 200 --after 40</pre>
 */
public final class TouchLive {
    private TouchLive() {
    }

    public static void main(String[] args) {
        Args o = Args.parse(args);
        String bootstrap = o.bootstrap();
        String run = o.text("run", "h");
        int from = o.integer("from", 100);
        int to = o.integer("to", 200);
        int after = o.integer("after", 40);
        int sent = 0;
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(ProcessorHistory.producerConfig(bootstrap))) {
            for (int m = from; m < to; m++) {
                String id = ProcessorHistory.liveId(run, m);
                MatchPlayer p = ProcessorHistory.player(id, m);
                ObjectNode e = null;
                for (int i = 0; i <= after && (i == 0 || e != null); i++) {
                    e = p.next();
                }
                if (e != null) {
                    producer.send(new ProducerRecord<>(Topics.TABLE_EVENTS, id, Json.write(e)));
                    sent++;
                }
            }
            producer.flush();
        }
        System.out.printf("RESULT touched-live-matches %d events%n", sent);
    }
}
