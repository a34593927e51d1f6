package io.ccrj.dss.internal.http.server;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * HTTP/1.1 pipelining for one connection: requests are let through to the next handler (the
 * {@link HttpConnectionHandler}) in the order the connection allows, and their answers, which
 * may come from any thread and in any order, are written in request order, early ones parked
 * until their turn.
 *
 * <h2>The invariant</h2>
 * Every request (or synthetic error: an oversized body, a head that timed out) gets a sequence
 * number as it is decoded, and the answers leave in sequence order: the answer numbered
 * {@link #nextToWrite} is written as soon as it is given, and every answer numbered above it
 * waits in {@link #parked}. A request that may modify (any method but GET, HEAD and OPTIONS) is
 * let through only once every request before it has been answered, and nothing after it before
 * it is answered; a run of reads is let through at once (they cannot observe each other). A GET
 * that may open an event stream is let through alone in the same way: an event stream is the
 * connection's last answer (it never ends before the connection does), so a request pipelined
 * after it can never be answered, and one let through beside it would be answered, or open a
 * second stream, inside the first.
 *
 * <h2>The window</h2>
 * The requests decoded and not yet answered form the window, bounded in requests
 * ({@link HttpServer.Limits#pipelineWindow()}) and in body bytes: while it is full, or while the
 * answers already written wait for a client that does not read them (the channel is not
 * writable), the handler stops reading the socket ({@code autoRead} off), so a long pipelined
 * burst waits in the client's socket buffer, not in the host's memory, and nothing is dropped.
 * Requests that can no longer be answered (after an answer that closes the connection, or after
 * an event stream started) are logged, not silently lost.
 *
 * <h2>Threading</h2>
 * Every field is touched on the channel's event loop only: {@link #answer} and
 * {@link #answerWithStream} are called there ({@link ResponsePath} makes the one hop an answer
 * from elsewhere needs).
 */
final class PipelineWindow extends ChannelInboundHandlerAdapter {
    /** The connection's log (its name as before the window was a handler of its own, so log settings still apply). */
    private static final System.Logger LOG = System.getLogger(HttpConnectionHandler.class.getName());

    /**
     * A request let through to the next handler: its place in the answer order, and the decoded
     * request or a synthetic error ({@link HttpConnectionHandler#OVERSIZED} with or without the
     * request's head, {@link HttpConnectionHandler#HEAD_TIMEOUT} without one). The next handler
     * owns {@code request} (releases it).
     *
     * @param sequence the answer's place in the order, for {@link #answer}
     * @param request the request, or {@code null} for a synthetic error
     * @param event the synthetic error, or {@code null}
     */
    record Request(long sequence, FullHttpRequest request, Object event) {
        boolean isRead() {
            if (request == null || request.decoderResult().isFailure()) {
                return true; // answered at once, touches no state
            }
            HttpMethod m = request.method();
            return m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD) || m.equals(HttpMethod.OPTIONS);
        }
    }

    private record Parked(HttpObject message, boolean close) {
    }

    private final HttpRouter router;
    private final int windowSize;
    private final int maxRequestBytes;
    private final HostMetrics metrics;
    private ChannelHandlerContext ctx;
    private long nextSequence;
    /** The sequence number of the next answer to write; every answer above it is parked. */
    private long nextToWrite;
    private final Map<Long, Parked> parked = new HashMap<>();
    /** Decoded, not yet let through; let through in order. */
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    /** Let through, not yet answered. */
    private int unanswered;
    /** Whether the one request let through is a modifying one (then {@link #unanswered} is 1). */
    private boolean modifyingInFlight;
    /** Body bytes of the waiting requests. */
    private long waitingBytes;
    /** Whether {@link #routeWaiting} is on the stack (an answer given inline must not re-enter it). */
    private boolean routing;
    private boolean paused;
    /** An answer closed the connection: nothing more is let through or written. */
    private boolean closing;
    /** An event stream answered a request: the connection carries it alone from now on. */
    private boolean streaming;

    /**
     * @param windowSize requests decoded and not answered before reading stops
     * @param maxRequestBytes body bytes of waiting requests before reading stops (the largest body)
     * @param metrics counts the pauses
     * @param router says which requests may open an event stream (let through alone)
     */
    PipelineWindow(int windowSize, int maxRequestBytes, HostMetrics metrics, HttpRouter router) {
        this.router = router;
        this.windowSize = windowSize;
        this.maxRequestBytes = maxRequestBytes;
        this.metrics = metrics;
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
        waiting.addLast(new Request(nextSequence++, req, null));
        waitingBytes += req.content().readableBytes();
        routeWaiting();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object evt) throws Exception {
        if (evt instanceof HttpConnectionHandler.Oversized o) {
            if (!streaming && !closing) {
                waiting.addLast(new Request(nextSequence++, o.head(), HttpConnectionHandler.OVERSIZED));
                routeWaiting();
            } else {
                o.head().release();
            }
        } else if (evt == HttpConnectionHandler.OVERSIZED || evt == HttpConnectionHandler.HEAD_TIMEOUT) {
            if (!streaming && !closing) {
                waiting.addLast(new Request(nextSequence++, null, evt));
                routeWaiting();
            } else if (evt == HttpConnectionHandler.HEAD_TIMEOUT) {
                context.close();
            }
        } else if (evt instanceof IdleStateEvent) {
            // an event stream's idle periods are its writer's (before this handler), which passes none on
            if (unanswered == 0) {
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

    /** Lets waiting requests through while the order allows: reads together, a modification alone. */
    private void routeWaiting() {
        if (routing) {
            return; // an answer given inline while routing: the loop below goes on
        }
        routing = true;
        try {
            while (!waiting.isEmpty() && !streaming && !closing) {
                Request w = waiting.peekFirst();
                boolean read = w.isRead() && !(w.request() != null
                        && router.mayOpenEventStream(w.request().method(), w.request().uri()));
                if (unanswered > 0 && (modifyingInFlight || !read)) {
                    break;
                }
                waiting.pollFirst();
                if (w.request() != null) {
                    waitingBytes -= w.request().content().readableBytes();
                }
                unanswered++;
                modifyingInFlight = !read;
                ctx.fireChannelRead(w);
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
        boolean full = waiting.size() + unanswered >= windowSize || waitingBytes >= maxRequestBytes
                || !streaming && !ctx.channel().isWritable();
        if (full && !paused && !closing) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
            metrics.pipelinePaused();
            LOG.log(Level.DEBUG, () -> "pipelining window of " + windowSize + " full on " + ctx.channel()
                    + "; reading paused until answers go out");
        } else if (!full && paused) {
            paused = false;
            ctx.channel().config().setAutoRead(true);
            ctx.read();
        }
    }

    /**
     * Writes an answer when its turn comes; event loop only.
     *
     * @param sequence the request's {@link Request#sequence()}
     * @param response the answer (ownership passes)
     * @param close whether the connection closes after it (nothing after it is answered)
     */
    void answer(long sequence, FullHttpResponse response, boolean close) {
        answered();
        if (!ctx.channel().isActive()) {
            response.release(); // the client went away: nothing to answer, nothing to park
            return;
        }
        enqueue(sequence, response, close);
        routeWaiting(); // also re-checks writability: answers that fill the socket pause reading
    }

    /**
     * Answers with the head of an event stream, written when its turn comes; from now on the
     * connection carries the stream only (the requests waiting are dropped, none is read any
     * more). Event loop only.
     *
     * @param sequence the request's {@link Request#sequence()}
     * @param head the stream's head (status and headers, no body)
     */
    void answerWithStream(long sequence, HttpResponse head) {
        answered();
        streaming = true;
        dropWaiting("the connection carries an event stream from now on");
        if (ctx.channel().isActive()) {
            enqueue(sequence, head, false);
        }
        updateReading();
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

    /** @return whether nothing may be written after this message */
    private boolean writeOne(HttpObject message, boolean close) {
        nextToWrite++;
        if (message instanceof HttpResponse r && !(message instanceof FullHttpResponse)) {
            // the head of an event stream: its writer, nearer the socket, starts with it
            ctx.write(r);
            return true;
        }
        if (close) {
            closing = true;
            ctx.write(message).addListener(ChannelFutureListener.CLOSE);
            releaseParked();
            dropWaiting("the answer before it closed the connection");
            return true;
        }
        ctx.write(message, ctx.voidPromise());
        return false;
    }

    private void releaseParked() {
        for (Parked p : parked.values()) {
            ReferenceCountUtil.release(p.message());
        }
        parked.clear();
    }

    private void dropWaiting(String why) {
        if (!waiting.isEmpty()) {
            int n = waiting.size();
            LOG.log(Level.DEBUG, () -> n + " pipelined requests on " + ctx.channel() + " are not answered: " + why);
            releaseWaiting();
        }
    }

    private void releaseWaiting() {
        for (Request w : waiting) {
            ReferenceCountUtil.release(w.request());
        }
        waiting.clear();
        waitingBytes = 0;
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) throws Exception {
        updateReading();
        super.channelWritabilityChanged(context);
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        releaseParked();
        int n = waiting.size() + unanswered;
        if (n > 0) {
            LOG.log(Level.DEBUG, () -> "connection " + context.channel() + " closed with " + n + " requests unanswered");
        }
        releaseWaiting();
        super.channelInactive(context);
    }
}
