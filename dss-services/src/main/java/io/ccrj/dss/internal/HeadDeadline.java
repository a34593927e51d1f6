package io.ccrj.dss.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * The request-head deadline (slowloris): the first byte of a request starts a timer that only the
 * whole head (request line and headers) stops; bytes that trickle in do not extend it, unlike the
 * idle timer. When it fires, the connection handler answers 408 in request order and closes.
 * While the host itself has stopped reading (the pipelining window is full) the deadline waits.
 *
 * <p>One timer per connection serves every request: the first byte of a head records when the
 * head started, and a timer already pending is kept rather than cancelled when the head
 * completes. When it fires, it checks the head in progress, if any: expired, it answers; not yet,
 * it waits for the rest of that head's time. A busy keep-alive connection schedules about one
 * timer per deadline period instead of scheduling and cancelling one per request.
 *
 * <p>Two handlers share the state: one before the codec sees the bytes, one after it sees the
 * decoded head and the end of each request. Both run on the channel's event loop, which is the
 * only thread touching the fields.
 */
final class HeadDeadline {
    private final long nanos;
    private HttpConnectionHandler connection;
    private boolean betweenRequests = true;
    /** Whether a head has started (its first byte read) and is not complete yet. */
    private boolean headPending;
    /** When the pending head started ({@link System#nanoTime}). */
    private long headStartNanos;
    private ScheduledFuture<?> timer;

    HeadDeadline(long millis) {
        this.nanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    void connection(HttpConnectionHandler handler) {
        this.connection = handler;
    }

    ChannelInboundHandlerAdapter beforeCodec() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (betweenRequests && !headPending && msg instanceof ByteBuf b && b.isReadable()) {
                    headPending = true;
                    headStartNanos = System.nanoTime();
                    if (timer == null) {
                        arm(ctx, nanos);
                    }
                }
                super.channelRead(ctx, msg);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) throws Exception {
                disarm();
                super.channelInactive(ctx);
            }
        };
    }

    ChannelInboundHandlerAdapter afterCodec() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (msg instanceof HttpRequest) {
                    betweenRequests = false;
                    headPending = false; // the timer, if pending, stays: the next head may use it
                }
                if (msg instanceof LastHttpContent) {
                    betweenRequests = true;
                }
                super.channelRead(ctx, msg);
            }
        };
    }

    private void arm(ChannelHandlerContext ctx, long delayNanos) {
        timer = ctx.executor().schedule(() -> expire(ctx), delayNanos, TimeUnit.NANOSECONDS);
    }

    private void expire(ChannelHandlerContext ctx) {
        timer = null;
        if (!ctx.channel().isActive() || !headPending) {
            return; // no head in progress: the next one's first byte arms a timer again
        }
        long now = System.nanoTime();
        long left = headStartNanos + nanos - now;
        if (left > 0) {
            arm(ctx, left); // this head started after the one the timer was armed for
            return;
        }
        if (connection != null && connection.isReadingPaused()) {
            headStartNanos = now; // the host stopped reading, not the client: give it the time again
            arm(ctx, nanos);
            return;
        }
        ctx.pipeline().fireUserEventTriggered(HttpConnectionHandler.HEAD_TIMEOUT);
    }

    private void disarm() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
