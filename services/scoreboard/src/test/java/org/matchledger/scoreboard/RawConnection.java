package org.matchledger.scoreboard;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A bare HTTP/1.1 connection for tests that a ready-made client cannot play: from a chosen loopback address
 * (127.0.0.2 is another client address to the service), with a tiny receive buffer, reading the status and headers
 * and then nothing more (a client that stops reading).
 */
final class RawConnection implements AutoCloseable {
    static final String WEBSOCKET_KEY = "dGhlIHNhbXBsZSBub25jZQ==";

    final Socket socket;
    final int status;
    final Map<String, String> headers;
    private final InputStream in;

    private RawConnection(Socket socket, int status, Map<String, String> headers, InputStream in) {
        this.socket = socket;
        this.status = status;
        this.headers = headers;
        this.in = in;
    }

    static RawConnection sse(String from, int port, String path, int receiveBuffer) {
        return open(from, port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nAccept: text/event-stream\r\n\r\n", receiveBuffer);
    }

    static RawConnection webSocket(String from, int port, String path, int receiveBuffer) {
        return open(from, port, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Key: " + WEBSOCKET_KEY + "\r\nSec-WebSocket-Version: 13\r\n\r\n", receiveBuffer);
    }

    static RawConnection open(String from, int port, String request, int receiveBuffer) {
        Socket s = new Socket();
        try {
            if (receiveBuffer > 0) {
                s.setReceiveBufferSize(receiveBuffer);
            }
            s.bind(new InetSocketAddress(from, 0));
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = readHead(in);
            String[] lines = head.split("\r\n");
            int status = Integer.parseInt(lines[0].split(" ")[1]);
            Map<String, String> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
                }
            }
            return new RawConnection(s, status, headers, in);
        } catch (IOException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing
            }
            throw new IllegalStateException("raw request from " + from + " failed", e);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            byte[] h = head.toByteArray();
            int n = h.length;
            if (n >= 4 && h[n - 4] == '\r' && h[n - 3] == '\n' && h[n - 2] == '\r' && h[n - 1] == '\n') {
                break;
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** The body of a non-streaming answer (Content-Length). */
    String body() throws IOException {
        int n = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }

    /** Reads (and drops) everything the service still sends: true when it ended the connection within {@code within}. */
    boolean endedByService(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        byte[] buf = new byte[65536];
        try {
            socket.setSoTimeout(500);
            while (System.nanoTime() < deadline) {
                try {
                    if (in.read(buf) < 0) {
                        return true;
                    }
                } catch (SocketTimeoutException e) {
                    // still open: keep waiting
                }
            }
            return false;
        } catch (IOException e) {
            return true; // reset by the service
        }
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing
        }
    }
}
