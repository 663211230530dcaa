package org.matchledger.kafka;

import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.config.SaslConfigs;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Sets up a broker that requires SASL (deploy/local/kafka/setup, after start), as its super user {@code admin}: the
 * service users with the passwords of a credentials file (the file is the truth: a user added since the storage was
 * formatted is created, a changed password set), exactly the ACLs of {@link LedgerAcls} for those users (any other
 * ACL of theirs removed) and the ledger's topics with {@link TopicSetup}. Idempotent: run at every start.
 *
 * <pre>
 * BrokerSetup --bootstrap HOST:PORT --credentials FILE [--partitions N] [--rejected-retention 30d] [--rulings-retention 7d]
 * (partitions: default those of topics.properties)
 * </pre>
 * The credentials file holds {@code password.<user>=…} lines: {@code admin} and every service user.
 */
public final class BrokerSetup {
    static final String SCRAM_MECHANISM = "SCRAM-SHA-512";
    private static final int SCRAM_ITERATIONS = 8192;
    private static final int TIMEOUT_SECONDS = 30;

    private BrokerSetup() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opts = options(args);
        String bootstrap = required(opts, "--bootstrap");
        Properties credentials = load(Path.of(required(opts, "--credentials")));
        int partitions = opts.containsKey("--partitions") ? Integer.parseInt(opts.get("--partitions")) : Topics.DEFAULT_PARTITIONS;
        Duration rejectedRetention = duration(opts.getOrDefault("--rejected-retention", "30d"));
        Duration rulingsRetention = duration(opts.getOrDefault("--rulings-retention", "7d"));

        Map<String, Object> adminSettings = scramClient("admin", password(credentials, "admin"));
        Map<String, Object> config = new HashMap<>(adminSettings);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, TIMEOUT_SECONDS * 1000);
        try (Admin admin = Admin.create(config)) {
            upsertUsers(admin, LedgerAcls.SERVICE_USERS, credentials);
            int removed = replaceAcls(admin);
            System.err.printf("kafka setup: users %s, %d ACLs (%d stale removed)%n", LedgerAcls.SERVICE_USERS,
                    LedgerAcls.bindings().size(), removed);
        }
        TopicSetup.ensure(bootstrap, adminSettings, partitions, TopicSetup.REPLICATION_FROM_SETTINGS, "", TIMEOUT_SECONDS,
                rejectedRetention, rulingsRetention);
        System.err.printf("kafka setup: topics %s (%d partitions when created; replication and min ISR of topics.properties,"
                + " as far as the brokers allow)%n", Topics.ALL, partitions);
    }

    /** The client settings of a SCRAM-SHA-512 user. */
    public static Map<String, Object> scramClient(String user, String password) {
        Map<String, Object> c = new HashMap<>();
        c.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
        c.put(SaslConfigs.SASL_MECHANISM, SCRAM_MECHANISM);
        c.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
                + user + "\" password=\"" + password + "\";");
        return c;
    }

    /** Every user gets the password of the credentials file. */
    private static void upsertUsers(Admin admin, List<String> users, Properties credentials) throws Exception {
        List<UserScramCredentialAlteration> upserts = new ArrayList<>();
        for (String user : users) {
            upserts.add(new UserScramCredentialUpsertion(user,
                    new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, SCRAM_ITERATIONS), password(credentials, user)));
        }
        admin.alterUserScramCredentials(upserts).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** Creates the ACLs of {@link LedgerAcls} and deletes any other ACL of the service users; how many were deleted. */
    static int replaceAcls(Admin admin) throws Exception {
        List<AclBinding> wanted = LedgerAcls.bindings();
        admin.createAcls(wanted).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        Set<String> principals = new HashSet<>();
        LedgerAcls.SERVICE_USERS.forEach(u -> principals.add(LedgerAcls.principal(u)));
        List<AclBindingFilter> stale = new ArrayList<>();
        for (AclBinding b : admin.describeAcls(AclBindingFilter.ANY).values().get(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            if (principals.contains(b.entry().principal()) && !wanted.contains(b)) {
                stale.add(b.toFilter());
            }
        }
        if (!stale.isEmpty()) {
            admin.deleteAcls(stale).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        }
        return stale.size();
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return p;
    }

    private static String password(Properties credentials, String user) {
        String p = credentials.getProperty("password." + user);
        if (p == null || p.isBlank()) {
            throw new IllegalArgumentException("the credentials file has no password." + user);
        }
        return p.trim();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> opts = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("usage: BrokerSetup --bootstrap HOST:PORT "
                        + "--credentials FILE [--partitions N] [--rejected-retention 30d] [--rulings-retention 7d]");
            }
            opts.put(args[i], args[i + 1]);
        }
        return opts;
    }

    private static String required(Map<String, String> opts, String name) {
        String v = opts.get(name);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(name + " is required");
        }
        return v;
    }

    /** {@code 30d}, {@code 12h}, {@code 90m}, {@code 45s} or ISO-8601 ({@code PT12H}). */
    static Duration duration(String text) {
        String t = text.trim();
        if (t.matches("\\d+[dhms]")) {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            return switch (t.charAt(t.length() - 1)) {
                case 'd' -> Duration.ofDays(n);
                case 'h' -> Duration.ofHours(n);
                case 'm' -> Duration.ofMinutes(n);
                default -> Duration.ofSeconds(n);
            };
        }
        return Duration.parse(t);
    }
}
