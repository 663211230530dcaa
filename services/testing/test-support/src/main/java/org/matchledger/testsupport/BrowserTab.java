package org.matchledger.testsupport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.openqa.selenium.JavascriptException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.devtools.Command;
import org.openqa.selenium.devtools.Connection;
import org.openqa.selenium.devtools.DevTools;
import org.openqa.selenium.devtools.Event;
import org.openqa.selenium.devtools.SeleniumCdpConnection;
import org.openqa.selenium.json.Json;
import org.openqa.selenium.json.JsonInput;
import org.openqa.selenium.remote.http.ClientConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One window of a {@link Browser}: navigation, JavaScript, screenshots through WebDriver; DevTools commands through a
 * DevTools session attached to this window's page for as long as the tab is open, so what they set (a network cut,
 * a viewport) holds across navigations, as it would on the device being emulated.
 */
public final class BrowserTab implements AutoCloseable {
    private final Browser browser;
    private final String handle;
    private final Connection connection;
    private final DevTools devTools;
    private final Browser ownBrowser;
    private final List<String> console = new ArrayList<>();

    /** A tab in {@code browser}'s window {@code handle}; {@code ownBrowser}, when not null, is ended with the tab. */
    BrowserTab(Browser browser, String handle, Browser ownBrowser) {
        this.browser = browser;
        this.handle = handle;
        this.ownBrowser = ownBrowser;
        this.connection = SeleniumCdpConnection.create(browser.driver(), ClientConfig.defaultConfig())
                .orElseThrow(() -> new IllegalStateException("chromedriver gave no DevTools address"));
        this.devTools = new DevTools(browser.protocol()::getDomains, connection);
        devTools.createSession(handle);
        devTools.addListener(new Event<>("Runtime.consoleAPICalled", BrowserTab::readJson), params -> {
            StringBuilder line = new StringBuilder(params.path("type").asText()).append(':');
            params.path("args").forEach(a -> line.append(' ').append(a.path("value").asText(a.path("description").asText())));
            record(line.toString());
        });
        devTools.addListener(new Event<>("Runtime.exceptionThrown", BrowserTab::readJson), params ->
                record("exception: " + params.path("exceptionDetails").path("exception").path("description")
                        .asText(params.path("exceptionDetails").path("text").asText())));
        send("Page.enable", Map.of());
        send("Runtime.enable", Map.of());
    }

    private void record(String line) {
        synchronized (console) {
            console.add(line);
        }
    }

    /** Loads {@code url} in this tab and waits for its {@code load} event. */
    public void navigate(String url) {
        try {
            browser.focus(handle).get(url);
        } catch (WebDriverException e) {
            throw new IllegalStateException("could not load " + url + ": " + firstLine(e.getMessage()), e);
        }
    }

    /**
     * Evaluates a JavaScript expression (promises awaited) and returns its value as JSON (missing for undefined).
     * The value crosses as JSON text, so numbers, strings and nested objects come back as they would from the
     * ledger's own JSON.
     */
    public JsonNode evaluate(String expression) {
        Object json;
        try {
            json = browser.focus(handle).executeScript("return (async () => { const v = await (" + expression + "\n);"
                    + " return v === undefined ? null : (JSON.stringify(v) ?? null); })();");
        } catch (JavascriptException e) {
            throw new IllegalStateException("JavaScript failed: " + expression + " → " + firstLine(e.getMessage()), e);
        } catch (WebDriverException e) {
            throw new IllegalStateException("could not evaluate " + expression + ": " + firstLine(e.getMessage()), e);
        }
        if (json == null) {
            return MissingNode.getInstance();
        }
        try {
            return Browser.JSON.readTree((String) json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not JSON from " + expression + ": " + json, e);
        }
    }

    /** The trimmed {@code textContent} of the first element matching {@code selector}, or null if none. */
    public String text(String selector) {
        JsonNode v = evaluate("(() => { const e = document.querySelector(" + Browser.jsString(selector) + ");"
                + " return e === null ? null : e.textContent.trim(); })()");
        return v.isNull() || v.isMissingNode() ? null : v.asText();
    }

    /** How many elements match {@code selector}. */
    public int count(String selector) {
        return evaluate("document.querySelectorAll(" + Browser.jsString(selector) + ").length").asInt();
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
        waitFor("(() => { const e = document.querySelector(" + Browser.jsString(selector) + ");"
                + " return e !== null && e.textContent.trim() === " + Browser.jsString(expected) + "; })()", timeout);
    }

    /**
     * Sends a DevTools command to this tab's page, e.g. {@code Network.emulateNetworkConditions} (a network cut) or
     * {@code Emulation.setDeviceMetricsOverride} (a tablet's or a phone's viewport); returns its result.
     */
    public JsonNode send(String method, Map<String, ?> params) {
        try {
            return devTools.send(new Command<>(method, Map.copyOf(params), BrowserTab::readJson), Browser.COMMAND_TIMEOUT);
        } catch (WebDriverException e) {
            throw new IllegalStateException(method + " failed: " + firstLine(e.getMessage()), e);
        }
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
            send("Emulation.setDefaultBackgroundColorOverride", Map.of("color", Map.of("r", 0, "g", 0, "b", 0, "a", 0)));
        }
        byte[] png = browser.focus(handle).getScreenshotAs(OutputType.BYTES);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, png);
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
            devTools.close();
        } catch (RuntimeException e) {
            // the session ends with the window anyway
        }
        connection.close();
        try {
            browser.closeWindow(handle);
        } catch (WebDriverException e) {
            // already gone
        }
        if (ownBrowser != null) {
            ownBrowser.close();
        }
    }

    private static JsonNode readJson(JsonInput input) {
        Object value = input.read(Json.OBJECT_TYPE);
        return Browser.JSON.valueToTree(value);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
