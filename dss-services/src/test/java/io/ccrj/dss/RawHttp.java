package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A plain-socket HTTP/1.1 test client: one keep-alive connection, requests written byte for byte
 * (so tests can pipeline, send malformed input, or read a Server-Sent Events stream line by line).
 * Every read has a socket timeout.
 */
final class RawHttp implements Closeable {
    /** A parsed response. */
    record Res(int status, Map<String, String> headers, String body) {
        JsonNode json() {
            try {
                return Json.TREE_READER.readValue(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawHttp(int port) throws IOException {
        this(port, 10_000);
    }

    RawHttp(int port, int readTimeoutMillis) throws IOException {
        this(port, readTimeoutMillis, 0);
    }

    /** With a small receive buffer ({@code receiveBuffer} bytes, 0 for the default): a slow reader. */
    RawHttp(int port, int readTimeoutMillis, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), readTimeoutMillis);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(readTimeoutMillis);
        in = new java.io.BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static Res once(int port, String method, String path, String contentType, String body, String... headers) throws IOException {
        try (RawHttp c = new RawHttp(port)) {
            return c.exchange(method, path, contentType, body, headers);
        }
    }

    Res exchange(String method, String path, String contentType, String body, String... headers) throws IOException {
        send(method, path, contentType, body, headers);
        return read();
    }

    void send(String method, String path, String contentType, String body, String... headers) throws IOException {
        writeRaw(format(method, path, contentType, body, headers));
    }

    static String format(String method, String path, String contentType, String body, String... headers) {
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (contentType != null) {
            sb.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (body != null) {
            sb.append("Content-Length: ").append(b.length).append("\r\n");
        }
        sb.append("\r\n");
        if (body != null) {
            sb.append(body);
        }
        return sb.toString();
    }

    void writeRaw(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    void writeRaw(byte[] raw) throws IOException {
        out.write(raw);
        out.flush();
    }

    /** Reads one response (Content-Length or chunked; a close-delimited body up to EOF). */
    Res read() throws IOException {
        String status = line();
        if (status == null) {
            throw new IOException("connection closed before a response");
        }
        int code = Integer.parseInt(status.split(" ")[1]);
        Map<String, String> headers = headers();
        String body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            while (true) {
                int size = Integer.parseInt(line().trim(), 16);
                if (size == 0) {
                    line();
                    break;
                }
                buf.write(in.readNBytes(size));
                line();
            }
            body = buf.toString(StandardCharsets.UTF_8);
        } else if (headers.containsKey("content-length")) {
            body = new String(in.readNBytes(Integer.parseInt(headers.get("content-length"))), StandardCharsets.UTF_8);
        } else {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new Res(code, headers, body);
    }

    /** Reads a response's head only (for event streams). */
    Res readHead() throws IOException {
        String status = line();
        if (status == null) {
            throw new IOException("connection closed before a response");
        }
        return new Res(Integer.parseInt(status.split(" ")[1]), headers(), "");
    }

    private Map<String, String> headers() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h; (h = line()) != null && !h.isEmpty(); ) {
            int c = h.indexOf(':');
            headers.put(h.substring(0, c).trim().toLowerCase(Locale.ROOT), h.substring(c + 1).trim());
        }
        return headers;
    }

    /** Reads one CRLF- or LF-terminated line, or null at EOF. */
    String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            b.write(c);
        }
        if (c == -1 && b.size() == 0) {
            return null;
        }
        String s = b.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** Reads an SSE stream's chunked body until {@code n} events arrived; returns them as "event id data". */
    java.util.List<String[]> events(int n) throws IOException {
        java.util.List<String[]> events = new java.util.ArrayList<>();
        String event = null;
        String id = null;
        StringBuilder data = null;
        while (events.size() < n) {
            String l = line();
            if (l == null) {
                throw new IOException("stream ended after " + events.size() + " events");
            }
            if (l.startsWith("event: ")) {
                event = l.substring(7);
            } else if (l.startsWith("id: ")) {
                id = l.substring(4);
            } else if (l.startsWith("data: ")) {
                data = data == null ? new StringBuilder(l.substring(6)) : data.append('\n').append(l.substring(6));
            } else if (l.isEmpty() && data != null) {
                events.add(new String[] {event, id, data.toString()});
                event = null;
                id = null;
                data = null;
            }
            // chunk-size lines and comments fall through
        }
        return events;
    }

    /** @return whether bytes have arrived that were not read yet */
    boolean hasBytes() throws IOException {
        return in.available() > 0;
    }

    void setReadTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    boolean isClosedByPeer() throws IOException {
        try {
            return in.read() == -1;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
