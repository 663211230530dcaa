package org.matchledger.testsupport;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The driver against a real Chromium and a page served from this test on loopback. */
class BrowserTest {
    /** A page whose script changes the DOM 300 ms after load, as a live page does when its feed delivers. */
    private static final String PAGE = """
            <!doctype html><html><head><title>t</title></head>
            <body style="background: transparent">
            <p id="score" data-field="score">0</p>
            <script>
              console.log('page script ran');
              setTimeout(() => { document.getElementById('score').textContent = '1'; }, 300);
            </script></body></html>""";

    private static HttpServer server;
    private static Browser browser;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = PAGE.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        browser = Browser.launch();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        server.stop(0);
    }

    private String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    @Test
    void seesTheDomChangeThatThePageScriptMakes() {
        try (BrowserTab page = browser.open(url())) {
            page.waitForText("[data-field='score']", "1", Duration.ofSeconds(10));
            assertEquals(1, page.count("#score"));
            assertNull(page.text("#absent"));
            assertTrue(page.console().contains("log: page script ran"), page.console().toString());
        }
    }

    @Test
    void waitingForAConditionThatNeverHoldsFailsWithTheReason() {
        try (BrowserTab page = browser.open(url())) {
            AssertionError e = assertThrows(AssertionError.class,
                    () -> page.waitFor("document.title === 'never'", Duration.ofMillis(300)));
            assertTrue(e.getMessage().contains("document.title === 'never'"), e.getMessage());
        }
    }

    @Test
    void writesATransparentPngScreenshot() throws IOException {
        Path file = Path.of("target", "screenshots", "headless-chromium-test.png");
        try (BrowserTab page = browser.open(url())) {
            page.waitForText("#score", "1", Duration.ofSeconds(10));
            Path written = page.screenshot(file, true);
            byte[] png = Files.readAllBytes(written);
            // PNG signature, then the IHDR chunk: colour type 6 (RGBA) at byte 25 means an alpha channel.
            assertEquals((byte) 0x89, png[0]);
            assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII));
            assertEquals(6, png[25], "RGBA");
        }
    }

    @Test
    void aScriptErrorIsReportedWithTheExpression() {
        try (BrowserTab page = browser.open(url())) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> page.evaluate("nosuchname.x"));
            assertTrue(e.getMessage().contains("nosuchname"), e.getMessage());
        }
    }
}
