package org.matchledger.systemtests;

import org.matchledger.testsupport.FreePort;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.kafka.Topics;
import org.matchledger.testsupport.LocalKafkaCluster;
import org.matchledger.testsupport.PostgresDatabase;
import org.matchledger.testsupport.SseFeed;
import org.matchledger.testsupport.TestTokens;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The replicated ledger under faults, as deploy/local/cluster runs it and deploy/bin/chaos breaks it: three Kafka
 * nodes (test-support's {@link LocalKafkaCluster}: topics with 3 replicas, min ISR 2, SASL users and ACLs), two rules
 * processors (standby replicas, static membership), the gateway, two scoreboards, the audit trail on a PostgreSQL of
 * its own, while {@value #TABLES} tables post about {@value #EVENTS_PER_SECOND} events a second throughout. In turn:
 * <ol>
 *   <li>kill -9 of the Kafka node leading most partitions, started again {@link #BROKER_HOLD} later;</li>
 *   <li>kill -9 of processor-1: processor-2 takes all partitions; processor-1 is started again;</li>
 *   <li>kill -9 of scoreboard-1 while an SSE client follows a match there: the client resumes on scoreboard-2 with
 *       {@code Last-Event-ID}; scoreboard-1 is started again;</li>
 *   <li>PostgreSQL stopped for {@link #POSTGRES_HOLD} (longer than SmallRye's 60 s throttled-commit limit), then
 *       started again.</li>
 * </ol>
 * After each fault, with the tables held still: every event the gateway accepted (202) is on {@code table-events}
 * exactly once (a copy more only where a post of it was answered 5xx or not at all and sent again: the ledger takes
 * the copy as a duplicate), every ruling is on {@code match-rulings} exactly once and every match's last view is the
 * replay tool's fold of its events (docs/view.md), and the audit trail verifies {@code consistent} every match that had
 * an event since its last verify (at the end: every match). The
 * resumed SSE client got every message once, in order (docs/feeds.md, resume). The figures of each fault are printed
 * as one table at the end and written to {@code target/cluster-faults.md}.
 *
 * <p>Long (about 6 minutes, the holds included). It runs with the other system tests, and alone under the Maven profile
 * {@code cluster-faults}.
 */
class ClusterFaultIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static final int TABLES = 20;
    static final int EVENTS_PER_SECOND = 60;
    static final int PARTITIONS = 6;
    static final Duration BROKER_HOLD = Duration.ofSeconds(Long.getLong("systemtests.cluster.broker-hold", 60));
    static final Duration POSTGRES_HOLD = Duration.ofSeconds(Long.getLong("systemtests.cluster.postgres-hold", 90));
    static final Duration READY_AGAIN_TIMEOUT = Duration.ofSeconds(300);
    static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(180);
    static final String PROCESSOR_GROUP = "rules-processor";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    private final List<AutoCloseable> closeAtEnd = new ArrayList<>();
    private final List<FaultFigures> figures = new ArrayList<>();
    private final List<String> extraMatches = new ArrayList<>();
    /** Per match, the last seq at which the audit trail's verify found it consistent. */
    private final Map<String, Long> auditVerifiedAt = new HashMap<>();
    private LocalKafkaCluster cluster;
    private PostgresDatabase.EmbeddedServer postgres;
    private ClusterServices services;
    private TableLoad load;
    private ViewWatch views;
    private LedgerTopics ledger;
    private long t0;

    @AfterEach
    void stopEverything() throws IOException {
        printFigures();
        // Nothing here needs a graceful stop: the processes are killed, which takes seconds, not minutes.
        if (services != null) {
            services.killAll();
        }
        if (cluster != null) {
            for (int n = 1; n <= LocalKafkaCluster.NODES; n++) {
                cluster.kill(n);
            }
        }
        for (int i = closeAtEnd.size() - 1; i >= 0; i--) {
            try {
                closeAtEnd.get(i).close();
            } catch (Exception e) {
                System.out.println("ClusterFaultIT: closing " + closeAtEnd.get(i) + " failed: " + e);
            }
        }
    }

    @Test
    void everyAcceptedEventIsJudgedOnceThroughABrokerAProcessorAScoreboardAndADatabaseFault() throws Exception {
        Awaitility.pollInSameThread();
        long seed = Long.getLong("systemtests.seed", new Random().nextLong());
        t0 = System.nanoTime();
        note("seed %d (rerun with -Dsystemtests.seed=%d)", seed, seed);

        cluster = keep(LocalKafkaCluster.start(PARTITIONS));
        note("Kafka cluster ready: %s", cluster.bootstrapServers());
        assertTopicsReplicated();
        Path data = Files.createTempDirectory("cluster-faults-");
        keep((AutoCloseable) () -> deleteTree(data));
        postgres = keep(PostgresDatabase.dedicated(data.resolve("postgres")));
        PostgresDatabase.createIfAbsent(postgres.coordinates(), "cluster_faults");
        services = keep(new ClusterServices());
        services.add("processor-1", () -> processor(1, data));
        services.add("processor-2", () -> processor(2, data));
        services.add("gateway", this::gateway);
        int[] scoreboardPorts = {FreePort.pick(), FreePort.pick()};
        services.add("scoreboard-1", () -> scoreboard(scoreboardPorts[0]));
        services.add("scoreboard-2", () -> scoreboard(scoreboardPorts[1]));
        services.add("audit-trail", this::auditTrail);
        services.startAll();
        note("services ready: %s", services.names());

        Map<String, Object> admin = cluster.clientProperties("admin");
        admin.put("request.timeout.ms", 15_000);
        admin.put("default.api.timeout.ms", 60_000);
        views = keep(new ViewWatch(admin));
        ledger = keep(new LedgerTopics(SETTLE_TIMEOUT, admin));
        load = keep(new TableLoad(new GatewayClient(services.get("gateway")), TABLES, EVENTS_PER_SECOND, RUN, seed));
        load.start();
        ServiceProcess.sleep(15_000);
        note("tables posting: %s", load.summary());

        try {
            brokerFault();
            checkpoint("after the broker fault", false);
            processorFault();
            checkpoint("after the processor fault", false);
            scoreboardFault(seed);
            checkpoint("after the scoreboard fault", false);
            postgresFault();
            checkpoint("at the end", true);
            assertTrue(load.failures().isEmpty(), "tables that stopped: " + load.failures());
        } catch (Throwable t) {
            note("FAILED: %s", t);
            throw t;
        }
    }

    /** deploy/local/cluster's topics (ledger-kafka's topics.properties): three replicas of every partition, min ISR 2. */
    private void assertTopicsReplicated() throws Exception {
        Map<String, Object> properties = cluster.clientProperties("admin");
        properties.put("default.api.timeout.ms", 120_000);
        try (Admin admin = Admin.create(properties)) {
            Map<String, TopicDescription> topics = admin.describeTopics(Topics.ALL).allTopicNames().get(120, TimeUnit.SECONDS);
            for (TopicDescription d : topics.values()) {
                assertEquals(PARTITIONS, d.partitions().size(), d.name());
                d.partitions().forEach(p -> assertEquals(3, p.replicas().size(), d.name() + " " + p));
            }
            List<ConfigResource> resources = Topics.ALL.stream()
                    .map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t)).toList();
            admin.describeConfigs(resources).all().get(120, TimeUnit.SECONDS)
                    .forEach((r, c) -> assertEquals("2", c.get("min.insync.replicas").value(), r.name()));
        }
    }

    private void printFigures() throws IOException {
        if (pending != null && load != null && views != null) {
            figures.add(FaultFigures.of(pending.name() + " (its check failed)", load, views, pending.from(),
                    pending.restart(), pending.to(), pending.unplannedRestarts()));
            pending = null;
        }
        String table = FaultFigures.table(figures);
        System.out.println("ClusterFaultIT figures (2 cores shared by 3 Kafka nodes, 6 services, PostgreSQL and the test):\n"
                + table + (load == null ? "" : "tables: " + load.summary() + "\n"));
        Files.writeString(ServiceProcess.logsDir().resolve("cluster-faults.md"), table, StandardCharsets.UTF_8);
    }

    // ---- the faults ------------------------------------------------------------------------------------------------

    /** Rule: an event acknowledged with acks=all and min ISR 2 survives the death of its partition's leader. */
    private void brokerFault() {
        int node = cluster.leaderOfMost(Topics.ALL);
        String name = "kill -9 kafka-" + node + " (leads most partitions), " + BROKER_HOLD.toSeconds() + " s down";
        fault(name, () -> {
            cluster.kill(node);
            note("kafka-%d killed", node);
            ServiceProcess.sleep(BROKER_HOLD.toMillis());
            long restart = System.nanoTime();
            cluster.restart(node);
            note("kafka-%d started again (%.1f s to its start)", node, (System.nanoTime() - restart) / 1e9);
            return restart;
        });
    }

    /** Exactly once (exactly_once_v2): the other instance takes the killed one's partitions from its last commit. */
    private void processorFault() {
        fault("kill -9 processor-1", () -> {
            services.kill("processor-1");
            note("processor-1 killed");
            List<Set<Integer>> takeover = await("processor-2 alone with all " + PARTITIONS + " partitions")
                    .atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                    .until(this::processorAssignments, m -> m.size() == 1 && m.get(0).size() == PARTITIONS);
            note("processor-2 took over: %s", takeover);
            long restart = System.nanoTime();
            services.restart("processor-1");
            note("processor-1 started again (%.1f s to ready)", (System.nanoTime() - restart) / 1e9);
            return restart;
        });
    }

    /** docs/feeds.md: Last-Event-ID on a match's feed is exact across instances. */
    private void scoreboardFault(long seed) {
        String m = "cf-" + RUN + "-followed";
        extraMatches.add(m);
        List<ObjectNode> events = SimMatch.play(m, Discipline.NINE_BALL, 3, seed).events();
        GatewayClient client = new GatewayClient(services.get("gateway"));
        int half = events.size() / 2;
        postAll(client, m, events.subList(0, 1));
        ServiceProcess first = services.get("scoreboard-1");
        await(m + ": known to scoreboard-1").atMost(Duration.ofSeconds(60))
                .until(() -> statusOf(first.health("/matches/" + m)) == 200);
        List<SseFeed.Message> received = new ArrayList<>();
        SseFeed feed = SseFeed.open(first.baseUrl() + "/matches/" + m + "/stream", "0");
        postAll(client, m, events.subList(1, half));
        ScoreboardIT.awaitUpTo(feed, m, events.subList(0, half), List.of());
        fault("kill -9 scoreboard-1 (an SSE client resumes on scoreboard-2)", () -> {
            services.kill("scoreboard-1");
            note("scoreboard-1 killed with an SSE client on %s", m);
            received.addAll(feed.messages());
            feed.close();
            String resumeFrom = ScoreboardIT.lastId(received);
            postAll(client, m, events.subList(half, events.size()));
            ServiceProcess second = services.get("scoreboard-2");
            try (SseFeed resumed = SseFeed.open(second.baseUrl() + "/matches/" + m + "/stream", resumeFrom)) {
                ScoreboardIT.awaitUpTo(resumed, m, events, received);
                ServiceProcess.sleep(500);
                received.addAll(resumed.messages());
            }
            note("the SSE client resumed on scoreboard-2 from id %s: %d messages in all", resumeFrom, received.size());
            long restart = System.nanoTime();
            services.restart("scoreboard-1");
            note("scoreboard-1 started again (%.1f s to ready)", (System.nanoTime() - restart) / 1e9);
            return restart;
        });
        ScoreboardIT.assertFeedIsTheLedger(m, events, received);
    }

    /** The audit trail waits for its database however long it is away: nothing missing or doubled afterwards. */
    private void postgresFault() {
        fault("PostgreSQL stopped " + POSTGRES_HOLD.toSeconds() + " s", () -> {
            postgres.stop();
            note("PostgreSQL stopped");
            ServiceProcess.sleep(POSTGRES_HOLD.toMillis());
            long restart = System.nanoTime();
            postgres.start();
            note("PostgreSQL started again");
            return restart;
        });
    }

    /**
     * Runs the fault ({@code action} returns when it restarted what it stopped, System.nanoTime), waits until every
     * service is ready again and keeps the fault's figures (the ingest → view delays are filled in at the checkpoint).
     */
    private void fault(String name, Supplier<Long> action) {
        note("fault: %s", name);
        int restartsBefore = services.unplannedRestarts().size();
        long from = System.nanoTime();
        long restart = action.get();
        await(name + ": every service ready again").atMost(READY_AGAIN_TIMEOUT).pollInterval(Duration.ofMillis(500))
                .until(() -> allNodesAlive() && services.notReady().isEmpty());
        long to = System.nanoTime();
        List<String> unplanned = services.unplannedRestarts();
        pending = new PendingFault(name, from, restart, to, unplanned.subList(restartsBefore, unplanned.size()));
        note("every service ready again %.1f s after the restart, %.1f s after the fault", (to - restart) / 1e9,
                (to - from) / 1e9);
    }

    private record PendingFault(String name, long from, long restart, long to, List<String> unplannedRestarts) {
    }

    private PendingFault pending;

    // ---- the checks ------------------------------------------------------------------------------------------------

    /**
     * With the tables held still: the ledger's topics, the views and the audit trail against the replay tool. The audit
     * trail's verify covers, after a fault, every match with an event since its last verify, and at the end every
     * match again (a fault that lost or changed a recorded row shows there).
     */
    private void checkpoint(String when, boolean verifyEveryMatch) {
        load.pause();
        try {
            long c0 = System.nanoTime();
            ledger.events.catchUp();
            List<String> matches = new ArrayList<>(load.matches());
            matches.addAll(extraMatches);
            matches.removeIf(m -> ledger.events.forKey(m).isEmpty());
            int ambiguous = assertAcceptedEventsOnceEach();
            List<ReplayedMatch> expected = matches.stream().map(ledger::replayFromLog).toList();

            ledger.awaitFinalViews(expected);
            for (ReplayedMatch e : expected) {
                e.assertView(ledger.latestView(e.matchId()));
            }
            ledger.awaitRulingCounts(expected);
            ServiceProcess.sleep(1000); // a late transaction would show up as a duplicate
            ledger.rulings.catchUp();
            int rulings = 0;
            for (ReplayedMatch e : expected) {
                List<ReplayedMatch.Ruled> actual = ReplayedMatch.ruled(ledger.rulings.forKey(e.matchId()));
                e.assertRulings(actual);
                rulings += actual.size();
            }
            long c1 = System.nanoTime();
            List<ReplayedMatch> toVerify = expected.stream()
                    .filter(e -> verifyEveryMatch || !Long.valueOf(e.lastSeq()).equals(auditVerifiedAt.get(e.matchId())))
                    .toList();
            assertAuditTrailConsistent(toVerify, ledger);
            toVerify.forEach(e -> auditVerifiedAt.put(e.matchId(), e.lastSeq()));
            long c2 = System.nanoTime();
            await("the match-views follower up to every final view").atMost(SETTLE_TIMEOUT)
                    .pollInterval(Duration.ofMillis(250))
                    .until(() -> expected.stream().allMatch(e -> views.firstSeenAtOrAfter(e.matchId(), e.lastSeq()).isPresent()));
            if (pending != null) {
                figures.add(FaultFigures.of(pending.name(), load, views, pending.from(), pending.restart(), pending.to(),
                        pending.unplannedRestarts()));
                pending = null;
            }
            note("checkpoint %s: %d matches, %d events on table-events (%d accepted after a 5xx / no answer and there "
                            + "twice), %d rulings each once, every view the replay's (%.1f s), audit trail consistent for %d matches (%.1f s)",
                    when, expected.size(), ledger.events.records().size(), ambiguous, rulings, (c1 - c0) / 1e9,
                    toVerify.size(), (c2 - c1) / 1e9);
        } finally {
            load.resume();
        }
    }

    /**
     * Every event accepted by the gateway is on table-events once per accepted post (the simulator re-sends some
     * events on purpose); a post answered 5xx or not at all may have been written nonetheless, so an event sent again
     * after one may be there once more, never more often than it was posted. Returns how many such extra copies.
     */
    private int assertAcceptedEventsOnceEach() {
        Map<String, Integer> copies = new LinkedHashMap<>();
        Map<String, String> matchOf = new HashMap<>();
        for (String m : load.matches()) {
            for (ConsumerRecord<String, String> r : ledger.events.forKey(m)) {
                String id = ReplayedMatch.read(r.value()).path("id").asText();
                copies.merge(id, 1, Integer::sum);
                matchOf.put(id, m);
            }
        }
        Set<String> accepted = new HashSet<>();
        load.acked().forEach(a -> accepted.add(a.eventId()));
        List<String> problems = new ArrayList<>();
        int extra = 0;
        for (String id : accepted) {
            int n = copies.getOrDefault(id, 0);
            int ok = load.acceptedPostsOf(id);
            int refused = load.refusedPostsOf(id);
            if (n < ok || n > ok + refused) {
                problems.add(id + " (" + matchOf.get(id) + "): accepted " + ok + "x, refused " + refused + "x, on table-events "
                        + n + "x");
            }
            extra += Math.max(0, n - ok);
        }
        for (Map.Entry<String, Integer> e : copies.entrySet()) {
            if (!accepted.contains(e.getKey()) && load.refusedPostsOf(e.getKey()) == 0) {
                problems.add(e.getKey() + ": on table-events " + e.getValue() + "x but never posted");
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " accepted event(s) not on table-events exactly once:\n  "
                    + String.join("\n  ", problems.subList(0, Math.min(30, problems.size()))));
        }
        return extra;
    }

    /**
     * The audit trail's verify of every match: consistent, every event recorded, every ruling published, up to the last
     * seq. Two matches at a time (the audit trail folds each one again).
     */
    private void assertAuditTrailConsistent(List<ReplayedMatch> expected, LedgerTopics topics) {
        Map<String, Integer> recorded = new HashMap<>();
        expected.forEach(e -> recorded.put(e.matchId(), topics.events.forKey(e.matchId()).size()));
        ServiceProcess audit = services.get("audit-trail");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> checks = new ArrayList<>();
            for (ReplayedMatch e : expected) {
                checks.add(pool.submit(() -> assertAuditTrailConsistent(audit, e, recorded.get(e.matchId()))));
            }
            for (Future<?> f : checks) {
                f.get();
            }
        } catch (ExecutionException x) {
            throw x.getCause() instanceof AssertionError a ? a : new AssertionError(x.getCause());
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(x);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertAuditTrailConsistent(ServiceProcess audit, ReplayedMatch e, int recordedEvents) {
        AtomicReference<JsonNode> last = new AtomicReference<>();
        try {
            await(e.matchId() + ": the audit trail's verify").atMost(SETTLE_TIMEOUT).pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        JsonNode v = auditGet(audit, "/matches/" + e.matchId() + "/verify");
                        last.set(v);
                        return v != null && v.path("events").asLong() == e.lastSeq()
                                && v.path("recordedEvents").asInt() == recordedEvents
                                && v.path("rulings").asInt() == v.path("publishedRulings").asInt();
                    });
        } catch (ConditionTimeoutException x) {
            fail(e.matchId() + ": the audit trail's verify did not reach lastSeq " + e.lastSeq() + " with " + recordedEvents
                    + " recorded events within " + SETTLE_TIMEOUT.toSeconds() + " s; it last answered " + last.get(), x);
        }
        assertEquals("consistent", last.get().path("status").asText(), e.matchId() + ": " + last.get());
    }

    private static JsonNode auditGet(ServiceProcess audit, String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(audit.baseUrl() + path))
                .header("Authorization", "Bearer " + TestTokens.forRole("auditor"))
                .timeout(Duration.ofSeconds(30)).GET().build();
        try {
            HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? ReplayedMatch.read(r.body()) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    // ---- the services on the cluster -------------------------------------------------------------------------------

    /** As deploy/local/cluster: the module's own Kafka user, topics made by the cluster's setup. */
    private Map<String, String> properties() {
        Map<String, String> props = ServiceProcess.serviceProperties(cluster.bootstrapServers());
        props.remove("ledger.topics.partitions");
        props.put("ledger.topics.create", "false");
        return props;
    }

    /** The SASL settings of Kafka user {@code user}, in the environment (as deploy/local/kafka/as passes them). */
    private Map<String, String> kafkaUser(String user) {
        return Map.of("KAFKA_SECURITY_PROTOCOL", "SASL_PLAINTEXT", "KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
                "KAFKA_SASL_JAAS_CONFIG", "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                        + user + "\" password=\"" + cluster.password(user) + "\";");
    }

    private ServiceProcess processor(int n, Path data) {
        Map<String, String> props = properties();
        props.put("quarkus.kafka-streams.application-id", PROCESSOR_GROUP);
        props.put("ledger.processor.standby-replicas", "1");
        props.put("ledger.processor.state-dir", data.resolve("rules-processor-" + n).toString());
        props.put("kafka-streams.group.instance.id", "rules-processor-" + n);
        return ServiceProcess.start("rules-processor", ServiceProcess.jar(ServiceProcess.PROCESSOR_JAR), props,
                kafkaUser("rules-processor"));
    }

    private ServiceProcess gateway() {
        Map<String, String> props = properties();
        props.put("gateway.rate-limit.posts-per-second", "0");
        return ServiceProcess.start("table-gateway", ServiceProcess.jar(ServiceProcess.GATEWAY_JAR), props,
                kafkaUser("table-gateway"));
    }

    private ServiceProcess scoreboard(int port) {
        Map<String, String> props = properties();
        props.put("quarkus.http.port", Integer.toString(port));
        return ServiceProcess.start("scoreboard", ServiceProcess.jar(ServiceProcess.SCOREBOARD_JAR), props,
                kafkaUser("scoreboard"));
    }

    private ServiceProcess auditTrail() {
        PostgresDatabase.Coordinates server = postgres.coordinates();
        String jdbc = "jdbc:postgresql://" + server.host() + ":" + server.port() + "/cluster_faults";
        Map<String, String> props = properties();
        props.put("quarkus.datasource.jdbc.url", jdbc);
        props.put("quarkus.datasource.reactive.url", jdbc.substring("jdbc:".length()));
        props.put("quarkus.datasource.username", server.user());
        props.put("quarkus.datasource.password", server.password());
        props.put("quarkus.oidc.application-type", "service");
        return ServiceProcess.start("audit-trail", ServiceProcess.jar(ServiceProcess.AUDIT_JAR), props,
                kafkaUser("audit-trail"));
    }

    /** The processors' members in the consumer group, each with its table-events partitions. */
    private List<Set<Integer>> processorAssignments() {
        Map<String, Object> props = cluster.clientProperties("admin");
        try (Admin admin = Admin.create(props)) {
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(PROCESSOR_GROUP)).all()
                    .get(15, TimeUnit.SECONDS).get(PROCESSOR_GROUP);
            List<Set<Integer>> members = new ArrayList<>();
            for (MemberDescription m : d.members()) {
                members.add(Set.copyOf(m.assignment().topicPartitions().stream()
                        .filter(tp -> tp.topic().equals(Topics.TABLE_EVENTS)).map(TopicPartition::partition).toList()));
            }
            return members;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (Exception e) {
            return List.of();
        }
    }

    private boolean allNodesAlive() {
        for (int n = 1; n <= LocalKafkaCluster.NODES; n++) {
            if (!cluster.isAlive(n)) {
                return false;
            }
        }
        return true;
    }

    /** Posts each event until the gateway accepts it (5xx or no answer: again after 500 ms). */
    private static void postAll(GatewayClient client, String matchId, List<ObjectNode> events) {
        for (ObjectNode e : events) {
            while (true) {
                int status;
                try {
                    status = client.postOne(matchId, e).status();
                } catch (RuntimeException x) {
                    status = -1;
                }
                if (status == 202) {
                    break;
                }
                assertTrue(status < 400 || status >= 500, matchId + ": the gateway refused " + e + " with " + status);
                ServiceProcess.sleep(500);
            }
            ServiceProcess.sleep(100);
        }
    }

    private static int statusOf(HttpResponse<String> r) {
        return r == null ? -1 : r.statusCode();
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private <T extends AutoCloseable> T keep(T closeable) {
        closeAtEnd.add(closeable);
        return closeable;
    }

    private void note(String format, Object... args) {
        System.out.println("ClusterFaultIT " + String.format("%6.1f s  ", (System.nanoTime() - t0) / 1e9)
                + String.format(format, args));
    }
}
