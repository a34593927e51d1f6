package io.ccrj.dss.internal;

import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Subscription;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.pool.AbstractChannelPoolHandler;
import io.netty.channel.pool.ChannelPool;
import io.netty.channel.pool.SimpleChannelPool;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * Keep-alive HTTP/1.1 client connections, pooled per {@code host:port}: a request borrows an idle
 * connection (or opens one), and returns it when its response has arrived, before the caller is
 * completed, so that the caller's next request finds it idle. One request at a time
 * per connection (no pipelining), so a slow answer never delays another. An idempotent request
 * that finds its pooled connection closed by the server before any answer is sent once more on a
 * fresh connection. The pool's event loop
 * threads are daemons; the shared pool lives as long as the JVM.
 *
 * <h2>Threading</h2>
 * {@link #send} may be called from any thread; the callback runs on the connection's event loop.
 */
public final class HttpClientPool {
    private static final int MAX_RESPONSE_BYTES = 16 << 20;
    /** A request not answered within this long fails (UNAVAILABLE to the caller) and its connection is closed. */
    static final long RESPONSE_TIMEOUT_SECONDS = 30;

    private static final class Holder {
        static final HttpClientPool SHARED = new HttpClientPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    }

    private final EventLoopGroup group;
    private final Map<InetSocketAddress, ChannelPool> pools = new ConcurrentHashMap<>();

    /**
     * @param ioThreads event-loop threads
     */
    public HttpClientPool(int ioThreads) {
        DefaultThreadFactory tf = new DefaultThreadFactory("ccrj-http-client", true);
        this.group = Epoll.isAvailable() ? new EpollEventLoopGroup(ioThreads, tf) : new NioEventLoopGroup(ioThreads, tf);
    }

    /** @return the pool shared by every remote {@link io.ccrj.dss.ServiceRef} */
    public static HttpClientPool shared() {
        return Holder.SHARED;
    }

    private Bootstrap bootstrap(InetSocketAddress address) {
        return new Bootstrap().group(group).channel(HttpServer.clientChannelType())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5000)
                .remoteAddress(address);
    }

    /**
     * Sends a request on a pooled connection.
     *
     * @param host the server
     * @param port its port
     * @param request the request (ownership passes)
     * @param callback (response, null) — the response is released after the callback returns —
     *     or (null, failure)
     */
    public void send(String host, int port, FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback) {
        send(host, port, request, callback, isIdempotent(request.method()));
    }

    /** GET, HEAD, OPTIONS, PUT and DELETE may be sent twice with the effect of once (RFC 9110 9.2.2). */
    static boolean isIdempotent(io.netty.handler.codec.http.HttpMethod m) {
        return m.equals(io.netty.handler.codec.http.HttpMethod.GET) || m.equals(io.netty.handler.codec.http.HttpMethod.HEAD)
                || m.equals(io.netty.handler.codec.http.HttpMethod.OPTIONS) || m.equals(io.netty.handler.codec.http.HttpMethod.PUT)
                || m.equals(io.netty.handler.codec.http.HttpMethod.DELETE);
    }

    /**
     * @param mayRetry whether the request may be sent once more on a fresh connection when a
     *     pooled (already used) connection turns out to have been closed by the server before
     *     any answer: the race between a server's idle close and the next request on that
     *     connection. Only idempotent requests are retried, and only once.
     */
    private void send(String host, int port, FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback,
                      boolean mayRetry) {
        InetSocketAddress address = InetSocketAddress.createUnresolved(host, port);
        ChannelPool pool = pools.computeIfAbsent(address, a -> new SimpleChannelPool(
                bootstrap(new InetSocketAddress(host, port)), new AbstractChannelPoolHandler() {
                    @Override
                    public void channelCreated(Channel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(MAX_RESPONSE_BYTES),
                                new ResponseHandler());
                    }
                }));
        // a second reference with its own indexes, for the one retry; released when not needed
        FullHttpRequest spare = mayRetry ? request.retainedDuplicate() : null;
        pool.acquire().addListener(f -> {
            if (!f.isSuccess()) {
                request.release();
                if (spare != null) {
                    spare.release();
                }
                callback.accept(null, f.cause());
                return;
            }
            Channel ch = (Channel) f.getNow();
            ResponseHandler handler = ch.pipeline().get(ResponseHandler.class);
            boolean reused = handler.uses++ > 0; // only this request's listener touches it now
            BiConsumer<FullHttpResponse, Throwable> cb = spare == null ? callback : (res, failure) -> {
                if (failure != null && reused && isClosedByPeer(failure)) {
                    retries.increment();
                    send(host, port, spare, callback, false); // once, and the pool drops the dead connection
                } else {
                    spare.release();
                    callback.accept(res, failure);
                }
            };
            handler.begin(pool, cb);
            // A server that never answers (or a connection it dropped without a FIN) must not
            // leave the caller waiting for ever: fail the request and discard the connection.
            ScheduledFuture<?> timer = ch.eventLoop().schedule(() -> {
                handler.fail(new java.util.concurrent.TimeoutException("no answer from " + host + ":" + port + " within "
                        + RESPONSE_TIMEOUT_SECONDS + " s"));
                ch.close();
            }, RESPONSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            handler.timer = timer;
            ch.writeAndFlush(request).addListener(w -> {
                if (!w.isSuccess()) {
                    handler.fail(w.cause());
                    ch.close();
                }
            });
        });
    }

    private static boolean isClosedByPeer(Throwable t) {
        return t instanceof ClosedChannelException
                || t instanceof java.io.IOException && String.valueOf(t.getMessage()).contains("reset by peer");
    }

    /** Requests sent again after a pooled connection was found closed (for tests and metrics). */
    final java.util.concurrent.atomic.LongAdder retries = new java.util.concurrent.atomic.LongAdder();

    /** {@return how many requests were sent again on a fresh connection} */
    public long retries() {
        return retries.sum();
    }

    /** Completes the one request in flight on a connection, then returns the connection. */
    private static final class ResponseHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
        private volatile ChannelPool pool;
        private volatile BiConsumer<FullHttpResponse, Throwable> callback;
        /** Requests begun on this connection; written by whoever holds it acquired (one at a time). */
        int uses;
        /** The current request's response timer; set by the acquiring listener, cancelled on the event loop. */
        private volatile ScheduledFuture<?> timer;

        void begin(ChannelPool owner, BiConsumer<FullHttpResponse, Throwable> cb) {
            this.pool = owner;
            this.callback = cb;
        }

        void fail(Throwable t) {
            cancelTimer();
            BiConsumer<FullHttpResponse, Throwable> cb = callback;
            callback = null;
            if (cb != null) {
                cb.accept(null, t);
            }
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse res) {
            cancelTimer();
            BiConsumer<FullHttpResponse, Throwable> cb = callback;
            callback = null;
            // The connection goes back to the pool BEFORE the caller hears the answer: a caller
            // that sends its next request as soon as this one completes (back-to-back calls, or
            // a chain of partner calls) then finds this connection idle instead of opening a new
            // one. Safe because this request is done with it (callback cleared, timer
            // cancelled) and the response stays readable until channelRead0 returns (the
            // handler releases it then). On the event loop, the pool's release is synchronous.
            if (!HttpUtil.isKeepAlive(res)) {
                ctx.close(); // the pool's health check drops it rather than lending it again
            }
            pool.release(ctx.channel());
            if (cb != null) {
                cb.accept(res, null);
            }
        }

        private void cancelTimer() {
            ScheduledFuture<?> t = timer;
            timer = null;
            if (t != null) {
                t.cancel(false);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            fail(new ClosedChannelException());
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(cause);
            ctx.close();
        }
    }

    /**
     * Opens a dedicated connection for a Server-Sent Events stream.
     *
     * @param host the server
     * @param port its port
     * @param request the GET of the stream
     * @param listener receives the parsed events
     * @return the subscription once the server answered 200
     */
    CompletableFuture<Subscription> openEventStream(String host, int port, FullHttpRequest request,
                                                    HttpServiceRef.SseListener listener) {
        CompletableFuture<Subscription> result = new CompletableFuture<>();
        Bootstrap b = bootstrap(new InetSocketAddress(host, port)).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new HttpClientCodec(), new EventStreamHandler(result, listener));
            }
        });
        b.connect().addListener(f -> {
            if (!f.isSuccess()) {
                request.release();
                result.completeExceptionally(new Fault(FaultCode.UNAVAILABLE, "cannot connect to " + host + ":" + port + ": " + f.cause(), f.cause()));
                return;
            }
            Channel ch = ((io.netty.channel.ChannelFuture) f).channel();
            ch.writeAndFlush(request);
        });
        return result;
    }

    /** Reads one event stream; the stream's head decides the subscription's fate. */
    private static final class EventStreamHandler extends SimpleChannelInboundHandler<HttpObject> {
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
}
