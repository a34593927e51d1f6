package io.ccrj.dss.internal.http.server;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;

import java.lang.System.Logger.Level;

/**
 * One HTTP/1.1 connection's intake, the last handler of its pipeline: turns each request the
 * {@link PipelineWindow} lets through into an {@link HttpExchange} and hands it to the router,
 * after the checks that do not depend on the route (the request's, its target's and the site's,
 * see {@link RequestGuard}); a request refused there, or a synthetic error (an oversized body, a
 * head that did not arrive in time), gets its error answer here.
 *
 * <p>The way back is not this handler's: an exchange answers through its {@link ResponsePath}
 * (request order and back-pressure in the {@link PipelineWindow}, event streams in the
 * {@link EventStreamWriter}, 504 deadlines in the {@code DeadlineSweep}), so the request path
 * reads one way: intake, router, answer.
 *
 * <h2>Threading</h2>
 * Every field is touched on the channel's event loop only (the window calls {@link #channelRead}
 * there).
 */
final class HttpConnectionHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(HttpConnectionHandler.class.getName());
    /**
     * Requests refused by the guard or the body checks, logged at most once a second (shared by
     * every connection, and with the body checks' refusals, {@link ResponsePath#bodyRefused}).
     */
    static final RateLimitedLog REFUSALS = new RateLimitedLog(LOG);
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

    private final HttpRouter router;
    private final HttpServer.Limits limits;
    private final HostMetrics metrics;
    /** Where this connection's exchanges answer. */
    private final ResponsePath path;
    private int requests;
    /** The {@code Host} value last found allowed on this connection: the next request's is checked by equality. */
    private String allowedHost;

    HttpConnectionHandler(ResponsePath path, HttpServer.Limits limits, HostMetrics metrics) {
        this.router = path.router();
        this.path = path;
        this.limits = limits;
        this.metrics = metrics;
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        PipelineWindow.Request w = (PipelineWindow.Request) msg;
        long seq = w.sequence();
        if (w.event() == OVERSIZED && w.request() == null) {
            HttpExchange.refused(path, seq, HttpMethod.POST, new DefaultHttpHeaders(), false)
                    .respondError(413, "payload_too_large", "the request body is larger than this host accepts ("
                            + limits.maxRequestBytes() + " bytes)", null);
            return;
        }
        if (w.event() == HEAD_TIMEOUT) {
            metrics.headTimeout();
            HttpExchange.refused(path, seq, HttpMethod.GET, new DefaultHttpHeaders(), false)
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
                    HttpExchange ex = HttpExchange.refused(path, seq, req.method(), req.headers(), keepAlive);
                    ex.respondError(400, "bad_request", "malformed request URI: " + e.getMessage(), null);
                    return;
                }
                refusal = RequestGuard.checkSite(req, limits, allowedHost);
                if (refusal == null) {
                    allowedHost = req.headers().get(HttpHeaderNames.HOST);
                    routeChecked(HttpExchange.routed(path, seq, req, target, keepAlive, tooLarge), req);
                    return;
                }
            }
            metrics.refused();
            RequestGuard.Refusal r = refusal;
            REFUSALS.log("refused " + req.method() + " from " + context.channel().remoteAddress() + " with "
                    + r.status() + ": " + r.message());
            HttpExchange ex = HttpExchange.refused(path, seq, req.method(), req.headers(), keepAlive && !r.close());
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
}
