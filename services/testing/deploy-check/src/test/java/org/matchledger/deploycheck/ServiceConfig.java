package org.matchledger.deploycheck;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/** A service's own configuration (services/NAME/src/main/resources/application.properties), production profile. */
record ServiceConfig(String name, Properties properties) {
    private static final java.util.regex.Pattern CHANNEL_TOPICS =
            java.util.regex.Pattern.compile("mp\\.messaging\\.(incoming|outgoing)\\.[^.]+\\.topics?");
    static final List<String> SERVICES = List.of("table-gateway", "scoreboard", "audit-trail", "rules-processor");

    static ServiceConfig of(String service) {
        Path file = Manifests.root().resolve("services").resolve(service).resolve("src/main/resources/application.properties");
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ServiceConfig(service, p);
    }

    String get(String key) {
        String v = properties.getProperty(key);
        if (v == null) {
            throw new AssertionError(name + ": no " + key + " in its application.properties");
        }
        return v.trim();
    }

    /** {@code key}'s value, or {@code absent} (the default the service's config mapping declares) when not set. */
    String get(String key, String absent) {
        String v = properties.getProperty(key);
        return v == null ? absent : v.trim();
    }

    int port() {
        return Integer.parseInt(get("quarkus.http.port"));
    }

    int managementPort() {
        return Integer.parseInt(get("quarkus.management.port"));
    }

    /** Every topic its SmallRye channels name (topic, topics), without test-profile keys. */
    TreeSet<String> channelTopics() {
        TreeSet<String> topics = new TreeSet<>();
        for (String k : properties.stringPropertyNames()) {
            if (CHANNEL_TOPICS.matcher(k).matches()) {
                for (String t : get(k).split(",")) {
                    topics.add(t.trim());
                }
            }
        }
        return topics;
    }

    /** Every consumer group id it is configured with ({@code ${quarkus.uuid}} and the like cut off). */
    TreeSet<String> groupIds() {
        return values(".group.id");
    }

    TreeSet<String> transactionalIds() {
        return values(".transactional.id");
    }

    private TreeSet<String> values(String suffix) {
        TreeSet<String> out = new TreeSet<>();
        for (String k : properties.stringPropertyNames()) {
            if (!k.startsWith("%") && k.endsWith(suffix)) {
                String v = get(k);
                int expr = v.indexOf("${");
                out.add(expr < 0 ? v : v.substring(0, expr) + "*");
            }
        }
        return out;
    }
}
