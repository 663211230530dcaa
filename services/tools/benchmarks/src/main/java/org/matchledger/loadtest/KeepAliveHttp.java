package org.matchledger.loadtest;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A blocking HTTP/1.1 client on one kept-alive connection, for one thread: what a table client does (one request at a
 * time on its connection), at a small fraction of the CPU of {@code java.net.http.HttpClient}, whose asynchronous
 * machinery cost the load generator most of a core at a few hundred posts per second on a 2-core machine. It speaks
 * only what the gateway answers: a status line, headers, and a body of {@code Content-Length} or chunked, which it
 * reads and drops. Any I/O error closes the connection; the next request opens a new one.
 */
final class KeepAliveHttp implements AutoCloseable {
    private final String host;
    private final int port;
    private final int timeoutMs;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    KeepAliveHttp(URI base, int timeoutMs) {
        this.host = base.getHost();
        this.port = base.getPort() > 0 ? base.getPort() : 80;
        this.timeoutMs = timeoutMs;
    }

    /** POSTs {@code body} to {@code path} with the given headers (name, value, …); the status code. */
    int post(String path, byte[] body, String... headers) throws IOException {
        try {
            if (socket == null) {
                connect();
            }
            StringBuilder head = new StringBuilder(256).append("POST ").append(path).append(" HTTP/1.1\r\nHost: ")
                    .append(host).append(':').append(port).append("\r\nContent-Length: ").append(body.length).append("\r\n");
            for (int i = 0; i + 1 < headers.length; i += 2) {
                head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return readResponse();
        } catch (IOException | RuntimeException e) {
            close();
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    private void connect() throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(new InetSocketAddress(host, port), timeoutMs);
        s.setSoTimeout(timeoutMs);
        socket = s;
        in = new BufferedInputStream(s.getInputStream(), 8192);
        out = new BufferedOutputStream(s.getOutputStream(), 16384);
    }

    private int readResponse() throws IOException {
        String status = line();
        int sp = status.indexOf(' ');
        if (!status.startsWith("HTTP/1.") || sp < 0 || status.length() < sp + 4) {
            throw new IOException("not an HTTP answer: " + status);
        }
        int code = Integer.parseInt(status.substring(sp + 1, sp + 4));
        long length = -1;
        boolean chunked = false;
        boolean close = status.startsWith("HTTP/1.0");
        for (String h = line(); !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = h.substring(0, colon).trim();
            String value = h.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                length = Long.parseLong(value);
            } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.toLowerCase().contains("chunked")) {
                chunked = true;
            } else if (name.equalsIgnoreCase("Connection")) {
                close = value.equalsIgnoreCase("close");
            }
        }
        if (chunked) {
            for (long size = chunkSize(); size > 0; size = chunkSize()) {
                skip(size);
                line();
            }
            for (String trailer = line(); !trailer.isEmpty(); trailer = line()) {
                // trailers are dropped
            }
        } else if (length > 0) {
            skip(length);
        } else if (length < 0 && code != 204 && code != 304) {
            close = true; // the body runs to the end of the connection: not read, the connection is not reused
        }
        if (close) {
            close();
        }
        return code;
    }

    private long chunkSize() throws IOException {
        String l = line();
        int semi = l.indexOf(';');
        return Long.parseLong((semi >= 0 ? l.substring(0, semi) : l).trim(), 16);
    }

    private void skip(long n) throws IOException {
        while (n > 0) {
            long k = in.skip(n);
            if (k <= 0) {
                if (in.read() < 0) {
                    throw new IOException("connection closed inside a body");
                }
                k = 1;
            }
            n -= k;
        }
    }

    /** One header line without its CRLF. */
    private String line() throws IOException {
        StringBuilder b = new StringBuilder(64);
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("connection closed");
            }
            if (c != '\r') {
                b.append((char) c);
            }
        }
        return b.toString();
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        socket = null;
    }
}
