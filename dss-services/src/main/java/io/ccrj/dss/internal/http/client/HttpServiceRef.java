package io.ccrj.dss.internal.http.client;

import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Notification;
import io.ccrj.dss.NotificationListener;
import io.ccrj.dss.Operation;
import io.ccrj.dss.Response;
import io.ccrj.dss.ServiceRef;
import io.ccrj.dss.Subscription;
import io.ccrj.dss.Verb;
import io.ccrj.dss.internal.rest.RestTable;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.SmallJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringEncoder;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A service in another host: each operation becomes the request of the REST table, sent over a
 * pooled keep-alive connection ({@link HttpClientPool}); the answer becomes a {@link Response}
 * (version from the {@code ETag}) or a {@link Fault} (code from the status, message from the JSON
 * error body). Subscribe opens a dedicated Server-Sent Events connection.
 */
@Internal
public final class HttpServiceRef implements ServiceRef {
    /**
     * Request headers with their values validated (a caller's If-Match or token cannot split a
     * header) and their names not: every name set here is one of Netty's constants.
     */
    private static final io.netty.handler.codec.http.HttpHeadersFactory HEADERS =
            io.netty.handler.codec.http.DefaultHttpHeadersFactory.headersFactory().withNameValidation(false);
    private static final io.netty.handler.codec.http.HttpHeadersFactory TRAILERS =
            io.netty.handler.codec.http.DefaultHttpHeadersFactory.trailersFactory();
    private final URI uri;
    private final String name;
    private final String path;
    private final String hostHeader;
    private final String authorization;
    /** See {@link #stateGetHeaders()}; volatile: published whole to every caller's thread. */
    private volatile io.netty.handler.codec.http.HttpHeaders stateGetHeaders;
    /** The pool each request goes through, asked per request (a host's pool exists once it listens). */
    private final java.util.function.Supplier<HttpClientPool> pool;
    /**
     * This service's target in the pool the last request went through, so that a request skips
     * the pool's look-up by host and port; volatile: published whole to every caller's thread (a
     * race makes two look-ups of the same target, either of which is fine).
     */
    private volatile Target target;

    private HttpServiceRef(URI uri, String bearerToken, java.util.function.Supplier<HttpClientPool> pool) {
        this.uri = uri;
        String p = uri.getRawPath();
        String services = RestTable.SERVICES + "/";
        if (p == null || !p.startsWith(services) || p.length() <= services.length()) {
            throw new IllegalArgumentException("a remote service URL is http://host:port" + RestTable.SERVICE + ", was " + uri);
        }
        this.path = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        this.name = java.net.URLDecoder.decode(path.substring(services.length()), StandardCharsets.UTF_8);
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        this.hostHeader = uri.getHost() + ":" + port;
        this.authorization = bearerToken == null ? null : "Bearer " + bearerToken;
        this.pool = pool;
    }

    /**
     * @param serviceUrl {@code http://host:port/services/NAME}
     * @param bearerToken the token to send, or {@code null}
     * @return a handle using the shared connection pool
     */
    public static HttpServiceRef create(URI serviceUrl, String bearerToken) {
        if (!"http".equalsIgnoreCase(serviceUrl.getScheme())) {
            throw new IllegalArgumentException("only http:// service URLs are supported, was " + serviceUrl);
        }
        return new HttpServiceRef(serviceUrl, bearerToken, HttpClientPool::shared);
    }

    /**
     * @param serviceUrl {@code http://host:port/services/NAME}
     * @param bearerToken the token to send, or {@code null}
     * @param pool the connection pool (a host's, on its event loops)
     * @return a handle using that pool
     */
    public static HttpServiceRef create(URI serviceUrl, String bearerToken, HttpClientPool pool) {
        return create(serviceUrl, bearerToken, () -> pool);
    }

    /**
     * A handle whose pool is chosen at each request: a host's partner made before the host
     * listens (or on a host without HTTP) uses the shared pool until the host's own event loops
     * exist, and those from then on.
     *
     * @param serviceUrl {@code http://host:port/services/NAME}
     * @param bearerToken the token to send, or {@code null}
     * @param pool gives the pool for each request (called on the caller's thread, must not block)
     * @return a handle using the pool given at each request
     */
    public static HttpServiceRef create(URI serviceUrl, String bearerToken, java.util.function.Supplier<HttpClientPool> pool) {
        if (!"http".equalsIgnoreCase(serviceUrl.getScheme())) {
            throw new IllegalArgumentException("only http:// service URLs are supported, was " + serviceUrl);
        }
        return new HttpServiceRef(serviceUrl, bearerToken, pool);
    }

    /** {@return the pool the next request would go through} */
    public HttpClientPool pool() {
        return pool.get();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String uri() {
        return uri.toString();
    }

    @Override
    public void post(Operation op) {
        FullHttpRequest req;
        try {
            req = toRequest(op);
        } catch (IOException e) {
            op.fault(FaultCode.BAD_REQUEST, "the operation's body cannot be serialized: " + e.getMessage());
            return;
        }
        HttpClientPool p = pool.get();
        Target t = target;
        if (t == null || t.owner() != p) {
            t = p.target(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort());
            target = t;
        }
        p.send(t, req, (res, failure) -> {
            if (failure != null) {
                op.fault(new Fault(FaultCode.UNAVAILABLE, failure instanceof ConnectionClosedException
                        ? "partner " + uri + ": " + op + " failed: " + failure.getMessage()
                        : "partner " + uri + " unreachable: " + failure, failure));
                return;
            }
            answer(op, res);
        });
    }

    private static void answer(Operation op, FullHttpResponse res) {
        int status = res.status().code();
        JsonNode body = null;
        ByteBuf content = res.content();
        if (content.isReadable()) {
            try {
                // a small plain answer without a Jackson parser of its own; the tree and every
                // error are Jackson's
                body = SmallJson.read(content);
            } catch (IOException e) {
                op.fault(FaultCode.INTERNAL, "partner answered " + status + " with a body that is not JSON: " + e.getMessage());
                return;
            }
        }
        if (status >= 200 && status < 300) {
            op.responsePort().respond(new Response(body == null ? Json.object() : body, parseEtag(res.headers().get(HttpHeaderNames.ETAG))));
        } else {
            String message = body != null && body.hasNonNull("message") ? body.get("message").asText() : res.status().toString();
            op.fault(FaultCode.ofHttpStatus(status), message);
        }
    }

    /**
     * @return the version an entity tag names ({@code "7"} or {@code W/"7"}), or 0 if it names
     *     none; parsed in place, without copying the tag (every answer of a partner has one)
     */
    static long parseEtag(String etag) {
        if (etag == null) {
            return 0;
        }
        int from = etag.startsWith("W/") ? 2 : 0;
        int to = etag.length();
        if (to - from >= 2 && etag.charAt(from) == '"' && etag.charAt(to - 1) == '"') {
            from++;
            to--;
        }
        if (from >= to) {
            return 0;
        }
        try {
            return Long.parseLong(etag, from, to, 10);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private FullHttpRequest toRequest(Operation op) throws IOException {
        JsonNode body = op.body();
        if (op.verb() == Verb.SUBSCRIBE) {
            throw new IOException("use subscribe(listener, lastSequence) for a remote Subscribe");
        }
        // the same table the host's router decodes with
        RestTable.Route route = RestTable.encode(op.verb(), body != null);
        HttpMethod method = route.method();
        String target = switch (route.path()) {
            case RestTable.ITEM -> path + RestTable.fill(RestTable.ITEM, op.key() == null ? "" : op.key());
            case RestTable.ACTION -> path + RestTable.fill(RestTable.ACTION, op.action() == null ? "" : op.action());
            case RestTable.STATE -> path; // the state's Get: the service's path as it is, no copy
            default -> path + route.path();
        };
        if (route.queryParams()) {
            QueryStringEncoder q = new QueryStringEncoder(target);
            for (Map.Entry<String, String> e : op.query().entrySet()) {
                q.addParam(e.getKey(), e.getValue());
            }
            target = q.toString();
        }
        if (route.body() == RestTable.Body.NONE) {
            body = null;
        }
        // a merge patch is what the standard Update takes, and a custom one takes any JSON
        String contentType = route.verb() == Verb.UPDATE ? "application/merge-patch+json" : "application/json";
        ByteBuf content = Unpooled.EMPTY_BUFFER;
        if (body != null) {
            content = Unpooled.buffer(128);
            if (!SmallJson.tryWrite(body, content)) { // a small plain body without a Jackson generator of its own
                Json.WRITER.writeValue((java.io.OutputStream) new ByteBufOutputStream(content), body);
            }
        }
        if (body == null && route.verb() == Verb.GET && RestTable.STATE.equals(route.path()) && !route.queryParams()
                && op.ifMatch() == null
                && op.authorization() == null) {
            // the plain Get of the state, a partner's most frequent call: its headers are always
            // the same, built once and shared (nothing after this method changes a request's headers)
            return new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target, content, stateGetHeaders(),
                    io.netty.handler.codec.http.EmptyHttpHeaders.INSTANCE);
        }
        FullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, target, content, HEADERS, TRAILERS);
        int length = content.readableBytes();
        req.headers().set(HttpHeaderNames.HOST, hostHeader)
                .set(HttpHeaderNames.ACCEPT, HttpHeaderValues.APPLICATION_JSON);
        if (length == 0) {
            req.headers().set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
        } else {
            req.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, length);
        }
        if (body != null || !method.equals(HttpMethod.GET) && !method.equals(HttpMethod.OPTIONS)) {
            req.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType); // a modification says JSON, body or not
        }
        if (op.ifMatch() != null) {
            req.headers().set(HttpHeaderNames.IF_MATCH, op.ifMatch());
        }
        String auth = op.authorization() != null ? op.authorization() : authorization;
        if (auth != null) {
            req.headers().set(HttpHeaderNames.AUTHORIZATION, auth);
        }
        return req;
    }

    /**
     * The headers of every plain Get of the state through this handle, made on first use. Shared
     * by those requests and never changed after it is published: the encoder and the pool only
     * read a request's headers. A race makes two equal tables, either of which is fine.
     */
    private io.netty.handler.codec.http.HttpHeaders stateGetHeaders() {
        io.netty.handler.codec.http.HttpHeaders h = stateGetHeaders;
        if (h == null) {
            h = HEADERS.newHeaders();
            h.set(HttpHeaderNames.HOST, hostHeader)
                    .set(HttpHeaderNames.ACCEPT, HttpHeaderValues.APPLICATION_JSON)
                    .set(HttpHeaderNames.CONTENT_LENGTH, HttpHeaderValues.ZERO);
            if (authorization != null) {
                h.set(HttpHeaderNames.AUTHORIZATION, authorization);
            }
            stateGetHeaders = h;
        }
        return h;
    }

    private static String encode(String s) {
        if (s == null) {
            return "";
        }
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public CompletableFuture<Subscription> subscribe(NotificationListener listener, long lastSequence) {
        FullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path + RestTable.NOTIFICATIONS);
        req.headers().set(HttpHeaderNames.HOST, hostHeader).set(HttpHeaderNames.ACCEPT, "text/event-stream");
        if (lastSequence >= 0) {
            req.headers().set("Last-Event-ID", Long.toString(lastSequence));
        }
        if (authorization != null) {
            req.headers().set(HttpHeaderNames.AUTHORIZATION, authorization);
        }
        return pool.get().openEventStream(uri.getHost(), uri.getPort() < 0 ? 80 : uri.getPort(), req, new SseListener(listener));
    }

    @Override
    public String toString() {
        return uri.toString();
    }

    /** Parses Server-Sent Events text into notifications. */
    static final class SseListener {
        private final NotificationListener target;
        /** Bytes of the event not yet complete: an event is decoded only when whole (UTF-8 safe). */
        private final java.io.ByteArrayOutputStream pending = new java.io.ByteArrayOutputStream();
        private boolean lastWasNewline;
        private boolean closed;

        SseListener(NotificationListener target) {
            this.target = target;
        }

        void bytes(ByteBuf chunk) {
            while (chunk.isReadable()) {
                byte b = chunk.readByte();
                if (b == '\n' && lastWasNewline) {
                    String block = pending.toString(StandardCharsets.UTF_8);
                    pending.reset();
                    lastWasNewline = false;
                    event(block);
                    continue;
                }
                pending.write(b);
                lastWasNewline = b == '\n';
            }
        }

        private void event(String block) {
            String event = "message";
            long id = -1;
            StringBuilder data = null;
            for (String line : block.split("\n")) {
                if (line.startsWith(":")) {
                    continue;
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1);
                if (value.startsWith(" ")) {
                    value = value.substring(1);
                }
                switch (field) {
                    case "event" -> event = value;
                    case "id" -> {
                        try {
                            id = Long.parseLong(value);
                        } catch (NumberFormatException ignored) {
                            id = -1;
                        }
                    }
                    case "data" -> data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                    default -> { }
                }
            }
            if (data == null) {
                return;
            }
            if (event.equals("close") || event.equals("error") || event.equals("overflow")) { // the stream ends
                close(data.toString());
                return;
            }
            JsonNode body;
            try {
                body = Json.TREE_READER.readValue(data.toString());
            } catch (IOException e) {
                body = com.fasterxml.jackson.databind.node.TextNode.valueOf(data.toString());
            }
            target.onNotification(new Notification(id, event, body));
        }

        void close(String reason) {
            if (!closed) {
                closed = true;
                target.onClose(reason);
            }
        }

        boolean isClosed() {
            return closed;
        }
    }
}
