package org.matchledger.processor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.matchledger.core.event.Poster;
import org.matchledger.core.json.Json;
import org.matchledger.core.ledger.Match;
import org.matchledger.core.ledger.MatchClosing;
import org.matchledger.core.ledger.MatchLedger;
import org.matchledger.core.ledger.Outcome;
import org.matchledger.core.ruling.Ruling;
import org.matchledger.core.view.MatchView;
import org.matchledger.kafka.PosterHeaders;
import org.matchledger.kafka.RulingsHeader;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Judges each {@code table-events} record of its task (one partition) with the rules core and forwards what the
 * ledger says: one {@code match-rulings} record per ruling (header {@value RulingsHeader#NAME}: the event's number of
 * rulings), the view after each applied event on {@code match-views}, and a rejected event with its reason and its
 * poster headers on {@code table-events-rejected}. Kafka Streams commits the outputs, the store changes and the
 * consumed offsets in one transaction (exactly_once_v2).
 *
 * <p>Memory holds live matches only: an LRU of folded matches per task. A match that is not there is folded again
 * from its own events ({@value LedgerTopology#EVENTS_STORE}, a range scan in seq order); a cached match whose last
 * seq differs from its {@link MatchEntry} (a transaction aborted after it was cached) is folded again too.
 *
 * <p>Closing: a punctuator on stream time closes the task's matches whose correction window has passed, and a due
 * match closes before its next event is judged, so the point is the same as the replay tool's ({@link MatchClosing}).
 */
final class MatchJudge implements Processor<String, String, String, String> {
    private final LedgerTopology.Settings settings;
    private final JudgeCounters counters;
    private ProcessorContext<String, String> context;
    private KeyValueStore<String, String> entries;
    private KeyValueStore<String, String> events;
    private Map<String, Match> cache;
    /** The task's finished matches not yet closed, by the log time at which each is due to close (from the store). */
    private final NavigableMap<Long, SortedSet<String>> dueToClose = new TreeMap<>();

    MatchJudge(LedgerTopology.Settings settings, JudgeCounters counters) {
        this.settings = settings;
        this.counters = counters;
    }

    @Override
    public void init(ProcessorContext<String, String> context) {
        this.context = context;
        this.entries = context.getStateStore(LedgerTopology.STATE_STORE);
        this.events = context.getStateStore(LedgerTopology.EVENTS_STORE);
        int max = settings.cachedMatches();
        this.cache = new LinkedHashMap<>(Math.min(max, 1024), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Match> eldest) {
                return size() > max;
            }
        };
        // The stores are restored before init: the finished, open matches are found once here, not at every check.
        dueToClose.clear();
        try (KeyValueIterator<String, String> it = entries.all()) {
            while (it.hasNext()) {
                KeyValue<String, String> kv = it.next();
                MatchEntry e = MatchEntry.fromJson(kv.value);
                if (!e.closed()) {
                    schedule(kv.key, null, e.finishedAt());
                }
            }
        }
        context.schedule(settings.closeCheck(), PunctuationType.STREAM_TIME, this::closeDue);
    }

    /** Moves {@code key} in the closing schedule from finish time {@code before} to {@code after} (null: not finished). */
    private void schedule(String key, Long before, Long after) {
        if (before != null && !before.equals(after)) {
            long at = before + settings.window().toMillis();
            SortedSet<String> keys = dueToClose.get(at);
            if (keys != null && keys.remove(key) && keys.isEmpty()) {
                dueToClose.remove(at);
            }
        }
        if (after != null) {
            dueToClose.computeIfAbsent(after + settings.window().toMillis(), k -> new TreeSet<>()).add(key);
        }
    }

    @Override
    public void close() {
        if (cache != null) {
            cache.clear();
        }
    }

    @Override
    public void process(Record<String, String> record) {
        String key = record.key();
        Poster poster = PosterHeaders.read(record.headers());
        RecordMetadata source = context.recordMetadata().orElseThrow();
        MatchEntry entry = key == null ? null : entry(key);
        if (entry != null && !entry.closed()
                && MatchClosing.isDue(entry.finishedAt(), record.timestamp(), settings.window())) {
            entry = close(key, entry);
        }
        if (entry != null && entry.closed()) {
            JsonNode event = readQuietly(record.value());
            Ruling r = MatchClosing.rejection(key, event);
            forwardRulings(key, List.of(r));
            forwardRejection(key, record.value(), MatchClosing.CLOSED_REASON, source, poster);
            JudgeCounters.increment(counters.rejected());
            return;
        }
        Match before = entry == null ? Match.EMPTY : match(key, entry);
        RecordJudge.Result result = RecordJudge.judge(before, key, record.value(), poster);
        forwardRulings(key, result.rulings());
        MatchEntry current = entry;
        Runnable rest = result.outcome().<Runnable>on(
                applied -> () -> keep(key, current, applied.match(), result.event(), record.timestamp()),
                duplicate -> () -> { },
                rejected -> () -> {
                    forwardRejection(key, record.value(), rejected.rejection().text(), source, poster);
                    JudgeCounters.increment(counters.rejected());
                });
        rest.run();
    }

    /**
     * An applied event (of a keyed record): kept in the match's events, the match's entry and closing updated, its
     * new view published.
     */
    private void keep(String key, MatchEntry entry, Match after, JsonNode event, long recordTimestamp) {
        if (key == null) {
            return;
        }
        MatchView view = after.view();
        events.put(EventKeys.of(key, after.lastSeq()), Json.write(event));
        Long finishedAt = MatchClosing.finishedAt(entry == null ? null : entry.finishedAt(), view, recordTimestamp);
        entries.put(key, new MatchEntry(after.lastSeq(), finishedAt, false).toJson());
        schedule(key, entry == null ? null : entry.finishedAt(), finishedAt);
        cache.put(key, after);
        forward(LedgerTopology.VIEWS_SINK, key, Json.write(view), new RecordHeaders());
        JudgeCounters.increment(counters.applied());
    }

    private MatchEntry entry(String key) {
        String json = entries.get(key);
        return json == null ? null : MatchEntry.fromJson(json);
    }

    /** The folded match: from the cache when it is current, else folded again from its events in seq order. */
    private Match match(String key, MatchEntry entry) {
        Match cached = cache.get(key);
        if (cached != null && cached.lastSeq() == entry.lastSeq()) {
            return cached;
        }
        Match m = Match.EMPTY;
        try (KeyValueIterator<String, String> it = events.range(EventKeys.first(key), EventKeys.last(key))) {
            while (it.hasNext()) {
                KeyValue<String, String> kv = it.next();
                if (!EventKeys.belongsTo(kv.key, key)) {
                    continue;
                }
                Outcome step = MatchLedger.advance(m, Json.read(kv.value));
                if (!(step instanceof Outcome.Applied)) {
                    throw new IllegalStateException("match " + key + ": the kept event " + kv.key.substring(key.length() + 1)
                            + " was not applied again: " + step.rulings().get(0));
                }
                m = step.match();
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("match " + key + ": a kept event is not JSON", e);
        }
        if (m.lastSeq() != entry.lastSeq()) {
            // Never judge against a match that is not the one the ledger holds: the stream thread stops instead.
            throw new IllegalStateException("match " + key + ": its kept events end at seq " + m.lastSeq()
                    + ", its state says " + entry.lastSeq());
        }
        cache.put(key, m);
        return m;
    }

    /**
     * Closes a match: the {@code MATCH_CLOSED} ruling, the last view with {@code "closed": true}; its events leave the
     * events store (deleted: tombstones in the compacted changelog) and only the closed marker stays.
     */
    private MatchEntry close(String key, MatchEntry entry) {
        Match m = match(key, entry);
        forwardRulings(key, List.of(MatchClosing.ruling(m, settings.window())));
        forward(LedgerTopology.VIEWS_SINK, key, Json.write(MatchClosing.closedView(m)), new RecordHeaders());
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, String> it = events.range(EventKeys.first(key), EventKeys.last(key))) {
            while (it.hasNext()) {
                String k = it.next().key;
                if (EventKeys.belongsTo(k, key)) {
                    keys.add(k);
                }
            }
        }
        keys.forEach(events::delete);
        cache.remove(key);
        MatchEntry marker = entry.closedMarker();
        entries.put(key, marker.toJson());
        schedule(key, entry.finishedAt(), null);
        JudgeCounters.increment(counters.closed());
        return marker;
    }

    /**
     * The punctuator: closes every match of this task whose window has passed at stream time {@code now}, in the order
     * they became due (then by match id): a look at the schedule, not a scan of the store.
     */
    private void closeDue(long now) {
        while (!dueToClose.isEmpty() && dueToClose.firstKey() <= now) {
            SortedSet<String> keys = dueToClose.firstEntry().getValue();
            String key = keys.first();
            MatchEntry e = entry(key);
            if (e != null && !e.closed() && MatchClosing.isDue(e.finishedAt(), now, settings.window())) {
                close(key, e); // takes it out of the schedule
            } else {
                // not what the store says (cannot happen while the schedule follows every store write): re-read it
                schedule(key, dueToClose.firstKey() - settings.window().toMillis(), null);
                if (e != null && !e.closed() && e.finishedAt() != null) {
                    schedule(key, null, e.finishedAt());
                }
            }
        }
    }

    private void forwardRulings(String key, List<Ruling> rulings) {
        byte[] count = RulingsHeader.value(rulings.size());
        for (Ruling r : rulings) {
            RecordHeaders h = new RecordHeaders();
            h.add(RulingsHeader.NAME, count);
            forward(LedgerTopology.RULINGS_SINK, key, Json.write(r), h);
        }
    }

    private void forwardRejection(String key, String value, String reason, RecordMetadata source, Poster poster) {
        RecordHeaders h = new RecordHeaders();
        for (Header header : PosterHeaders.of(poster)) {
            h.add(header);
        }
        forward(LedgerTopology.REJECTED_SINK, key,
                RecordJudge.rejectedRecord(key, value, reason, source.partition(), source.offset()), h);
    }

    /** Output records carry fresh headers (never the input's) and the time they are produced, as before. */
    private void forward(String sink, String key, String value, RecordHeaders headers) {
        context.forward(new Record<>(key, value, System.currentTimeMillis(), headers), sink);
    }

    private static JsonNode readQuietly(String value) {
        try {
            return value == null ? null : Json.read(value);
        } catch (JsonProcessingException | RuntimeException e) {
            return null;
        }
    }
}
