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
 * <p>Two handlers share the state: one before the codec sees the bytes, one after it sees the
 * decoded head and the end of each request. Both run on the channel's event loop, which is the
 * only thread touching the fields.
 */
final class HeadDeadline {
    private final long millis;
    private HttpConnectionHandler connection;
    private boolean betweenRequests = true;
    private ScheduledFuture<?> timer;

    HeadDeadline(long millis) {
        this.millis = millis;
    }

    void connection(HttpConnectionHandler handler) {
        this.connection = handler;
    }

    ChannelInboundHandlerAdapter beforeCodec() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (betweenRequests && timer == null && msg instanceof ByteBuf b && b.isReadable()) {
                    arm(ctx);
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
                    disarm();
                }
                if (msg instanceof LastHttpContent) {
                    betweenRequests = true;
                }
                super.channelRead(ctx, msg);
            }
        };
    }

    private void arm(ChannelHandlerContext ctx) {
        timer = ctx.executor().schedule(() -> {
            timer = null;
            if (!ctx.channel().isActive() || !betweenRequests) {
                return;
            }
            if (connection != null && connection.isReadingPaused()) {
                arm(ctx); // the host stopped reading, not the client: give it the time again
                return;
            }
            ctx.pipeline().fireUserEventTriggered(HttpConnectionHandler.HEAD_TIMEOUT);
        }, millis, TimeUnit.MILLISECONDS);
    }

    private void disarm() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
