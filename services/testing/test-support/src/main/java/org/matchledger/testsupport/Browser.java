package org.matchledger.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.devtools.CdpInfo;
import org.openqa.selenium.devtools.CdpVersionFinder;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A real headless Chromium for page tests, driven by Selenium: Debian's {@code chromium} through Debian's
 * {@code chromedriver}, both installed when missing (see {@link ChromiumPackages}). Each {@link BrowserTab} is a window
 * of its own with a DevTools session of its own (its console, its network conditions, its viewport).
 *
 * <p>The browser runs headless with a throw-away profile, its DevTools bound to loopback, and is ended on
 * {@link #close()} or when the JVM exits.
 *
 * <pre>{@code
 * try (Browser browser = Browser.launch();
 *      BrowserTab page = browser.open("http://127.0.0.1:8081/")) {
 *     page.waitFor("document.querySelectorAll('[data-match-id]').length > 0", Duration.ofSeconds(10));
 *     String score = page.text("[data-match-id='m-1'] [data-field='score'][data-player='p1']");
 *     page.screenshot(Path.of("target/screenshots/dashboard.png"));
 * }
 * }</pre>
 */
public final class Browser implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    static final int WIDTH = 1280;
    static final int HEIGHT = 720;

    private final ChromeDriver driver;
    private final CdpInfo protocol;
    private final Path profile;
    private final Thread killAtExit;
    /** The window the browser started with: kept open, so that closing a tab never ends the session. */
    private final String home;
    private String current;

    private Browser(ChromeDriver driver, Path profile, Thread killAtExit) {
        this.driver = driver;
        this.profile = profile;
        this.killAtExit = killAtExit;
        this.protocol = new CdpVersionFinder().match(driver.getCapabilities().getBrowserVersion())
                .orElseThrow(() -> new IllegalStateException("Selenium has no DevTools binding for Chromium "
                        + driver.getCapabilities().getBrowserVersion()));
        this.home = driver.getWindowHandle();
        this.current = home;
    }

    /** Starts a headless Chromium under chromedriver (installing both first when they are missing). */
    public static Browser launch() {
        ChromiumPackages.Binaries binaries = ChromiumPackages.binaries();
        Path profile;
        try {
            profile = Files.createTempDirectory("chromium-profile");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions()
                .setBinary(binaries.chromium())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
                        "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
                        "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                        "--disable-sync", "--mute-audio", "--hide-scrollbars", "--force-color-profile=srgb",
                        "--remote-debugging-address=127.0.0.1", "--window-size=" + WIDTH + "," + HEIGHT,
                        "--user-data-dir=" + profile.resolve("data"));
        options.setPageLoadTimeout(COMMAND_TIMEOUT);
        options.setScriptTimeout(COMMAND_TIMEOUT);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(binaries.chromedriver()))
                .usingAnyFreePort()
                .withLogFile(profile.resolve("chromedriver.log").toFile())
                .build();
        ChromeDriver driver;
        try {
            driver = new ChromeDriver(service, options);
        } catch (WebDriverException e) {
            service.stop();
            throw new IllegalStateException("could not start " + binaries.chromium() + " under "
                    + binaries.chromedriver() + ": " + e.getMessage() + "\n" + ChromiumPackages.tail(
                    readQuietly(profile.resolve("chromedriver.log")), 3000), e);
        }
        Thread killAtExit = new Thread(driver::quit, "quit-chromium");
        Runtime.getRuntime().addShutdownHook(killAtExit);
        return new Browser(driver, profile, killAtExit);
    }

    /** Opens {@code url} in a new window and waits for its {@code load} event. */
    public BrowserTab open(String url) {
        return open(url, Map.of());
    }

    /**
     * Opens {@code url} in a new window that sends {@code headers} with every request it makes (e.g.
     * {@code Authorization} for a page that needs a bearer token), and waits for its {@code load} event.
     */
    public BrowserTab open(String url, Map<String, String> headers) {
        return open(url, headers, null);
    }

    private BrowserTab open(String url, Map<String, String> headers, Browser owner) {
        String handle;
        synchronized (this) {
            driver.switchTo().newWindow(WindowType.WINDOW);
            handle = driver.getWindowHandle();
            current = handle;
            sizeViewport();
        }
        BrowserTab tab = new BrowserTab(this, handle, owner);
        try {
            if (!headers.isEmpty()) {
                tab.send("Network.enable", Map.of());
                tab.send("Network.setExtraHTTPHeaders", Map.of("headers", headers));
            }
            tab.navigate(url);
        } catch (RuntimeException e) {
            tab.close();
            throw e;
        }
        return tab;
    }

    /**
     * Opens {@code url} in a browser of its own: its storage (local storage, IndexedDB, cookies, service workers) is
     * not shared with the other tabs, as if it were another device. Closing the tab ends that browser.
     */
    public BrowserTab openIsolated(String url) {
        Browser device = launch();
        try {
            return device.open(url, Map.of(), device);
        } catch (RuntimeException e) {
            device.close();
            throw e;
        }
    }

    /** chromedriver's log so far (for a failing test's message). */
    public String log() {
        return readQuietly(profile.resolve("chromedriver.log"));
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } catch (WebDriverException e) {
            // already gone
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killAtExit);
        } catch (IllegalStateException e) {
            // the JVM is exiting
        }
        deleteQuietly(profile);
    }

    /**
     * A new window opens with room taken by the window's frame: it is grown until the page itself has the
     * {@value #WIDTH}×{@value #HEIGHT} viewport the browser was launched with, as every tab's screenshots assume.
     */
    private void sizeViewport() {
        driver.manage().window().setSize(new Dimension(WIDTH, HEIGHT));
        for (int attempt = 0; attempt < 3; attempt++) {
            Object inner = driver.executeScript("return [window.innerWidth, window.innerHeight];");
            List<?> size = (List<?>) inner;
            int width = ((Number) size.get(0)).intValue();
            int height = ((Number) size.get(1)).intValue();
            if (width == WIDTH && height == HEIGHT) {
                return;
            }
            Dimension outer = driver.manage().window().getSize();
            driver.manage().window().setSize(new Dimension(outer.width + WIDTH - width, outer.height + HEIGHT - height));
        }
    }

    /** A JavaScript string literal (JSON's escaping is valid JavaScript). */
    public static String jsString(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- for BrowserTab --------------------------------------------------------------------------------------------

    ChromeDriver driver() {
        return driver;
    }

    CdpInfo protocol() {
        return protocol;
    }

    /** WebDriver commands go to one window at a time: this makes {@code handle} the one they go to. */
    synchronized ChromeDriver focus(String handle) {
        if (!handle.equals(current)) {
            driver.switchTo().window(handle);
            current = handle;
        }
        return driver;
    }

    synchronized void closeWindow(String handle) {
        focus(handle);
        driver.close();
        current = null;
        // chromedriver opens new windows from the current one, which must exist
        focus(home);
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
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
            } catch (IOException | UncheckedIOException e) {
                BrowserTab.sleep(100);
            }
        }
    }
}
