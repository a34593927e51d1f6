package io.ccrj.dss.internal.http.client;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Subscription;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;

import java.util.concurrent.CompletableFuture;

/**
 * Reads one Server-Sent Events stream on its dedicated connection (a remote Subscribe): the
 * stream's head decides the subscription's fate (200 opens it, any other status refuses it with
 * the status's fault), then the body's bytes go to the listener. Runs on the connection's event
 * loop, as Netty calls every handler.
 */
final class EventStreamHandler extends SimpleChannelInboundHandler<HttpObject> {
    private final CompletableFuture<Subscription> result;
    private final HttpServiceRef.SseListener listener;
    private boolean ok;

    EventStreamHandler(CompletableFuture<Subscription> result, HttpServiceRef.SseListener listener) {
        this.result = result;
        this.listener = listener;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
        if (msg instanceof HttpResponse head) {
            int status = head.status().code();
            if (status != 200) {
                result.completeExceptionally(new Fault(FaultCode.ofHttpStatus(status), "Subscribe refused: " + head.status()));
                ctx.close();
                return;
            }
            ok = true;
            Channel ch = ctx.channel();
            result.complete(new Subscription() {
                @Override
                public void close() {
                    ch.close();
                }

                @Override
                public boolean isClosed() {
                    return listener.isClosed() || !ch.isActive();
                }
            });
        }
        if (ok && msg instanceof HttpContent content && content.content().isReadable()) {
            listener.bytes(content.content());
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        result.completeExceptionally(new Fault(FaultCode.UNAVAILABLE, "the event stream closed before it started"));
        listener.close("connection closed");
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
