package org.matchledger.testsupport;

import java.io.File;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Where the browser and its driver are: Debian's {@code chromium} and {@code chromium-driver} ({@code chromedriver}),
 * installed with {@code apt-get} when either is missing, so a fresh machine needs nothing set up by hand.
 *
 * <p>Either may be named instead: system property {@value #CHROMIUM_PROPERTY} / environment variable
 * {@code CHROMIUM_BIN}, and {@value #CHROMEDRIVER_PROPERTY} / {@code CHROMEDRIVER_BIN}. The install runs as root, or
 * through {@code sudo -n}; apt waits for a dpkg lock held by another test JVM rather than failing.
 */
final class ChromiumPackages {
    static final String CHROMIUM_PROPERTY = "testsupport.chromium";
    static final String CHROMEDRIVER_PROPERTY = "testsupport.chromedriver";

    private static final System.Logger LOG = System.getLogger(ChromiumPackages.class.getName());
    private static final Object INSTALL_LOCK = "org.matchledger.testsupport.ChromiumPackages.install";

    /** The browser and the driver that matches it. */
    record Binaries(String chromium, String chromedriver) {}

    private ChromiumPackages() {
    }

    static Binaries binaries() {
        Optional<String> chromium = configured(CHROMIUM_PROPERTY, "CHROMIUM_BIN");
        Optional<String> driver = configured(CHROMEDRIVER_PROPERTY, "CHROMEDRIVER_BIN");
        synchronized (INSTALL_LOCK) {
            Optional<String> foundChromium = chromium.or(() -> onPath("chromium", "chromium-browser"));
            Optional<String> foundDriver = driver.or(() -> onPath("chromedriver"));
            if (foundChromium.isPresent() && foundDriver.isPresent()) {
                return new Binaries(foundChromium.get(), foundDriver.get());
            }
            install();
            return new Binaries(
                    chromium.or(() -> onPath("chromium", "chromium-browser")).orElseThrow(() ->
                            new IllegalStateException("chromium is still not on the PATH after apt-get install")),
                    driver.or(() -> onPath("chromedriver")).orElseThrow(() ->
                            new IllegalStateException("chromedriver is still not on the PATH after apt-get install")));
        }
    }

    private static Optional<String> configured(String property, String variable) {
        return Optional.ofNullable(System.getProperty(property)).or(() -> Optional.ofNullable(System.getenv(variable)))
                .filter(s -> !s.isBlank());
    }

    /** Both packages in one go: Debian's chromium-driver requires the chromium of its own version. */
    private static void install() {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> sudo = root ? List.of() : List.of("sudo", "-n");
        LOG.log(Level.WARNING, "chromium or chromedriver is missing: installing Debian's packages"
                + " (apt-get install chromium chromium-driver)");
        List<String> waitForLock = List.of("-o", "DPkg::Lock::Timeout=600");
        run(concat(sudo, List.of("apt-get", "update", "-q"), waitForLock), Duration.ofMinutes(10));
        run(concat(sudo, List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium", "chromium-driver"),
                waitForLock), Duration.ofMinutes(15));
    }

    private static void run(List<String> command, Duration timeout) {
        try {
            Path out = Files.createTempFile("apt", ".log");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish within " + timeout);
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException("chromium is missing and " + String.join(" ", command)
                        + " failed (exit " + p.exitValue() + "):\n" + tail(Files.readString(out), 2000));
            }
        } catch (IOException e) {
            throw new IllegalStateException("chromium is missing and " + String.join(" ", command)
                    + " could not run: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing chromium", e);
        }
    }

    private static Optional<String> onPath(String... names) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String name : names) {
            for (String dir : path.split(File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate.toString());
                }
            }
        }
        return Optional.empty();
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    static String tail(String s, int max) {
        return s.length() <= max ? s : "…" + s.substring(s.length() - max);
    }
}
