package org.matchledger.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Keycloak distribution unpacked and built once per build, so that each test server starts from a copy of it
 * instead of unpacking the zip and running Keycloak's build step again (≈ 25 s of every first start; a copy takes
 * about a second). The seed is made by one ordinary start and stop of the launcher in {@code target/keycloak-seed}
 * of the repository (build output: {@code mvn clean} removes it); a copy takes the distribution only, never its data
 * folder, credentials or import stamp, so every server still generates its own credentials and imports the realm
 * from the template as a first start does. Switched off with {@code -D}{@value #ENABLED_PROPERTY}{@code =false}.
 *
 * <p>Several test JVMs of one build may ask at once (a file lock), and several threads of one JVM (the interned
 * lock of {@link KeycloakServer}).
 */
final class KeycloakSeed {
    static final String ENABLED_PROPERTY = "testsupport.keycloak.seed";
    private static final System.Logger LOG = System.getLogger(KeycloakSeed.class.getName());
    private static final Pattern VERSION = Pattern.compile("<version\\.keycloak>([^<]+)</version\\.keycloak>");
    /** Written into the seed once its start and stop succeeded. */
    private static final String COMPLETE = "complete";

    private KeycloakSeed() {
    }

    /**
     * Copies the built distribution into {@code dataDir/keycloak/keycloak-VERSION} (making the seed first if this
     * build has none yet). Returns false, having copied nothing, when the seed is switched off or cannot be made: the
     * launcher then unpacks as usual.
     */
    static boolean copyInto(Path dataDir, Object jvmLock) {
        if (!Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"))) {
            return false;
        }
        Path root = KeycloakServer.repositoryRoot();
        String distribution = "keycloak-" + version(root);
        Path seed = root.resolve("target/keycloak-seed");
        synchronized (jvmLock) {
            try {
                Files.createDirectories(seed);
                try (FileChannel channel = FileChannel.open(seed.resolve("lock"), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE); FileLock ignored = channel.lock()) {
                    Path made = seed.resolve(distribution);
                    if (!Files.exists(made.resolve(COMPLETE))) {
                        make(made);
                    }
                    copyDistribution(made.resolve("keycloak").resolve(distribution),
                            dataDir.resolve("keycloak").resolve(distribution));
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "no Keycloak seed ({0}): unpacking for this server", e.toString());
                return false;
            }
        }
    }

    /** One start and stop of the launcher in {@code dir}: unpacked, built, then stopped cleanly. */
    private static void make(Path dir) throws IOException {
        if (Files.exists(dir)) {
            KeycloakServer.deleteTree(dir); // a seed whose start did not complete
        }
        long t0 = System.nanoTime();
        try (KeycloakServer server = KeycloakServer.start(dir)) {
            LOG.log(Level.INFO, "Keycloak seed made in {0} ({1} s)", dir, (System.nanoTime() - t0) / 1_000_000_000);
        }
        Files.writeString(dir.resolve(COMPLETE), "");
    }

    /** The distribution without its {@code data} folder (database, import, transaction logs of the seed's run). */
    private static void copyDistribution(Path from, Path to) throws IOException {
        if (!Files.isExecutable(from.resolve("bin/kc.sh"))) {
            throw new IOException("the seed has no " + from.resolve("bin/kc.sh"));
        }
        Path data = from.resolve("data");
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (dir.equals(data)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir)));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file)), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** The version the launcher unpacks ({@code version.keycloak} of deploy/local/keycloak/pom.xml). */
    private static String version(Path root) {
        try {
            Matcher m = VERSION.matcher(Files.readString(root.resolve("deploy/local/keycloak/pom.xml")));
            if (!m.find()) {
                throw new IllegalStateException("no version.keycloak in deploy/local/keycloak/pom.xml");
            }
            return m.group(1).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
