package io.ccrj.bench.dss.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP/1.1 request, fixed once and sent many times: where to (host, port), what (method, path,
 * headers, body). The clients send it as bytes encoded once ({@link #encoded()}), so a benchmark
 * times the connection and the server, not the request encoder; the same spec aims the same load at
 * the raw Netty baseline and at the DSS host.
 *
 * <p>{@code Host} and, with a body or a method that carries one, {@code Content-Length} are added;
 * HTTP/1.1 keeps the connection alive unless a {@code Connection: close} header is given.
 * Immutable and thread-safe.
 *
 * @param host host name or address to connect to and to send as {@code Host}
 * @param port TCP port
 * @param method request method, upper case
 * @param path origin-form request target, starting with {@code /} (query included)
 * @param headers extra headers in order (name to value)
 * @param body request body, empty for none
 */
public record HttpRequestSpec(String host, int port, String method, String path, Map<String, String> headers, byte[] body) {

    public HttpRequestSpec {
        Objects.requireNonNull(host, "host");
        method = method.toUpperCase(Locale.ROOT);
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with '/': " + path);
        }
        if (port <= 0 || port > 65_535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        body = body.clone();
    }

    /**
     * A GET of {@code url}.
     *
     * @param url {@code http://host:port/path?query}; port 80 when absent
     */
    public static HttpRequestSpec get(String url) {
        return of("GET", url, new byte[0]);
    }

    /** A POST of {@code body} (UTF-8) to {@code url}, {@code Content-Type: application/json}. */
    public static HttpRequestSpec postJson(String url, String body) {
        return of("POST", url, body.getBytes(StandardCharsets.UTF_8)).withHeader("Content-Type", "application/json");
    }

    /**
     * A request of {@code method} on {@code url} with {@code body}.
     *
     * @throws IllegalArgumentException for a URL that is not {@code http://} with a host
     */
    public static HttpRequestSpec of(String method, String url, byte[] body) {
        URI uri = URI.create(url);
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("expected an http://host[:port]/path URL: " + url);
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path += "?" + uri.getRawQuery();
        }
        return new HttpRequestSpec(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort(), method, path, Map.of(), body);
    }

    /** @return this request with header {@code name: value} added (or replaced) */
    public HttpRequestSpec withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new HttpRequestSpec(host, port, method, path, h, body);
    }

    /** @return this request with another body */
    public HttpRequestSpec withBody(byte[] newBody) {
        return new HttpRequestSpec(host, port, method, path, headers, newBody);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** @return the resolved address to connect to */
    public InetSocketAddress address() {
        return new InetSocketAddress(host, port);
    }

    /**
     * Allocates the encoded requests: direct (a socket write copies a heap buffer first), and not
     * leak-tracked, as each is kept for its client's lifetime on purpose and never released.
     */
    private static final UnpooledByteBufAllocator ENCODED = new UnpooledByteBufAllocator(true, true);

    /**
     * The request as it goes on the wire, in an unreleasable direct buffer: send
     * {@code encoded().duplicate()} as many times as needed (nobody writes into it).
     */
    public ByteBuf encoded() {
        StringBuilder head = new StringBuilder(128)
                .append(method).append(' ').append(path).append(" HTTP/1.1\r\n")
                .append("Host: ").append(host).append(':').append(port).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        if (body.length > 0 || method.equals("POST") || method.equals("PUT") || method.equals("PATCH")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        ByteBuf buf = ENCODED.directBuffer(h.length + body.length).writeBytes(h).writeBytes(body);
        return Unpooled.unreleasableBuffer(buf);
    }

    @Override
    public String toString() {
        return method + " http://" + host + ":" + port + path + (body.length > 0 ? " (" + body.length + " bytes)" : "");
    }
}
