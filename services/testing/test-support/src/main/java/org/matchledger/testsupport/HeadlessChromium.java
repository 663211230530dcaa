package org.matchledger.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A real headless Chromium driven over the DevTools protocol (a WebSocket, {@link java.net.http}), for page tests:
 * open a URL, evaluate JavaScript in it, wait for a condition, take a PNG screenshot.
 *
 * <p>The browser is Debian's {@code chromium} (or the one named by system property / environment variable
 * {@value #BINARY_PROPERTY} / {@code CHROMIUM_BIN}). When it is missing, {@link #launch()} installs it with
 * {@code apt-get install -y --no-install-recommends chromium} (as root, or through {@code sudo -n}); if that is not
 * possible it fails with the reason. It runs with a throw-away profile, bound to loopback, and is killed on
 * {@link #close()} or when the JVM exits.
 *
 * <pre>{@code
 * try (HeadlessChromium browser = HeadlessChromium.launch();
 *      HeadlessChromium.Page page = browser.open("http://127.0.0.1:8081/")) {
 *     page.waitFor("document.querySelectorAll('[data-match-id]').length > 0", Duration.ofSeconds(10));
 *     String score = page.text("[data-match-id='m-1'] [data-field='score'][data-player='p1']");
 *     page.screenshot(Path.of("target/screenshots/dashboard.png"));
 * }
 * }</pre>
 */
public final class HeadlessChromium implements AutoCloseable {
    public static final String BINARY_PROPERTY = "testsupport.chromium";

    private static final System.Logger LOG = System.getLogger(HeadlessChromium.class.getName());
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    private static final Object INSTALL_LOCK = "org.matchledger.testsupport.HeadlessChromium.install";

    private final Process process;
    private final Path profile;
    private final DevTools devTools;

    private HeadlessChromium(Process process, Path profile, DevTools devTools) {
        this.process = process;
        this.profile = profile;
        this.devTools = devTools;
    }

    /** Starts a headless Chromium (installing it first when it is missing). */
    public static HeadlessChromium launch() {
        String binary = binary();
        Path profile;
        try {
            profile = Files.createTempDirectory("chromium-profile");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = List.of(binary,
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--mute-audio",
                "--hide-scrollbars", "--force-color-profile=srgb",
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                "--user-data-dir=" + profile, "--window-size=1280,720", "about:blank");
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(profile.resolve("chromium.log").toFile())
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("could not start " + binary + ": " + e.getMessage(), e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "kill-chromium"));
        try {
            URI endpoint = devToolsEndpoint(process, profile);
            return new HeadlessChromium(process, profile, DevTools.connect(endpoint));
        } catch (RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    /** Opens {@code url} in a new tab and waits for its {@code load} event. */
    public Page open(String url) {
        return open(url, Map.of());
    }

    /**
     * Opens {@code url} in a new tab that sends {@code headers} with every request it makes (e.g. {@code Authorization}
     * for a page that needs a bearer token), and waits for its {@code load} event.
     */
    public Page open(String url, Map<String, String> headers) {
        return open(url, headers, null);
    }

    /**
     * Opens {@code url} in a tab of a browser context of its own: its storage (local storage, IndexedDB, cookies,
     * service workers) is not shared with the other tabs, as if it were another device.
     */
    public Page openIsolated(String url) {
        String context = devTools.call(null, "Target.createBrowserContext", Map.of()).path("browserContextId").asText();
        return open(url, Map.of(), context);
    }

    private Page open(String url, Map<String, String> headers, String browserContextId) {
        Map<String, Object> create = new java.util.HashMap<>(Map.of("url", "about:blank"));
        if (browserContextId != null) {
            create.put("browserContextId", browserContextId);
        }
        String targetId = devTools.call(null, "Target.createTarget", create)
                .path("targetId").asText();
        String session = devTools.call(null, "Target.attachToTarget", Map.of("targetId", targetId, "flatten", true))
                .path("sessionId").asText();
        Page page = new Page(targetId, session);
        devTools.call(session, "Page.enable", Map.of());
        devTools.call(session, "Runtime.enable", Map.of());
        if (!headers.isEmpty()) {
            devTools.call(session, "Network.enable", Map.of());
            devTools.call(session, "Network.setExtraHTTPHeaders", Map.of("headers", headers));
        }
        page.navigate(url);
        return page;
    }

    /** The browser's console and DevTools log so far (for a failing test's message). */
    public String log() {
        try {
            return Files.readString(profile.resolve("chromium.log"));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        devTools.close();
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        deleteQuietly(profile);
    }

    /** One tab. */
    public final class Page implements AutoCloseable {
        private final String targetId;
        private final String session;
        private final List<String> console = new ArrayList<>();

        private Page(String targetId, String session) {
            this.targetId = targetId;
            this.session = session;
            devTools.onEvent(session, "Runtime.consoleAPICalled", params -> {
                StringBuilder line = new StringBuilder(params.path("type").asText()).append(':');
                params.path("args").forEach(a -> line.append(' ').append(a.path("value").asText(a.path("description").asText())));
                synchronized (console) {
                    console.add(line.toString());
                }
            });
            devTools.onEvent(session, "Runtime.exceptionThrown", params -> {
                synchronized (console) {
                    console.add("exception: " + params.path("exceptionDetails").path("exception").path("description")
                            .asText(params.path("exceptionDetails").path("text").asText()));
                }
            });
        }

        /** Loads {@code url} in this tab and waits for its {@code load} event. */
        public void navigate(String url) {
            CompletableFuture<JsonNode> loaded = devTools.nextEvent(session, "Page.loadEventFired");
            JsonNode result = devTools.call(session, "Page.navigate", Map.of("url", url));
            if (result.hasNonNull("errorText")) {
                throw new IllegalStateException("could not load " + url + ": " + result.get("errorText").asText());
            }
            DevTools.await(loaded, COMMAND_TIMEOUT, "the load event of " + url);
        }

        /** Evaluates a JavaScript expression (promises awaited) and returns its value as JSON (null for undefined). */
        public JsonNode evaluate(String expression) {
            JsonNode result = devTools.call(session, "Runtime.evaluate", Map.of(
                    "expression", expression, "returnByValue", true, "awaitPromise", true));
            if (result.has("exceptionDetails")) {
                JsonNode details = result.get("exceptionDetails");
                throw new IllegalStateException("JavaScript failed: " + expression + " → "
                        + details.path("exception").path("description").asText(details.path("text").asText()));
            }
            return result.path("result").path("value");
        }

        /** The trimmed {@code textContent} of the first element matching {@code selector}, or null if none. */
        public String text(String selector) {
            JsonNode v = evaluate("(() => { const e = document.querySelector(" + jsString(selector) + ");"
                    + " return e === null ? null : e.textContent.trim(); })()");
            return v.isNull() || v.isMissingNode() ? null : v.asText();
        }

        /** How many elements match {@code selector}. */
        public int count(String selector) {
            return evaluate("document.querySelectorAll(" + jsString(selector) + ").length").asInt();
        }

        /** Polls a JavaScript boolean expression every 50 ms until it is true; fails with the page's console after {@code timeout}. */
        public void waitFor(String condition, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            RuntimeException last = null;
            while (System.nanoTime() < deadline) {
                try {
                    if (evaluate("Boolean(" + condition + ")").asBoolean()) {
                        return;
                    }
                    last = null;
                } catch (IllegalStateException e) {
                    last = e;
                }
                sleep(50);
            }
            throw new AssertionError("page did not satisfy " + condition + " within " + timeout.toMillis() + " ms"
                    + (last != null ? " (last error: " + last.getMessage() + ")" : "")
                    + "\nconsole:\n" + String.join("\n", console()), last);
        }

        /** Waits until the text of {@code selector} equals {@code expected}. */
        public void waitForText(String selector, String expected, Duration timeout) {
            waitFor("(() => { const e = document.querySelector(" + jsString(selector) + ");"
                    + " return e !== null && e.textContent.trim() === " + jsString(expected) + "; })()", timeout);
        }

        /**
         * Sends a DevTools command to this tab, e.g. {@code Network.emulateNetworkConditions} (a network cut) or
         * {@code Emulation.setDeviceMetricsOverride} (a tablet's or a phone's viewport); returns its result.
         */
        public JsonNode send(String method, Map<String, ?> params) {
            return devTools.call(session, method, params);
        }

        /** The page's console messages and uncaught exceptions so far. */
        public List<String> console() {
            synchronized (console) {
                return List.copyOf(console);
            }
        }

        /**
         * A PNG of the viewport, written to {@code file} (folders created); with a transparent page background
         * when {@code transparent} (what an OBS browser source composites over the video).
         */
        public Path screenshot(Path file, boolean transparent) {
            if (transparent) {
                devTools.call(session, "Emulation.setDefaultBackgroundColorOverride",
                        Map.of("color", Map.of("r", 0, "g", 0, "b", 0, "a", 0)));
            }
            String data = devTools.call(session, "Page.captureScreenshot", Map.of("format", "png")).path("data").asText();
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.write(file, Base64.getDecoder().decode(data));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return file.toAbsolutePath();
        }

        public Path screenshot(Path file) {
            return screenshot(file, false);
        }

        @Override
        public void close() {
            try {
                devTools.call(null, "Target.closeTarget", Map.of("targetId", targetId));
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "closing a tab: " + e.getMessage());
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    /** The Chromium binary, installed from Debian's packages when missing. */
    static String binary() {
        String configured = Optional.ofNullable(System.getProperty(BINARY_PROPERTY)).orElse(System.getenv("CHROMIUM_BIN"));
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        synchronized (INSTALL_LOCK) {
            Optional<Path> found = onPath("chromium", "chromium-browser");
            if (found.isPresent()) {
                return found.get().toString();
            }
            install();
            return onPath("chromium", "chromium-browser").map(Path::toString).orElseThrow(() ->
                    new IllegalStateException("chromium is still not on the PATH after apt-get install"));
        }
    }

    private static void install() {
        boolean root = "root".equals(System.getProperty("user.name"));
        List<String> sudo = root ? List.of() : List.of("sudo", "-n");
        LOG.log(Level.WARNING, "chromium is missing: installing Debian's package (apt-get install chromium)");
        run(concat(sudo, List.of("apt-get", "update", "-q")), Duration.ofMinutes(5));
        run(concat(sudo, List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium")),
                Duration.ofMinutes(10));
    }

    private static void run(List<String> command, Duration timeout) {
        try {
            Path out = Files.createTempFile("apt", ".log");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            p.getOutputStream().close();
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

    private static Optional<Path> onPath(String... names) {
        String path = Optional.ofNullable(System.getenv("PATH")).orElse("/usr/bin:/bin");
        for (String name : names) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** Chromium writes its DevTools port and browser path to {@code DevToolsActivePort} in the profile once it listens. */
    private static URI devToolsEndpoint(Process process, Path profile) {
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("chromium exited with " + process.exitValue() + ":\n"
                        + tail(readQuietly(profile.resolve("chromium.log")), 3000));
            }
            try {
                List<String> lines = Files.exists(portFile) ? Files.readAllLines(portFile) : List.of();
                if (lines.size() >= 2 && !lines.get(0).isBlank()) {
                    return URI.create("ws://127.0.0.1:" + lines.get(0).trim() + lines.get(1).trim());
                }
            } catch (IOException e) {
                // being written: try again
            }
            sleep(50);
        }
        throw new IllegalStateException("chromium did not open its DevTools port within " + START_TIMEOUT + ":\n"
                + tail(readQuietly(profile.resolve("chromium.log")), 3000));
    }

    /** The DevTools protocol: JSON commands with ids over one WebSocket, results and events back. */
    private static final class DevTools implements WebSocket.Listener {
        private final AtomicLong ids = new AtomicLong();
        private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
        private final Map<String, List<Consumer<JsonNode>>> listeners = new ConcurrentHashMap<>();
        private final StringBuilder partial = new StringBuilder();
        private volatile WebSocket socket;

        static DevTools connect(URI endpoint) {
            DevTools devTools = new DevTools();
            devTools.socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(endpoint, devTools)
                    .join();
            return devTools;
        }

        JsonNode call(String session, String method, Map<String, ?> params) {
            long id = ids.incrementAndGet();
            ObjectNode message = JSON.createObjectNode();
            message.put("id", id).put("method", method).set("params", JSON.valueToTree(params));
            if (session != null) {
                message.put("sessionId", session);
            }
            CompletableFuture<JsonNode> reply = new CompletableFuture<>();
            pending.put(id, reply);
            synchronized (this) {
                socket.sendText(message.toString(), true).join();
            }
            JsonNode answer = await(reply, COMMAND_TIMEOUT, method);
            if (answer.has("error")) {
                throw new IllegalStateException(method + " failed: " + answer.get("error"));
            }
            return answer.path("result");
        }

        void onEvent(String session, String method, Consumer<JsonNode> listener) {
            listeners.computeIfAbsent(session + "/" + method, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                    .add(listener);
        }

        CompletableFuture<JsonNode> nextEvent(String session, String method) {
            CompletableFuture<JsonNode> next = new CompletableFuture<>();
            onEvent(session, method, next::complete);
            return next;
        }

        static JsonNode await(CompletableFuture<JsonNode> future, Duration timeout, String what) {
            try {
                return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new IllegalStateException("chromium: no answer to " + what + " within " + timeout.toSeconds() + " s");
            } catch (ExecutionException e) {
                throw new IllegalStateException("chromium: " + what + " failed: " + e.getCause(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for " + what, e);
            }
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                dispatch(text);
            }
            webSocket.request(1);
            return null;
        }

        private void dispatch(String text) {
            JsonNode message;
            try {
                message = JSON.readTree(text);
            } catch (IOException e) {
                LOG.log(Level.WARNING, "chromium sent something that is not JSON: " + tail(text, 200));
                return;
            }
            if (message.has("id")) {
                CompletableFuture<JsonNode> reply = pending.remove(message.get("id").asLong());
                if (reply != null) {
                    reply.complete(message);
                }
            } else if (message.has("method")) {
                String key = message.path("sessionId").asText(null) + "/" + message.get("method").asText();
                listeners.getOrDefault(key, List.of()).forEach(l -> l.accept(message.path("params")));
            }
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            pending.values().forEach(f -> f.completeExceptionally(error));
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            pending.values().forEach(f -> f.completeExceptionally(new IllegalStateException("DevTools closed: " + reason)));
            return null;
        }

        void close() {
            try {
                socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(2, TimeUnit.SECONDS);
            } catch (Exception e) {
                socket.abort();
            }
        }
    }

    // ------------------------------------------------------------------------------------------------------------

    /** A JavaScript string literal (JSON's escaping is valid JavaScript). */
    public static String jsString(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "";
        }
    }

    private static String tail(String s, int max) {
        return s.length() <= max ? s : "…" + s.substring(s.length() - max);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Deletes a temporary profile folder. Chromium's helper processes may still be writing into it (a file appears or
     * vanishes while the tree is walked): such a walk is tried again, and what is left after three tries stays in the
     * temporary directory rather than failing the test that closed the browser.
     */
    private static void deleteQuietly(Path dir) {
        for (int attempt = 0; attempt < 3 && Files.exists(dir); attempt++) {
            try (var paths = Files.walk(dir)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException | java.io.UncheckedIOException e) {
                sleep(100);
            }
        }
    }
}
