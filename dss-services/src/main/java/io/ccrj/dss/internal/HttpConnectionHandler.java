package io.ccrj.dss.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpContent;
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
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * One HTTP/1.1 connection: hands each aggregated request to the router as an
 * {@link HttpExchange}, and writes the answers in request order whatever thread produced them and
 * in whatever order they arrive (pipelining), parking early ones until their turn.
 *
 * <h2>Threading</h2>
 * Every field is touched on the channel's event loop only; {@link #write} and
 * {@link #streamWrite} hop there when called from elsewhere (one task, the same hop Netty's own
 * {@code writeAndFlush} would make).
 */
public final class HttpConnectionHandler extends ChannelInboundHandlerAdapter {
    /** Fired by {@link HttpServer}'s aggregator when a request body exceeds the limit. */
    static final Object OVERSIZED = new Object();

    private record Parked(HttpObject message, boolean close) {
    }

    private final HttpRouter router;
    private ChannelHandlerContext ctx;
    private long nextSequence;
    private long nextToWrite;
    private final Map<Long, Parked> parked = new HashMap<>();
    private boolean streaming;
    private boolean streamStarted;
    private ArrayDeque<Object> earlyEvents;

    HttpConnectionHandler(HttpRouter router) {
        this.router = router;
    }

    HttpRouter router() {
        return router;
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
        try {
            if (streaming) {
                return; // the connection carries an event stream; nothing else is answered on it
            }
            long seq = nextSequence++;
            if (req.decoderResult().isFailure()) {
                HttpExchange ex = new HttpExchange(this, context, seq, HttpMethod.GET, "/", Map.of(),
                        new DefaultHttpHeaders(), null, false);
                Throwable cause = req.decoderResult().cause();
                ex.respondError(400, "bad_request", "malformed HTTP request: "
                        + (cause == null ? "unreadable" : cause.getMessage()), null);
                return;
            }
            QueryStringDecoder qs;
            try {
                qs = new QueryStringDecoder(req.uri());
                qs.rawPath();
                qs.parameters();
            } catch (IllegalArgumentException e) {
                HttpExchange ex = new HttpExchange(this, context, seq, req.method(), "/", Map.of(), req.headers(), null,
                        HttpUtil.isKeepAlive(req));
                ex.respondError(400, "bad_request", "malformed request URI: " + e.getMessage(), null);
                return;
            }
            HttpExchange ex = new HttpExchange(this, context, seq, req.method(), qs.rawPath(), qs.parameters(),
                    req.headers(), req.content(), HttpUtil.isKeepAlive(req));
            if (router.isClosing()) {
                ex.respondError(503, "unavailable", "the host is shutting down",
                        h -> h.set(HttpHeaderNames.RETRY_AFTER, "1"));
                return;
            }
            router.route(ex);
        } finally {
            req.release();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext context, Object evt) throws Exception {
        if (evt == OVERSIZED) {
            HttpExchange ex = new HttpExchange(this, context, nextSequence++, HttpMethod.POST, "/", Map.of(),
                    new DefaultHttpHeaders(), null, false);
            ex.respondError(413, "payload_too_large", "the request body is larger than this host accepts", null);
        } else if (evt instanceof IdleStateEvent) {
            if (streaming) {
                streamWrite(": keep-alive\n\n");
            } else {
                context.close();
            }
        } else {
            super.userEventTriggered(context, evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        context.close(); // a reset connection, or a decoder bug: nothing to answer on it
    }

    /** Writes a response when its turn comes. */
    void write(long sequence, FullHttpResponse response, boolean close, ScheduledFuture<?> timeout) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> write(sequence, response, close, timeout));
            return;
        }
        if (timeout != null) {
            timeout.cancel(false);
        }
        if (!ctx.channel().isActive()) {
            response.release(); // the client went away: nothing to answer, nothing to park
            return;
        }
        enqueue(sequence, response, close);
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
            if (earlyEvents != null) {
                for (Object e : earlyEvents) {
                    ctx.write(e);
                }
                earlyEvents = null;
            }
            return true;
        }
        if (close) {
            ctx.write(message).addListener(ChannelFutureListener.CLOSE);
            for (Parked p : parked.values()) {
                ReferenceCountUtil.release(p.message());
            }
            parked.clear();
            return true;
        }
        ctx.write(message, ctx.voidPromise());
        return false;
    }

    SseStream startStream(long sequence, ScheduledFuture<?> timeout) {
        SseStream stream = new SseStream(this);
        Runnable start = () -> {
            if (timeout != null) {
                timeout.cancel(false);
            }
            streaming = true;
            HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
            head.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8")
                    .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                    .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            enqueue(sequence, head, false);
        };
        if (ctx.executor().inEventLoop()) {
            start.run();
        } else {
            ctx.executor().execute(start);
        }
        return stream;
    }

    /** Writes event-stream text, after the stream's head. */
    void streamWrite(String text) {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(() -> streamWrite(text));
            return;
        }
        if (!ctx.channel().isActive()) {
            return;
        }
        ByteBuf buf = ctx.alloc().buffer(text.length() + 16);
        buf.writeCharSequence(text, java.nio.charset.StandardCharsets.UTF_8);
        Object chunk = new DefaultHttpContent(buf);
        if (!streamStarted) {
            if (earlyEvents == null) {
                earlyEvents = new ArrayDeque<>();
            }
            earlyEvents.add(chunk);
            return;
        }
        ctx.writeAndFlush(chunk, ctx.voidPromise());
    }

    void streamClose() {
        if (!ctx.executor().inEventLoop()) {
            ctx.executor().execute(this::streamClose);
            return;
        }
        if (ctx.channel().isActive()) {
            ctx.writeAndFlush(io.netty.handler.codec.http.LastHttpContent.EMPTY_LAST_CONTENT)
                    .addListener(ChannelFutureListener.CLOSE);
        }
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
        if (earlyEvents != null) {
            earlyEvents.forEach(ReferenceCountUtil::release);
            earlyEvents = null;
        }
        super.channelInactive(context);
    }
}
