package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.json.Json;
import io.ccrj.dss.internal.transport.DeadlineSweep;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/1.1 connection: hands each aggregated request to the router as an
 * {@link HttpExchange}, and writes the answers in request order whatever thread produced them and
 * in whatever order they arrive (pipelining), parking early ones until their turn.
 *
 * <h2>One connection, one order</h2>
 * Requests of a connection take effect in the order they were sent: a request that may modify
 * (any method but GET, HEAD and OPTIONS) is routed only once every request before it has been
 * answered, and nothing after it is routed before it is answered; a run of reads is routed at
 * once (they cannot observe each other). The requests decoded and not yet answered form the
 * connection's window (bounded in requests and in body bytes): while it is full, or while the
 * answers already written wait for a client that does not read them (the channel is not
 * writable), the handler stops reading the socket
 * ({@code autoRead} off), so a long pipelined burst waits in the client's socket buffer, not in
 * the host's memory, and nothing is dropped. Requests that can no longer be answered (after an
 * answer that closes the connection, or after an event stream started) are logged, not silently
 * lost.
 *
 * <h2>Event streams</h2>
 * An SSE stream writes only while the channel is writable; events beyond that wait in a bounded
 * buffer ({@link HttpServer.Limits#sseMaxEvents()}, {@link HttpServer.Limits#sseMaxBytes()}, and
 * this subscriber's share of the host-wide {@link SubscriberMemory}). A subscriber whose buffer
 * overflows, or whose event cannot be allocated (direct memory exhausted), is dropped: it gets a
 * final {@code overflow} event naming the last event id written, the stream ends, and the client
 * resumes with {@code Last-Event-ID}. Writing an event never throws to the writer (a service's
 * commit notifying its subscribers).
 *
 * <h2>Threading</h2>
 * Every field is touched on the channel's event loop only; {@link #write} and
 * {@link #streamWrite} hop there when called from elsewhere (one task, the same hop Netty's own
 * {@code writeAndFlush} would make).
 */
final class HttpConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(HttpConnectionHandler.class.getName());
    /** Requests refused by the guard or the body checks, logged at most once a second (shared by every connection). */
    private static final RateLimitedLog REFUSALS = new RateLimitedLog(LOG);
    /** Marks a waiting request whose body exceeded the limit (its head is routed, its body was not read). */
    static final Object OVERSIZED = new Object();

    /**
     * Fired by {@link HttpServer}'s aggregator when a request body exceeds the limit: the head
     * (with an empty body), so that the refusals that come before the body's (Host, Origin,
     * credentials, route, method) are answered first.
     *
     * @param head the request's method, target, version and headers
     */
    record Oversized(FullHttpRequest head) {
    }
    /** Fired by {@link HttpServer}'s head deadline when request headers do not arrive in time. */
    static final Object HEAD_TIMEOUT = new Object();

    private record Parked(HttpObject message, boolean close) {
    }

    /** A request waiting for its turn: a decoded request, or a synthetic error answer. */
    private record Waiting(long sequence, FullHttpRequest request, Object event) {
        boolean isRead() {
            if (request == null || request.decoderResult().isFailure()) {
                return true; // answered at once, touches no state
            }
            HttpMethod m = request.method();
            return m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD) || m.equals(HttpMethod.OPTIONS);
        }
    }

    private final HttpRouter router;
    private final HttpServer.Limits limits;
    private final HostMetrics metrics;
    /** The host-wide budget for the bytes buffered for subscribers ({@link #streamBufferBytes} is this connection's part). */
    private final SubscriberMemory subscriberMemory;
    private ChannelHandlerContext ctx;
    private long nextSequence;
    private long nextToWrite;
    private final Map<Long, Parked> parked = new HashMap<>();
    /** Decoded, not yet routed; routed in order. */
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    /** Routed, not yet answered. */
    private int unanswered;
    /** Whether the one routed request is a modifying one (then {@link #unanswered} is 1). */
    private boolean modifyingInFlight;
    /** Body bytes of the waiting requests. */
    private long waitingBytes;
    private boolean routing;
    private boolean paused;
    private boolean closing;
    private int requests;
    /** The {@code Host} value last found allowed on this connection: the next request's is checked by equality. */
    private String allowedHost;
    private boolean streaming;
    private boolean streamStarted;
    private boolean overflowed;
    /** Event-stream chunks not yet handed to the channel (not writable yet, or before the head). */
    private ArrayDeque<StreamChunk> streamBuffer;
    private long streamBufferBytes;
    /** The id of the last event handed to the channel (what the overflow event names). */
    private long lastStreamedId = -1;
    /**
     * Whether the stream has ended (dropped with its overflow event, or closed by the host): its
     * last bytes are in the channel, and the connection closes once they are written.
     */
    private boolean streamEnding;
    /**
     * The bytes the channel still had to write at the ending stream's last idle check (or when it
     * ended): a client that took none of them for an idle period is cut (see {@link #stalled}).
     */
    private long endingPendingBytes;
    /**
     * The 504 deadlines of this connection's requests: a handler of the connection's own in the
     * pipeline ({@link DeadlineSweep}), called directly, never through the pipeline's events, so
     * the request path makes no extra hop for it.
     */
    private final DeadlineSweep deadlines;

    /**
     * An event-stream chunk, its event id (-1 for comments) and the bytes reserved for it (in
     * {@link #streamBufferBytes} and the host's {@link SubscriberMemory}), given back as it leaves.
     */
    private record StreamChunk(ByteBuf buf, long id, int size) {
    }

    HttpConnectionHandler(HttpRouter router, HttpServer.Limits limits, HostMetrics metrics,
                          SubscriberMemory subscriberMemory, DeadlineSweep deadlines) {
        this.router = router;
        this.deadlines = deadlines;
        this.limits = limits;
        this.metrics = metrics;
        this.subscriberMemory = subscriberMemory;
    }

    HttpRouter router() {
        return router;
    }

    /**
     * Counts and logs a refusal of the body's checks ({@link HttpExchange#refuseBody}) as the
     * connection's own are: the content type and the expectation are defences, counted in
     * {@code ccrj_http_refused_total}; a body too large is a limit, as it always was, not counted.
     */
    void bodyRefused(HttpMethod method, RequestGuard.Refusal r) {
        if (r.status() != 413) {
            metrics.refused();
            REFUSALS.log("refused " + method + " from " + ctx.channel().remoteAddress() + " with " + r.status() + ": "
                    + r.message());
        }
    }

    /** @return the largest request body this connection accepts */
    int maxRequestBytes() {
        return limits.maxRequestBytes();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (!(msg instanceof FullHttpRequest req)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (streaming || closing) {
            LOG.log(Level.DEBUG, () -> "request " + req.method() + " " + req.uri() + " on " + context.channel()
                    + " is not answered: the connection " + (streaming ? "carries an event stream" : "is closing"));
            req.release();
            return;
        }
        waiting.addLast(new Waiting(nextSequence++, req, null));
        waitingBytes += req.content().readableBytes();
        routeWaiting();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object evt) throws Exception {
        if (evt instanceof Oversized o) {
            if (!streaming && !closing) {
                waiting.addLast(new Waiting(nextSequence++, o.head(), OVERSIZED));
                routeWaiting();
            } else {
                o.head().release();
            }
        } else if (evt == OVERSIZED || evt == HEAD_TIMEOUT) {
            if (!streaming && !closing) {
                waiting.addLast(new Waiting(nextSequence++, null, evt));
                routeWaiting();
            } else if (evt == HEAD_TIMEOUT) {
                context.close();
            }
        } else if (evt instanceof IdleStateEvent) {
            if (streamEnding) {
                if (stalled()) {
                    context.close();
                }
            } else if (streaming) {
                streamWrite(": keep-alive\n\n", -1);
            } else if (unanswered == 0) {
                // nothing is being computed: either nothing is asked, or the requests waiting are
                // held back because the client reads none of the answers already written
                context.close();
            }
        } else {
            super.userEventTriggered(context, evt);
        }
    }

    /** @return whether the head deadline should wait (reading is paused by the window, not the client) */
    boolean isReadingPaused() {
        return paused;
    }

    /** Routes waiting requests while the order allows: reads together, a modification alone. */
    private void routeWaiting() {
        if (routing) {
            return; // an answer given inline while routing: the loop below goes on
        }
        routing = true;
        try {
            while (!waiting.isEmpty() && !streaming && !closing) {
                Waiting w = waiting.peekFirst();
                boolean read = w.isRead();
                if (unanswered > 0 && (modifyingInFlight || !read)) {
                    break;
                }
                waiting.pollFirst();
                if (w.request() != null) {
                    waitingBytes -= w.request().content().readableBytes();
                }
                unanswered++;
                modifyingInFlight = !read;
                route(w);
            }
        } finally {
            routing = false;
        }
        updateReading();
    }

    private void updateReading() {
        // bounded in requests and in body bytes (a window of large bodies must not hold window x max
        // body), and no reading while the answers already written wait for a client that does not
        // read them (else a pipelining client that never reads grows the outbound buffer without end)
        boolean full = waiting.size() + unanswered >= limits.pipelineWindow() || waitingBytes >= limits.maxRequestBytes()
                || !streaming && !ctx.channel().isWritable();
        if (full && !paused && !closing) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
            metrics.pipelinePaused();
            LOG.log(Level.DEBUG, () -> "pipelining window of " + limits.pipelineWindow() + " full on " + ctx.channel()
                    + "; reading paused until answers go out");
        } else if (!full && paused) {
            paused = false;
            ctx.channel().config().setAutoRead(true);
            ctx.read();
        }
    }

    private void route(Waiting w) {
        ChannelHandlerContext context = ctx;
        long seq = w.sequence();
        if (w.event() == OVERSIZED && w.request() == null) {
            new HttpExchange(this, context, seq, HttpMethod.POST, "/", Map.of(), new DefaultHttpHeaders(), null, false)
                    .respondError(413, "payload_too_large", "the request body is larger than this host accepts ("
                            + limits.maxRequestBytes() + " bytes)", null);
            return;
        }
        if (w.event() == HEAD_TIMEOUT) {
            metrics.headTimeout();
            new HttpExchange(this, context, seq, HttpMethod.GET, "/", Map.of(), new DefaultHttpHeaders(), null, false)
                    .respondError(408, "request_timeout", "the request headers did not arrive within "
                            + limits.headerTimeoutMillis() + " ms", null);
            return;
        }
        FullHttpRequest req = w.request();
        boolean tooLarge = w.event() == OVERSIZED;
        try {
            requests++;
            // the body of a request too large was not read: the connection cannot carry another
            boolean keepAlive = !tooLarge && HttpUtil.isKeepAlive(req) && requests < limits.maxRequestsPerConnection();
            // the refusal order (see RequestGuard): the request, its target, the site checks;
            // credentials, route and method are the router's, the body's come last
            RequestGuard.Refusal refusal = RequestGuard.checkMessage(req);
            if (refusal == null) {
                RequestGuard.Target target;
                try {
                    target = RequestGuard.target(req.uri());
                } catch (IllegalArgumentException e) {
                    HttpExchange ex = new HttpExchange(this, context, seq, req.method(), "/", Map.of(), req.headers(), null,
                            keepAlive);
                    ex.respondError(400, "bad_request", "malformed request URI: " + e.getMessage(), null);
                    return;
                }
                refusal = RequestGuard.checkSite(req, limits, allowedHost);
                if (refusal == null) {
                    allowedHost = req.headers().get(HttpHeaderNames.HOST);
                    routeChecked(new HttpExchange(this, context, seq, req.method(), target.rawPath(), target.query(),
                            req.headers(), req.content(), keepAlive, tooLarge), req);
                    return;
                }
            }
            metrics.refused();
            RequestGuard.Refusal r = refusal;
            REFUSALS.log("refused " + req.method() + " from " + context.channel().remoteAddress() + " with "
                    + r.status() + ": " + r.message());
            HttpExchange ex = new HttpExchange(this, context, seq, req.method(), "/", Map.of(), req.headers(),
                    null, keepAlive && !r.close());
            ex.respondError(r.status(), r.error(), r.message(), r.headers());
        } finally {
            req.release();
        }
    }

    /** Hands a request that passed the connection's checks to the router. */
    private void routeChecked(HttpExchange ex, FullHttpRequest req) {
        if (router.isClosing()) {
            ex.respondError(503, "unavailable", "the host is shutting down",
                    h -> h.set(HttpHeaderNames.RETRY_AFTER, "1"));
            return;
        }
        try {
            if (ex.bodyTooLarge()) {
                router.routeTooLarge(ex);
            } else {
                router.route(ex);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "the router failed on " + req.method() + " " + req.uri(), e);
            ex.respondError(500, "internal", "the host failed on this request; its log has the details", null);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        LOG.log(Level.DEBUG, () -> "closing " + context.channel() + ": " + cause);
        context.close(); // a reset connection, or a decoder bug: nothing to answer on it
    }

    /**
     * Registers a request's 504 deadline with the connection's sweep; any thread.
     *
     * @param millis from now
     * @param task run on the event loop then, unless the request was answered first
     * @return the deadline, to hand to {@link #write} or {@link #startStream}
     */
    DeadlineSweep.Deadline deadline(long millis, Runnable task) {
        return deadlines.deadline(millis, task);
    }

    /** Writes a response when its turn comes. */
    void write(long sequence, FullHttpResponse response, boolean close, DeadlineSweep.Deadline timeout) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> write(sequence, response, close, timeout));
            return;
        }
        if (timeout != null) {
            deadlines.done(timeout);
        }
        answered();
        if (!ctx.channel().isActive()) {
            response.release(); // the client went away: nothing to answer, nothing to park
            return;
        }
        enqueue(sequence, response, close);
        routeWaiting(); // also re-checks writability: answers that fill the socket pause reading
    }

    private void answered() {
        if (unanswered > 0) {
            unanswered--;
        }
        if (unanswered == 0) {
            modifyingInFlight = false;
        }
    }

    private void enqueue(long sequence, HttpObject message, boolean close) {
        if (sequence != nextToWrite) {
            parked.put(sequence, new Parked(message, close));
            return;
        }
        boolean closeNow = writeOne(message, close);
        while (!closeNow && !parked.isEmpty()) {
            Parked p = parked.remove(nextToWrite);
            if (p == null) {
                break;
            }
            closeNow = writeOne(p.message(), p.close());
        }
        ctx.flush();
    }

    private boolean writeOne(HttpObject message, boolean close) {
        nextToWrite++;
        if (message instanceof HttpResponse r && !(message instanceof FullHttpResponse)) {
            ctx.write(r); // the head of an event stream
            streamStarted = true;
            flushStream();
            return true;
        }
        if (close) {
            closing = true;
            ctx.write(message).addListener(ChannelFutureListener.CLOSE);
            for (Parked p : parked.values()) {
                ReferenceCountUtil.release(p.message());
            }
            parked.clear();
            dropWaiting("the answer before it closed the connection");
            return true;
        }
        ctx.write(message, ctx.voidPromise());
        return false;
    }

    private void dropWaiting(String why) {
        if (!waiting.isEmpty()) {
            int n = waiting.size();
            LOG.log(Level.DEBUG, () -> n + " pipelined requests on " + ctx.channel() + " are not answered: " + why);
            for (Waiting w : waiting) {
                ReferenceCountUtil.release(w.request());
            }
            waiting.clear();
            waitingBytes = 0;
        }
    }

    SseStream startStream(long sequence, DeadlineSweep.Deadline timeout) {
        SseStream stream = new SseStream(this);
        Runnable start = () -> {
            if (timeout != null) {
                deadlines.done(timeout);
            }
            answered();
            streaming = true;
            subscriberMemory.streamOpened(); // closed in channelInactive
            dropWaiting("the connection carries an event stream from now on");
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                    .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                    .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            if (ctx.channel().isActive()) {
                enqueue(sequence, head, false);
            }
            updateReading();
        };
        if (ctx.executor().inEventLoop()) {
            start.run();
        } else {
            ctx.executor().execute(start);
        }
        return stream;
    }

    /**
     * Writes event-stream text after the stream's head, or buffers it (bounded) while the channel
     * is not writable. Never throws and never fails the caller (a service's write notifying its
     * subscribers): a subscriber that cannot take the event (its own limits, the host's budget
     * for all subscribers, or an allocation that fails for want of memory) is dropped with an
     * {@code overflow} event instead.
     *
     * @param text the event
     * @param id the event's id, or -1
     */
    void streamWrite(String text, long id) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> streamWrite(text, id));
            return;
        }
        if (!ctx.channel().isActive() || overflowed || streamEnding) {
            return; // nothing may follow the stream's last chunk
        }
        int size = ByteBufUtil.utf8Bytes(text);
        // straight to the channel when it takes it now; else the event waits in the buffer, and
        // its bytes count against this subscriber's limits and the host-wide budget
        boolean direct = streamStarted && (streamBuffer == null || streamBuffer.isEmpty()) && ctx.channel().isWritable();
        if (!direct && !subscriberMemory.reserve(streamBufferBytes, size)) {
            overflow("the host's memory for events its subscribers have not read is spent (this subscriber held "
                    + streamBufferBytes + " bytes)");
            return;
        }
        ByteBuf buf;
        try {
            buf = ctx.alloc().buffer(size);
            buf.writeCharSequence(text, StandardCharsets.UTF_8);
        } catch (OutOfMemoryError e) {
            if (!direct) {
                subscriberMemory.release(size);
            }
            overflow("the host had no memory left for this subscriber's next event");
            return;
        }
        if (direct) {
            if (id >= 0) {
                lastStreamedId = id;
            }
            ctx.writeAndFlush(new DefaultHttpContent(buf), ctx.voidPromise());
            return;
        }
        if (streamBuffer == null) {
            streamBuffer = new ArrayDeque<>();
        }
        streamBuffer.addLast(new StreamChunk(buf, id, size));
        streamBufferBytes += size;
        metrics.sseBuffered(size);
        if (streamBuffer.size() > limits.sseMaxEvents() || streamBufferBytes > limits.sseMaxBytes()) {
            overflow("this subscriber did not read its events fast enough");
            return;
        }
        flushStream();
    }

    /**
     * Drops this subscriber with an {@code overflow} event (any thread): the notification fan-out
     * could not even make its event text, for want of memory.
     */
    void streamOverflow() {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(this::streamOverflow);
            return;
        }
        if (ctx.channel().isActive() && !overflowed) {
            overflow("the host had no memory left for this subscriber's next event");
        }
    }

    /** Hands buffered events to the channel while it is writable. */
    private void flushStream() {
        if (!streamStarted || streamBuffer == null || overflowed) {
            return;
        }
        boolean wrote = false;
        while (!streamBuffer.isEmpty() && ctx.channel().isWritable()) {
            StreamChunk c = streamBuffer.pollFirst();
            int size = c.size();
            streamBufferBytes -= size;
            metrics.sseBuffered(-size);
            subscriberMemory.release(size); // the channel's own buffer is bounded by its water mark
            if (c.id() >= 0) {
                lastStreamedId = c.id();
            }
            ctx.write(new DefaultHttpContent(c.buf()), ctx.voidPromise());
            wrote = true;
        }
        if (wrote) {
            ctx.flush();
        }
    }

    /**
     * The subscriber does not keep up, or cannot be given memory: drop what it has not been sent,
     * tell it where to resume, end the stream. The final event has no {@code id} so that the
     * client's Last-Event-ID stays at the last event it really received.
     *
     * @param why the reason the overflow event gives
     */
    private void overflow(String why) {
        overflowed = true;
        metrics.sseOverflow();
        long resumeAfter = lastStreamedId;
        int events = streamBuffer == null ? 0 : streamBuffer.size();
        LOG.log(Level.INFO, () -> "event-stream subscriber on " + ctx.channel() + " dropped: " + why + "; " + events
                + " events buffered (limits " + limits.sseMaxEvents() + " events, " + limits.sseMaxBytes() + " bytes, "
                + subscriberMemory.budget() + " bytes for all subscribers)");
        releaseStreamBuffer();
        if (!streamStarted) {
            ctx.close();
            return;
        }
        try {
            String data = Json.toString(Json.object()
                    .put("reason", why + "; events after lastEventId were not sent")
                    .put("lastEventId", resumeAfter));
            // on the heap: the direct memory may be what ran out
            ByteBuf buf = Unpooled.wrappedBuffer(("event: overflow\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            ctx.write(new DefaultHttpContent(buf));
            endStream();
        } catch (RuntimeException | OutOfMemoryError e) {
            ctx.close(); // not even the final event: the connection ends without it
        }
    }

    /**
     * Ends the stream: its last chunk goes after what the channel holds, and the connection
     * closes once that is written. A client that stops reading never lets the write complete; it
     * is cut when it has taken none of the bytes left for an idle period ({@link #stalled}), not a
     * fixed time after the end: a subscriber that reads slowly, or pauses (a collection, a loaded
     * machine), still receives its final {@code overflow} event, however long its backlog in the
     * socket takes. Meanwhile the connection holds no more than the channel's outbound buffer
     * (bounded by its write-buffer water mark plus the final event: the stream's own buffer was
     * released), as any connection whose client stopped reading its answers does.
     */
    private void endStream() {
        streamEnding = true;
        ctx.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
        endingPendingBytes = pendingWriteBytes();
    }

    /**
     * Called at each idle event of an ending stream (an idle period without a flush or a read).
     *
     * @return whether the client took none of the bytes the channel had to write since the last
     *     check; if it took some, they are the new mark
     */
    private boolean stalled() {
        long pending = pendingWriteBytes();
        if (pending > 0 && pending < endingPendingBytes) {
            endingPendingBytes = pending;
            return false;
        }
        return true;
    }

    /** {@return the bytes the channel has been given and has not written to the socket yet (0 once closed)} */
    private long pendingWriteBytes() {
        ChannelOutboundBuffer out = ctx.channel().unsafe().outboundBuffer();
        return out == null ? 0 : out.totalPendingWriteBytes();
    }

    private void releaseStreamBuffer() {
        if (streamBuffer != null) {
            for (StreamChunk c : streamBuffer) {
                int size = c.size();
                metrics.sseBuffered(-size);
                subscriberMemory.release(size);
                c.buf().release();
            }
            streamBuffer.clear();
            streamBufferBytes = 0;
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) throws Exception {
        if (context.channel().isWritable()) {
            flushStream();
        }
        updateReading();
        super.channelWritabilityChanged(context);
    }

    void streamClose() {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(this::streamClose);
            return;
        }
        if (ctx.channel().isActive() && !overflowed && !streamEnding) {
            flushStream();
            endStream();
        }
    }

    /**
     * Closes the connection because an answer could not be made (no memory for it); any thread.
     * The client sees its request's answer lost with the connection.
     */
    void abandon() {
        ctx.channel().close();
    }

    io.netty.channel.Channel channel() {
        return ctx.channel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        for (Parked p : parked.values()) {
            ReferenceCountUtil.release(p.message());
        }
        parked.clear();
        int n = waiting.size() + unanswered;
        if (n > 0) {
            LOG.log(Level.DEBUG, () -> "connection " + context.channel() + " closed with " + n + " requests unanswered");
        }
        for (Waiting w : waiting) {
            ReferenceCountUtil.release(w.request());
        }
        waiting.clear();
        waitingBytes = 0;
        releaseStreamBuffer();
        if (streaming) {
            subscriberMemory.streamClosed();
        }
        super.channelInactive(context);
    }
}
