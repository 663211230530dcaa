package org.matchledger.loadtest;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Many Server-Sent Events connections read by one thread on one selector: what a fan-out benchmark needs to hold
 * thousands of viewers without the load generator itself becoming what is measured (the JDK's {@code HttpClient}
 * delivers every line through its reactive chain on a shared executor). It sends each connection's GET, checks the
 * answer is {@code 200}, undoes chunked transfer encoding, and hands each complete message's {@code id} and
 * {@code event} to its {@link Viewer} with the time its last bytes were read; {@code data} lines are not kept.
 */
final class SseSockets {
    /** One connection's receiver. */
    interface Viewer {
        /** The request target, e.g. {@code /matches/m1/stream}. */
        String path();

        /** Extra request header lines, each ending with CRLF (may be empty). */
        String headers();

        void opened();

        void message(String id, String event, long nanos);

        void closed();
    }

    private final InetSocketAddress address;
    private final String host;
    private final List<? extends Viewer> viewers;
    private final int connectsPerTick;
    private volatile boolean stop;

    /** {@code connectsPerTick}: connections opened per 10 ms at most, so that the server's accept queue keeps up. */
    SseSockets(String host, int port, List<? extends Viewer> viewers, int connectsPerTick) {
        this.address = new InetSocketAddress(host, port);
        this.host = host + ":" + port;
        this.viewers = viewers;
        this.connectsPerTick = connectsPerTick;
    }

    Thread start() {
        Thread t = new Thread(this::run, "sse-sockets");
        t.setDaemon(true);
        t.start();
        return t;
    }

    void stop() {
        stop = true;
    }

    private void run() {
        try (Selector selector = Selector.open()) {
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 16);
            byte[] bytes = new byte[1 << 16];
            int next = 0;
            while (!stop) {
                for (int k = 0; k < connectsPerTick && next < viewers.size(); k++, next++) {
                    open(selector, viewers.get(next));
                }
                selector.select(10);
                long now = System.nanoTime();
                for (SelectionKey key : selector.selectedKeys()) {
                    Connection c = (Connection) key.attachment();
                    try {
                        if (key.isConnectable()) {
                            c.channel.finishConnect();
                            c.channel.write(ByteBuffer.wrap(c.request));
                            key.interestOps(SelectionKey.OP_READ);
                        } else if (key.isReadable()) {
                            buffer.clear();
                            int n = c.channel.read(buffer);
                            if (n < 0) {
                                c.close(key);
                            } else {
                                buffer.flip();
                                buffer.get(bytes, 0, n);
                                c.feed(bytes, n, now);
                            }
                        }
                    } catch (IOException | RuntimeException e) {
                        c.close(key);
                    }
                }
                selector.selectedKeys().clear();
            }
            for (SelectionKey key : selector.keys()) {
                ((Connection) key.attachment()).close(key);
            }
        } catch (IOException e) {
            throw new IllegalStateException("selector failed", e);
        }
    }

    private void open(Selector selector, Viewer v) {
        try {
            SocketChannel ch = SocketChannel.open();
            ch.configureBlocking(false);
            ch.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
            byte[] request = ("GET " + v.path() + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: text/event-stream\r\n"
                    + v.headers() + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
            Connection c = new Connection(ch, v, request);
            if (ch.connect(address)) {
                ch.write(ByteBuffer.wrap(request));
                ch.register(selector, SelectionKey.OP_READ, c);
            } else {
                ch.register(selector, SelectionKey.OP_CONNECT, c);
            }
        } catch (IOException e) {
            v.closed();
        }
    }

    /** One connection's parser: response head, then chunks, then SSE lines. */
    private static final class Connection {
        private static final int HEAD = 0, SIZE = 1, DATA = 2, DATA_END = 3, PLAIN = 4;

        final SocketChannel channel;
        final Viewer viewer;
        final byte[] request;
        private int state = HEAD;
        private final StringBuilder head = new StringBuilder();
        private long chunkLeft;
        private long chunkSize;
        private boolean sizeRead;
        // The SSE line being read: its first bytes decide whether it is kept (id, event) or only noticed (data).
        private final StringBuilder line = new StringBuilder();
        private boolean lineKept;
        private int lineLength;
        private String id;
        private String event;
        private boolean data;
        private boolean closed;

        Connection(SocketChannel channel, Viewer viewer, byte[] request) {
            this.channel = channel;
            this.viewer = viewer;
            this.request = request;
        }

        void feed(byte[] b, int n, long now) throws IOException {
            for (int i = 0; i < n; i++) {
                byte x = b[i];
                switch (state) {
                    case HEAD -> {
                        head.append((char) x);
                        int len = head.length();
                        if (len >= 4 && head.charAt(len - 1) == '\n' && head.charAt(len - 2) == '\r'
                                && head.charAt(len - 3) == '\n' && head.charAt(len - 4) == '\r') {
                            String h = head.toString();
                            if (!h.startsWith("HTTP/1.1 200")) {
                                throw new IOException("answer: " + h.substring(0, Math.min(h.length(), 40)));
                            }
                            state = h.toLowerCase().contains("transfer-encoding: chunked") ? SIZE : PLAIN;
                            chunkSize = 0;
                            viewer.opened();
                        }
                    }
                    case SIZE -> {
                        if (x == '\n') {
                            chunkLeft = chunkSize;
                            chunkSize = 0;
                            sizeRead = false;
                            if (chunkLeft == 0) {
                                throw new IOException("the feed ended");
                            }
                            state = DATA;
                        } else if (x != '\r' && !sizeRead) {
                            int d = Character.digit(x, 16);
                            if (d < 0) {
                                sizeRead = true; // a chunk extension (after ';') is ignored
                            } else {
                                chunkSize = chunkSize * 16 + d;
                            }
                        }
                    }
                    case DATA -> {
                        sse(x, now);
                        if (--chunkLeft == 0) {
                            state = DATA_END;
                        }
                    }
                    case DATA_END -> {
                        if (x == '\n') {
                            state = SIZE;
                        }
                    }
                    default -> sse(x, now);
                }
            }
        }

        private void sse(byte x, long now) {
            if (x == '\r') {
                return;
            }
            if (x != '\n') {
                if (lineLength++ < 7) {
                    line.append((char) x);
                    if (lineLength == 1) {
                        lineKept = x == 'i' || x == 'e';
                    }
                } else if (lineKept) {
                    line.append((char) x);
                }
                return;
            }
            if (lineLength == 0) {
                if (data) {
                    viewer.message(id, event, now);
                }
                data = false;
            } else {
                String l = line.toString();
                if (l.startsWith("id: ")) {
                    id = l.substring(4);
                } else if (l.startsWith("event: ")) {
                    event = l.substring(7);
                } else if (l.startsWith("data")) {
                    data = true;
                }
            }
            line.setLength(0);
            lineLength = 0;
            lineKept = false;
        }

        void close(SelectionKey key) {
            key.cancel();
            try {
                channel.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            if (!closed) {
                closed = true;
                viewer.closed();
            }
        }
    }
}
