package org.matchledger.deploycheck;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Grafana dashboard (deploy/k8s/grafana-dashboard.json) asks only for the ledger's own meters that the services
 * register: each {@code gateway_*}, {@code ledger_*} or {@code scoreboard_*} series in a query is a meter name
 * ({@code ledger.batch.transaction} for {@code ledger_batch_transaction_seconds}) written in the services' code.
 */
class DashboardTest {
    private static final Pattern OWN_SERIES = Pattern.compile("\\b((?:gateway|ledger|scoreboard)_[a-z_]+)");

    @Test
    void everyOwnMeterOfTheDashboardIsRegisteredByAService() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(Manifests.k8s().resolve("grafana-dashboard.json").toFile());
        Set<String> meters = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher m = OWN_SERIES.matcher(target.path("expr").asText());
                while (m.find()) {
                    meters.add(m.group(1).replaceAll("_(total|seconds|count|sum|max)$", "").replace('_', '.'));
                }
            }
        }
        assertFalse(meters.isEmpty(), "the dashboard shows the ledger's own meters");
        String code = sources();
        List<String> unknown = new ArrayList<>();
        for (String meter : meters) {
            if (!code.contains("\"" + meter + "\"")) {
                unknown.add(meter);
            }
        }
        assertTrue(unknown.isEmpty(), "meters no service registers: " + unknown);
    }

    private static String sources() throws IOException {
        StringBuilder all = new StringBuilder();
        for (String service : ServiceConfig.SERVICES) {
            Path main = Manifests.root().resolve("services").resolve(service).resolve("src/main/java");
            try (Stream<Path> files = Files.walk(main)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    all.append(Files.readString(f));
                }
            }
        }
        return all.toString();
    }
}
