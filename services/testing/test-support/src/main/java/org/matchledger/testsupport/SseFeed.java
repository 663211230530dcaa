package org.matchledger.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A Server-Sent Events client for tests (a broadcaster): parses id/event/data messages and comments as they arrive. */
public final class SseFeed implements AutoCloseable {
    public record Message(String id, String event, String data, long receivedAtMillis) {
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    public final HttpResponse<InputStream> response;
    final List<Message> messages = new CopyOnWriteArrayList<>();
    public final List<String> comments = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private SseFeed(HttpResponse<InputStream> response) {
        this.response = response;
        this.reader = new Thread(this::read, "sse-feed");
        reader.setDaemon(true);
        reader.start();
    }

    public static SseFeed open(String url, String lastEventId) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Accept", "text/event-stream").GET();
        if (lastEventId != null) {
            b.header("Last-Event-ID", lastEventId);
        }
        try {
            return new SseFeed(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
        } catch (IOException e) {
            throw new IllegalStateException("GET " + url + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void read() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String id = null;
            String event = null;
            StringBuilder data = null;
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    if (data != null) {
                        messages.add(new Message(id, event == null ? "message" : event, data.toString(), System.currentTimeMillis()));
                    }
                    event = null;
                    data = null;
                } else if (line.startsWith(":")) {
                    comments.add(line.substring(1).trim());
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).trim();
                } else if (line.startsWith("event:")) {
                    event = line.substring(6).trim();
                } else if (line.startsWith("data:")) {
                    data = (data == null ? new StringBuilder() : data.append('\n')).append(line.substring(5).trim());
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    public List<Message> messages() {
        return new ArrayList<>(messages);
    }

    @Override
    public void close() {
        try {
            response.body().close();
        } catch (IOException e) {
            // gone
        }
    }
}
