package org.matchledger.systemtests;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.matchledger.core.event.Discipline;
import org.matchledger.core.json.Json;
import org.matchledger.sim.SimProfile;
import org.matchledger.testsupport.KafkaBroker;
import org.matchledger.testsupport.PostgresDatabase;
import org.matchledger.testsupport.TestTokens;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The audit trail in the whole pipeline: the packaged gateway, processor and audit-trail on one real broker and a real
 * PostgreSQL. A simulated match with a correction is posted; for every seq N the audit trail's {@code view?atSeq=N}
 * equals the replay tool's {@code replay --at N} (LedgerCli itself, on the audit trail's own jsonl export), verify
 * says consistent, and the correction is in the timeline and changes the views from its seq on.
 */
class AuditTrailIT {
    static final String RUN = Long.toString(System.currentTimeMillis() % 46_656_000L, 36);
    static ServiceProcess gateway;
    static ServiceProcess processor;
    static ServiceProcess audit;
    static GatewayClient client;
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void startServices() throws Exception {
        Awaitility.pollInSameThread();
        String servers = KafkaBroker.bootstrapServers();
        PostgresDatabase.Coordinates db = PostgresDatabase.database("audit_it");
        ExecutorService starter = Executors.newFixedThreadPool(3);
        try {
            Future<ServiceProcess> g = starter.submit(() -> ServiceProcess.gateway(servers));
            Future<ServiceProcess> p = starter.submit(() -> ServiceProcess.processor(servers, "rules-processor"));
            Future<ServiceProcess> a = starter.submit(() -> auditTrail(servers, db));
            gateway = g.get(120, TimeUnit.SECONDS);
            processor = p.get(120, TimeUnit.SECONDS);
            audit = a.get(120, TimeUnit.SECONDS);
        } finally {
            starter.shutdownNow();
        }
        client = new GatewayClient(gateway);
    }

    @AfterAll
    static void stopServices() {
        for (ServiceProcess s : new ServiceProcess[]{audit, processor, gateway}) {
            if (s != null) {
                s.stop();
            }
        }
    }

    @Test
    void viewAtEverySeq_isTheReplayTools_verifyIsConsistent_theCorrectionShows() throws Exception {
        SimMatch m = withACorrection("audit-it-" + RUN);
        for (ObjectNode e : m.events()) {
            GatewayClient.Answer a = client.postOne(m.matchId(), e);
            assertEquals(202, a.status(), a.toString());
        }
        ReplayedMatch replay = ReplayedMatch.of(m.matchId(), m.events().stream().map(Json::write).toList());
        long last = replay.lastSeq();
        JsonNode v = await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
                .until(() -> get("/matches/" + m.matchId() + "/verify"),
                        j -> j != null && "consistent".equals(j.path("status").asText()) && j.path("events").asLong() == last
                                && j.path("rulings").asInt() == j.path("publishedRulings").asInt()
                                && j.path("recordedEvents").asInt() == m.events().size());
        assertTrue(v.path("views").asInt() > 0, v.toString());

        // The audit trail's own export is valid replay-tool input; every view?atSeq=N is the tool's --at N.
        HttpResponse<String> export = read("/matches/" + m.matchId() + "/export?format=jsonl");
        assertEquals(200, export.statusCode());
        Path file = Files.createTempFile("audit-it-", ".jsonl");
        Files.writeString(file, export.body());
        for (long n = 1; n <= last; n++) {
            JsonNode expected = Json.read(cli("replay", "--at", Long.toString(n), file.toString()));
            JsonNode actual = get("/matches/" + m.matchId() + "/view?atSeq=" + n);
            assertEquals(expected, actual, "view at seq " + n);
        }
        assertEquals(replay.view(), Json.read(cli("replay", file.toString())), "the export replays to the live view");

        // The correction: in the timeline, linked to its target; the views change from its seq on.
        JsonNode t = get("/matches/" + m.matchId() + "/ledger");
        JsonNode correction = null;
        for (JsonNode row : t.get("timeline")) {
            if (row.has("correction")) {
                correction = row;
            }
        }
        assertNotNull(correction, "a correction in the timeline");
        long c = correction.get("seq").asLong();
        long target = correction.at("/correction/targetSeq").asLong();
        assertTrue(target > 0 && target < c, correction.toString());
        assertEquals("VOIDED", correction.at("/correction/kind").asText());
        ObjectNode before = (ObjectNode) get("/matches/" + m.matchId() + "/view?atSeq=" + (c - 1));
        ObjectNode after = (ObjectNode) get("/matches/" + m.matchId() + "/view?atSeq=" + c);
        before.put("lastSeq", 0);
        after.put("lastSeq", 0);
        assertNotEquals(before, after, "the void changes the view at its seq");
    }

    /** A realistic match whose table client voids a shot (the first seed from 1 that gives one). */
    static SimMatch withACorrection(String matchId) {
        for (long seed = 1; seed < 200; seed++) {
            SimMatch m = SimMatch.play(matchId, Discipline.NINE_BALL, 3, seed, new SimProfile(0.01, 0.03, 0.01));
            if (m.events().stream().anyMatch(e -> e.path("type").asText().equals("pool.event.voided"))) {
                return m;
            }
        }
        throw new IllegalStateException("no simulated match with a void");
    }

    /**
     * The packaged audit trail verifying signed test tokens ({@link TestTokens}: public key, issuer, audience; no
     * identity provider). Quarkus takes a public key only for a service tenant, so the hybrid tenant (code flow for the
     * pages) is run as a service one here.
     */
    static ServiceProcess auditTrail(String servers, PostgresDatabase.Coordinates db) {
        Map<String, String> props = ServiceProcess.serviceProperties(servers);
        props.put("quarkus.datasource.jdbc.url", db.jdbcUrl());
        props.put("quarkus.datasource.reactive.url", db.jdbcUrl().substring("jdbc:".length()));
        props.put("quarkus.datasource.username", db.user());
        props.put("quarkus.datasource.password", db.password());
        props.putAll(TestTokens.serviceProperties());
        props.put("quarkus.oidc.application-type", "service");
        return ServiceProcess.start("audit-trail", ServiceProcess.jar(ServiceProcess.AUDIT_JAR), props);
    }

    /** GET on the audit trail as an auditor (its API answers readers only); null when it does not answer. */
    static HttpResponse<String> read(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(audit.baseUrl() + path))
                .header("Authorization", "Bearer " + TestTokens.forRole("auditor"))
                .timeout(Duration.ofSeconds(30)).GET().build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (java.io.IOException e) {
            return null;
        }
    }

    static JsonNode get(String path) throws Exception {
        HttpResponse<String> r = read(path);
        return r == null || r.statusCode() != 200 ? null : Json.read(r.body());
    }

    /** The replay tool itself (services/tools/ledger-cli's LedgerCli, as deploy/bin/ledger runs it). */
    static String cli(String... args) throws Exception {
        Class<?> cli = Class.forName("org.matchledger.cli.LedgerCli");
        Method run = cli.getDeclaredMethod("run", String[].class, PrintStream.class, PrintStream.class);
        run.setAccessible(true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = (int) run.invoke(null, args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
