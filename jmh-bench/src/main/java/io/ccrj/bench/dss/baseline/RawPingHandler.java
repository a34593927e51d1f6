package io.ccrj.bench.dss.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline's whole application: the ping service's two operations with no service model
 * behind them, JSON written by hand.
 * <ul>
 *   <li>{@code GET /services/ping}: {@code 200 {"count":n}}, n = pings so far;</li>
 *   <li>{@code POST /services/ping/actions/ping}: increments the count, {@code 200} echoing the
 *   request body and its content type;</li>
 *   <li>anything else: {@code 404 {"error":"not-found",...}} (or 405 for another method on those
 *   paths).</li>
 * </ul>
 * Responses are written in {@code channelRead} and flushed once per read batch in
 * {@code channelReadComplete}, as Netty's hello-world server does, so pipelined requests share a
 * flush. One instance is shared by every connection (the count is the service's state).
 */
@ChannelHandler.Sharable
public final class RawPingHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    /** Path of the ping service's Get. */
    public static final String PING_PATH = "/services/ping";
    /** Path of the ping service's Submit of action {@code ping}. */
    public static final String PING_ACTION_PATH = "/services/ping/actions/ping";

    private static final CharSequence JSON = HttpHeaderValues.APPLICATION_JSON;

    private final AtomicLong count = new AtomicLong();

    /** @return pings answered so far */
    public long count() {
        return count.get();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        String path = req.uri();
        int q = path.indexOf('?');
        if (q >= 0) {
            path = path.substring(0, q);
        }
        FullHttpResponse res;
        if (req.decoderResult().isFailure()) {
            res = error(HttpResponseStatus.BAD_REQUEST, "bad-request", String.valueOf(req.decoderResult().cause()));
        } else if (path.equals(PING_PATH)) {
            res = req.method().equals(HttpMethod.GET)
                    ? respond(HttpResponseStatus.OK, JSON, ascii("{\"count\":" + count.get() + "}"))
                    : error(HttpResponseStatus.METHOD_NOT_ALLOWED, "method-not-allowed", req.method() + " " + path);
        } else if (path.equals(PING_ACTION_PATH)) {
            if (req.method().equals(HttpMethod.POST)) {
                count.incrementAndGet();
                CharSequence type = req.headers().get(HttpHeaderNames.CONTENT_TYPE, JSON.toString());
                res = respond(HttpResponseStatus.OK, type, req.content().retainedDuplicate());
            } else {
                res = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "method-not-allowed", req.method() + " " + path);
            }
        } else {
            res = error(HttpResponseStatus.NOT_FOUND, "not-found", "no service at " + path);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(req) && !req.decoderResult().isFailure();
        if (keepAlive) {
            ctx.write(res);
        } else {
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        ctx.flush();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    private static FullHttpResponse respond(HttpResponseStatus status, CharSequence type, ByteBuf body) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, type).setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        return res;
    }

    private static FullHttpResponse error(HttpResponseStatus status, String error, String message) {
        String json = "{\"error\":\"" + error + "\",\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
        return respond(status, JSON, ascii(json));
    }

    private static ByteBuf ascii(String s) {
        return Unpooled.wrappedBuffer(s.getBytes(StandardCharsets.UTF_8));
    }
}
