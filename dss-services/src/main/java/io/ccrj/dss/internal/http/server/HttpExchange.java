package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.transport.DeadlineSweep;
import io.ccrj.dss.internal.Internal;
import com.fasterxml.jackson.databind.JsonNode;
import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.json.JsonLimits;
import io.ccrj.dss.internal.json.SmallJson;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One HTTP request and the way back to its connection. The body has been read into a tree (or
 * found malformed) before routing, so the request's buffers are released when routing returns.
 *
 * <h2>Thread safety</h2>
 * Accessors and {@link #scheduleTimeout} are for the event loop during routing. The respond
 * methods may be called from any thread, once; the response is serialized on the calling thread
 * and written on the event loop in request order (pipelining).
 */
@Internal
public final class HttpExchange {
    private static final System.Logger LOG = System.getLogger(HttpExchange.class.getName());
    static final AsciiString JSON = AsciiString.cached("application/json");
    private static final byte[] NO_BYTES = new byte[0];
    /**
     * Values validated, as Netty's default for a response (no CR or LF can split a header, whatever
     * a value holds); names not, because every name the host sets is one of its own constants
     * ({@code HttpHeaderNames}), never a client's or a service's text: checking them again for
     * every header of every answer was a measurable share of a Get's CPU.
     */
    private static final DefaultHttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory()
            .withNameValidation(false);

    private final ResponsePath connection;
    private final long sequence;
    private final HttpMethod method;
    private final String path;
    private final Map<String, List<String>> query;
    private final HttpHeaders headers;
    private final ByteBuf content;
    private final boolean keepAlive;
    /** Whether the request's body was larger than the host accepts (it was not read; {@link #content} is empty). */
    private final boolean bodyTooLarge;
    private final long startNanos;
    /** The 504 deadline, swept by the connection's {@link DeadlineSweep}. */
    private DeadlineSweep.Deadline timeout;

    /**
     * The exchange of a request that passed the connection's checks, for the router.
     *
     * @param connection the way back to the request's connection
     * @param sequence the request's place in the connection's answer order
     * @param request the request (its headers and body are the exchange's while routing)
     * @param target its path and query
     * @param keepAlive whether the connection may carry another request after this one
     * @param bodyTooLarge whether the body was larger than the host accepts (then it was not read)
     * @return the exchange
     */
    static HttpExchange routed(ResponsePath connection, long sequence, FullHttpRequest request,
                               RequestGuard.Target target, boolean keepAlive, boolean bodyTooLarge) {
        return new HttpExchange(connection, sequence, request.method(), target.rawPath(), target.query(),
                request.headers(), request.content(), keepAlive, bodyTooLarge);
    }

    /**
     * The exchange of a request the connection refuses itself (an error answer, never routed):
     * path {@code /}, no query, no body.
     *
     * @param connection the way back to the request's connection
     * @param sequence the request's place in the connection's answer order
     * @param method the request's method (what the answer's log names)
     * @param headers the request's headers, or empty ones when there is no request head
     * @param keepAlive whether the connection may carry another request after this one
     * @return the exchange
     */
    static HttpExchange refused(ResponsePath connection, long sequence, HttpMethod method, HttpHeaders headers,
                                boolean keepAlive) {
        return new HttpExchange(connection, sequence, method, "/", Map.of(), headers, null, keepAlive, false);
    }

    private HttpExchange(ResponsePath connection, long sequence, HttpMethod method, String path,
                         Map<String, List<String>> query, HttpHeaders headers, ByteBuf content, boolean keepAlive,
                         boolean bodyTooLarge) {
        this.bodyTooLarge = bodyTooLarge;
        this.connection = connection;
        this.sequence = sequence;
        this.method = method;
        this.path = path;
        this.query = query;
        this.headers = headers;
        this.content = content;
        this.keepAlive = keepAlive;
        this.startNanos = System.nanoTime();
        connection.router().opened();
    }

    /** @return the method */
    public HttpMethod method() {
        return method;
    }

    /** @return the raw (still percent-encoded) path, without the query */
    public String path() {
        return path;
    }

    /** @return decoded query parameters */
    public Map<String, List<String>> query() {
        return query;
    }

    /** @return request headers */
    public HttpHeaders headers() {
        return headers;
    }

    /**
     * The media type of a {@code Content-Type} value: lower case, without parameters or
     * surrounding blanks. The usual value ({@code application/json}) is returned as it is, not
     * copied: every request with a body asks.
     *
     * @param contentType the header's value
     * @return its media type
     */
    public static String mediaType(String contentType) {
        int semi = contentType.indexOf(';');
        String mime = semi < 0 ? contentType : contentType.substring(0, semi);
        for (int i = 0, n = mime.length(); i < n; i++) {
            char c = mime.charAt(i);
            if (c <= ' ' || c >= 'A' && c <= 'Z' || c >= 0x80) {
                return mime.trim().toLowerCase(java.util.Locale.ROOT);
            }
        }
        return mime;
    }

    /** @return whether the body was larger than the host accepts (it was not read: the exchange has none) */
    public boolean bodyTooLarge() {
        return bodyTooLarge;
    }

    /** @return whether the method is one that may modify (POST, PUT, PATCH, DELETE): the one the site and body checks apply to */
    public boolean isModifyingMethod() {
        return RequestGuard.isModifying(method);
    }

    /**
     * The body checks of every route, which come after the credentials, the route and the method
     * have passed: 413 for a body larger than the host accepts, 417 for an expectation other than
     * {@code 100-continue}, 415 for a modifying request with a body, or a bodiless POST, without a
     * JSON {@code Content-Type}.
     *
     * @return {@code true} if the request was refused (answered): the router stops there
     */
    public boolean refuseBody() {
        return refuseBody(isModifyingMethod());
    }

    /**
     * {@link #refuseBody()} for a route that knows whether it modifies: a bodiless POST that does
     * not (Query) needs no JSON {@code Content-Type}.
     *
     * @param modifyingRoute whether the route modifies
     * @return {@code true} if the request was refused (answered): the router stops there
     */
    public boolean refuseBody(boolean modifyingRoute) {
        RequestGuard.Refusal r = RequestGuard.checkBody(method, headers, bodyTooLarge, connection.maxRequestBytes(),
                hasBody(), modifyingRoute);
        if (r == null) {
            return false;
        }
        connection.bodyRefused(method, r);
        respondError(r.status(), r.error(), r.message(), r.headers());
        return true;
    }

    /** @return {@code true} if the request has a non-empty body */
    public boolean hasBody() {
        return content != null && content.isReadable();
    }

    /**
     * Reads the body as JSON; valid during routing only.
     *
     * @return the tree
     * @throws JsonLimits.Violation if it is not UTF-8 or breaks a limit of {@link JsonLimits}
     * @throws IOException if it is not one JSON value
     */
    public JsonNode readJson() throws IOException {
        if (!hasBody()) {
            return null;
        }
        String utf8 = Utf8.problem(content);
        if (utf8 != null) {
            throw new JsonLimits.Violation(utf8);
        }
        // a small plain body without a Jackson parser of its own (the same tree); the rest, and
        // every error, is Jackson's
        JsonNode node = SmallJson.tryRead(content);
        if (node == null) {
            node = Json.TREE_READER.readValue((java.io.InputStream) new io.netty.buffer.ByteBufInputStream(content.duplicate()));
        }
        if (node == null || node.isMissingNode()) {
            throw new IOException("empty JSON body");
        }
        JsonLimits.check(node, "the body", JsonLimits.MARGIN);
        return node;
    }

    /**
     * Fires {@code task} on the event loop after {@code millis} unless the exchange is answered first.
     *
     * @param millis delay
     * @param task what to do then (typically answer 504)
     */
    public void scheduleTimeout(long millis, Runnable task) {
        timeout = connection.deadline(millis, task);
    }

    /**
     * Writes an answer the router decided.
     *
     * @param answer the answer
     */
    public void respond(Answer answer) {
        switch (answer) {
            case Answer.Tagged t -> {
                if (t.bytes() != null) {
                    respond(t.status(), JSON, io.netty.buffer.Unpooled.wrappedBuffer(t.bytes()), t.header(), t.value());
                } else {
                    respondJson(t.status(), t.body(), t.header(), t.value());
                }
            }
            case Answer.Json j -> respondJson(j.status(), j.body(), j.headers());
            case Answer.Text t -> respondText(t.status(), t.contentType(), t.text());
            case Answer.Head h -> respond(h.status(), h.contentType(), null, null);
            case Answer.Error e -> respondError(e.status(), e.error(), e.message(), e.headers());
        }
    }

    /**
     * Answers with a JSON body.
     *
     * @param status the status
     * @param body the tree (serialized on the calling thread)
     * @param extraHeaders adds headers, or {@code null}
     */
    public void respondJson(int status, JsonNode body, Consumer<HttpHeaders> extraHeaders) {
        ByteBuf buf;
        try {
            buf = serialize(body);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            abandon(status, e);
            return;
        }
        if (buf != null) {
            respond(status, JSON, buf, extraHeaders);
        }
    }

    /**
     * Answers with a JSON body and one extra header (no per-answer lambda).
     *
     * @param status the status
     * @param body the tree (serialized on the calling thread)
     * @param name the extra header's name
     * @param value its value
     */
    public void respondJson(int status, JsonNode body, AsciiString name, CharSequence value) {
        ByteBuf buf;
        try {
            buf = serialize(body);
        } catch (RuntimeException | OutOfMemoryError | StackOverflowError e) {
            abandon(status, e);
            return;
        }
        if (buf != null) {
            respond(status, JSON, buf, name, value);
        }
    }

    /**
     * @return the body's JSON, or {@code null} after answering 500 because it cannot be written;
     *     in a heap buffer when the allocator has no (direct) memory left
     * @throws OutOfMemoryError if not even the heap has room for it
     */
    private ByteBuf serialize(JsonNode body) {
        ByteBuf buf = null;
        try {
            buf = connection.alloc().buffer(256);
            if (!SmallJson.tryWrite(body, buf)) { // a small plain tree without a Jackson generator of its own
                Json.WRITER.writeValue((java.io.OutputStream) new ByteBufOutputStream(buf), body);
            }
            return buf;
        } catch (IOException e) {
            buf.release();
            respondError(500, "internal", "the response could not be serialized: " + e.getMessage(), null);
            return null;
        } catch (OutOfMemoryError e) {
            if (buf != null) {
                buf.release();
            }
            // the allocator's memory is exhausted (direct memory, typically): the answer is worth
            // a copy on the heap, which Netty writes as it is
            try {
                return Unpooled.wrappedBuffer(Json.WRITER.writeValueAsBytes(body));
            } catch (IOException io) {
                respondError(500, "internal", "the response could not be serialized: " + io.getMessage(), null);
                return null;
            }
        } catch (RuntimeException | Error e) {
            if (buf != null) {
                buf.release();
            }
            throw e;
        }
    }

    /**
     * Gives up on answering: the answer could not be made (no memory for it, typically). The
     * connection is closed instead, so the client sees the answer lost with the connection, never
     * a different one (a 504 later, or a 500 for a change that was made); any thread.
     *
     * @param cause why
     */
    public void abandon(Throwable cause) {
        abandon(0, cause);
    }

    private void abandon(int status, Throwable cause) {
        try {
            LOG.log(System.Logger.Level.WARNING, () -> "the " + (status == 0 ? "" : status + " ") + "answer to "
                    + method + " " + path + " could not be made; closing its connection", cause);
        } catch (RuntimeException | Error ignored) {
            // no memory even to log: closing is what matters
        }
        connection.abandon();
    }

    /**
     * Answers {@code {"error": error, "message": message}}.
     *
     * @param status the status
     * @param error the short code
     * @param message the sentence
     * @param extraHeaders adds headers, or {@code null}
     */
    public void respondError(int status, String error, String message, Consumer<HttpHeaders> extraHeaders) {
        respondJson(status, Json.object().put("error", error).put("message", message), extraHeaders);
    }

    /**
     * Answers with text.
     *
     * @param status the status
     * @param contentType the content type
     * @param text the body
     */
    public void respondText(int status, CharSequence contentType, String text) {
        byte[] bytes;
        try {
            bytes = text == null ? NO_BYTES : text.getBytes(StandardCharsets.UTF_8);
        } catch (OutOfMemoryError e) {
            abandon(status, e);
            return;
        }
        respond(status, contentType, Unpooled.wrappedBuffer(bytes), null);
    }

    /**
     * Answers.
     *
     * @param status the status
     * @param contentType the content type, or {@code null} with an empty body
     * @param body the body (ownership passes)
     * @param extraHeaders adds headers, or {@code null}
     */
    public void respond(int status, CharSequence contentType, ByteBuf body, Consumer<HttpHeaders> extraHeaders) {
        FullHttpResponse res = null;
        try {
            res = response(status, contentType, body);
            if (extraHeaders != null) {
                extraHeaders.accept(res.headers());
            }
        } catch (RuntimeException | OutOfMemoryError e) {
            release(res, body);
            abandon(status, e);
            return;
        }
        send(status, res, extraHeaders != null);
    }

    /**
     * Answers with one extra header (no per-answer lambda: the hot path's form).
     *
     * @param status the status
     * @param contentType the content type, or {@code null} with an empty body
     * @param body the body (ownership passes)
     * @param name the extra header's name
     * @param value its value
     */
    public void respond(int status, CharSequence contentType, ByteBuf body, AsciiString name, CharSequence value) {
        FullHttpResponse res = null;
        try {
            res = response(status, contentType, body);
            res.headers().set(name, value);
        } catch (RuntimeException | OutOfMemoryError e) {
            release(res, body);
            abandon(status, e);
            return;
        }
        send(status, res, HttpHeaderNames.CONNECTION.contentEqualsIgnoreCase(name));
    }

    private static void release(FullHttpResponse res, ByteBuf body) {
        if (res != null) {
            res.release();
        } else if (body != null) {
            body.release();
        }
    }

    private static FullHttpResponse response(int status, CharSequence contentType, ByteBuf body) {
        // no trailer headers: a full response is written with Content-Length, never chunked, so its
        // trailers are never sent; the shared empty instance saves a header table per answer
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
                body == null ? Unpooled.EMPTY_BUFFER : body, HEADERS.newHeaders(), EmptyHttpHeaders.INSTANCE);
        HttpHeaders h = res.headers();
        if (contentType != null) {
            h.set(HttpHeaderNames.CONTENT_TYPE, contentType);
        }
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, res.content().readableBytes());
        return res;
    }

    /**
     * @param mayAskClose whether the headers set by the caller may include {@code Connection:
     *     close} (only then are they searched for it: the hot path sets none)
     */
    private void send(int status, FullHttpResponse res, boolean mayAskClose) {
        HttpHeaders h = res.headers();
        boolean close = !keepAlive || connection.router().isClosing()
                || mayAskClose && h.contains(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true);
        if (close) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        } else if (!res.protocolVersion().isKeepAliveDefault()) {
            h.set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
        }
        connection.router().record(status, System.nanoTime() - startNanos);
        try {
            connection.write(sequence, res, close, timeout);
        } catch (RuntimeException | OutOfMemoryError e) {
            // the hop to the event loop failed (no memory for the task, or the loop is gone)
            res.release();
            abandon(status, e);
        }
    }

    /**
     * Starts a Server-Sent Events response in place of a normal one; this exchange's connection
     * carries only the stream from now on.
     *
     * @return the stream
     */
    public SseStream startStream() {
        connection.router().record(200, System.nanoTime() - startNanos);
        return connection.startStream(sequence, timeout);
    }

    /** @return {@code true} if the client did not ask to close the connection */
    public boolean keepAlive() {
        return keepAlive;
    }
}
