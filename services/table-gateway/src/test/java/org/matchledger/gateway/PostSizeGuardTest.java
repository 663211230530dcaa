package org.matchledger.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import io.smallrye.reactive.messaging.memory.InMemorySink;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.matchledger.core.json.Json;
import org.matchledger.http.Problem;
import org.matchledger.testsupport.TestTokens;
import org.matchledger.testsupport.TestTokensResource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A post over the 64 KiB body limit (docs/events.md, "Posting") is answered 413 naming the {@code body}, and the
 * client reads that answer: the connection is not reset under it. Nothing of such a post is read, so nothing is kept.
 */
@QuarkusTest
@WithTestResource(TestTokensResource.class)
class PostSizeGuardTest {
    private static final String PATH = "/matches/m-size/events";
    private static final int LIMIT = 64 * 1024;

    @TestHTTPResource("/")
    URL root;

    @Inject
    @Any
    InMemoryConnector connector;

    private InMemorySink<String> events;
    private InMemorySink<String> rejected;

    @BeforeEach
    void clear() {
        events = connector.sink(EventPublisher.EVENTS_CHANNEL);
        rejected = connector.sink(EventPublisher.REJECTED_CHANNEL);
        events.clear();
        rejected.clear();
    }

    private static byte[] arrayOfOnes(int bytes) {
        StringBuilder sb = new StringBuilder("[1");
        while (sb.length() < bytes - 1) {
            sb.append(",1");
        }
        return sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void assertNamesTheBody(String contentType, String body) throws IOException {
        assertTrue(contentType.startsWith(Problem.MEDIA_TYPE), contentType);
        JsonNode p = Json.read(body);
        assertEquals(413, p.get("status").intValue(), body);
        assertEquals("body", p.get("errors").get(0).get("field").textValue(), body);
    }

    @Test
    void everyPostOverTheLimit_isAnswered413NamingTheBody() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        String token = TestTokens.forAccount("director");
        for (int i = 0; i < 200; i++) {
            byte[] body = arrayOfOnes(LIMIT + 1 + i * 97);
            HttpRequest request = HttpRequest.newBuilder(URI.create(root.toString().replaceAll("/$", "") + PATH))
                    .timeout(Duration.ofSeconds(30)).header("Content-Type", EventsResource.BATCH)
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(413, r.statusCode(), "post " + i + " of " + body.length + " bytes: " + r.body());
            assertNamesTheBody(r.headers().firstValue("Content-Type").orElse(""), r.body());
        }
        assertEquals(0, events.received().size());
        assertEquals(0, rejected.received().size(), "a body that was never read is not kept");
    }

    @Test
    void afterThe413_theSameConnectionTakesTheNextPost() throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            byte[] body = arrayOfOnes(LIMIT + 5_000);
            out.write(head(body.length, false));
            out.write(body);
            out.flush();
            RawAnswer first = RawAnswer.read(in);
            assertEquals(413, first.status, first.text);
            assertNamesTheBody(first.header("content-type"), first.body);

            byte[] small = "[1]".getBytes(StandardCharsets.UTF_8);
            out.write(head(small.length, false));
            out.write(small);
            out.flush();
            RawAnswer second = RawAnswer.read(in);
            assertEquals(400, second.status, "the next post on the same connection is read and judged: " + second.text);
        }
    }

    @Test
    void aClientWaitingFor100Continue_getsThe413WithoutSendingTheBody() throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(head(LIMIT + 1, true));
            socket.getOutputStream().flush();
            RawAnswer answer = RawAnswer.read(socket.getInputStream());
            assertEquals(413, answer.status, answer.text);
            assertNamesTheBody(answer.header("content-type"), answer.body);
            assertEquals("close", answer.header("connection"));
        }
    }

    /** Without a declared length the size is counted as the body arrives: 413 naming the body, connection kept. */
    @Test
    void aChunkedPostOverTheLimit_isAnswered413_andTheConnectionTakesTheNextPost() throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            sendChunked(socket.getOutputStream(), arrayOfOnes(LIMIT + 5_000));
            RawAnswer answer = RawAnswer.read(socket.getInputStream());
            assertEquals(413, answer.status, answer.text);
            assertNamesTheBody(answer.header("content-type"), answer.body);

            sendChunked(socket.getOutputStream(), "[1]".getBytes(StandardCharsets.UTF_8));
            RawAnswer next = RawAnswer.read(socket.getInputStream());
            assertEquals(400, next.status, "the next post on the same connection is read and judged: " + next.text);
        }
        assertEquals(0, events.received().size());
    }

    /** A chunked post within the limit reaches the resource whole: the event is accepted. */
    @Test
    void aChunkedPostWithinTheLimit_isAccepted() throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            String batch = "[" + EventsResourceTest.event("chunked-1", 1, "m-size") + "]";
            sendChunked(socket.getOutputStream(), batch.getBytes(StandardCharsets.UTF_8));
            RawAnswer answer = RawAnswer.read(socket.getInputStream());
            assertEquals(202, answer.status, answer.text + answer.body);
        }
        assertEquals(1, events.received().size());
    }

    /** A client that waits for {@code 100 Continue} before it sends a chunked body gets it, then its answer. */
    @Test
    void aChunkedPostWaitingFor100Continue_getsItAndIsAccepted() throws Exception {
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(chunkedHead(true));
            out.flush();
            InputStream in = socket.getInputStream();
            String interim = new String(in.readNBytes("HTTP/1.1 100 Continue\r\n\r\n".length()), StandardCharsets.US_ASCII);
            assertEquals("HTTP/1.1 100 Continue\r\n\r\n", interim);
            String batch = "[" + EventsResourceTest.event("chunked-2", 1, "m-size") + "]";
            sendChunks(out, batch.getBytes(StandardCharsets.UTF_8));
            RawAnswer answer = RawAnswer.read(in);
            assertEquals(202, answer.status, answer.text + answer.body);
        }
        assertEquals(1, events.received().size());
    }

    private static byte[] chunkedHead(boolean expectContinue) {
        return ("POST " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + EventsResource.BATCH + "\r\n"
                + "Authorization: Bearer " + TestTokens.forAccount("director") + "\r\n"
                + (expectContinue ? "Expect: 100-continue\r\n" : "")
                + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    private static void sendChunked(OutputStream out, byte[] body) throws IOException {
        out.write(chunkedHead(false));
        sendChunks(out, body);
    }

    private static void sendChunks(OutputStream out, byte[] body) throws IOException {
        for (int at = 0; at < body.length; at += 8192) {
            int n = Math.min(8192, body.length - at);
            out.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(body, at, n);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static byte[] head(int length, boolean expectContinue) {
        return ("POST " + PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: " + EventsResource.BATCH + "\r\n"
                + "Authorization: Bearer " + TestTokens.forAccount("director") + "\r\n"
                + (expectContinue ? "Expect: 100-continue\r\n" : "")
                + "Content-Length: " + length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** One HTTP/1.1 answer read off a socket: its status, headers (lower-case names) and body (by Content-Length). */
    private record RawAnswer(int status, String text, String body) {
        static RawAnswer read(InputStream in) throws IOException {
            ByteArrayOutputStream head = new ByteArrayOutputStream();
            while (!head.toString(StandardCharsets.US_ASCII).endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    throw new IOException("connection closed after: " + head.toString(StandardCharsets.US_ASCII));
                }
                head.write(b);
            }
            String text = head.toString(StandardCharsets.US_ASCII);
            int status = Integer.parseInt(text.substring(9, 12));
            RawAnswer headers = new RawAnswer(status, text, "");
            int length = Integer.parseInt(headers.header("content-length"));
            String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
            return new RawAnswer(status, text, body);
        }

        String header(String name) {
            for (String line : text.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).trim();
                }
            }
            return "";
        }
    }
}
