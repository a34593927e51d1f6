package io.ccrj.dss.internal.http.client;

import io.ccrj.dss.internal.http.server.HttpServer;
import io.ccrj.dss.internal.http.server.NativeTransport;

import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Subscription;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Keep-alive HTTP/1.1 client connections, pooled per {@code host:port} and per event loop.
 *
 * <p><b>Where a request runs.</b> A request sent from one of the pool's own event loops (a
 * service whose handlers run on its host's event loops, when the pool is the host's:
 * {@link #onEventLoops}) uses that loop's connections and is answered on that loop: no thread hop
 * and no second event-loop group. A request from any other thread goes to the target's home loop
 * (one per {@code host:port}, chosen round robin when the target is first used), so that
 * back-to-back calls from one thread reuse one warm connection.
 *
 * <p><b>Pipelining.</b> Safe requests (GET, HEAD, OPTIONS) are pipelined, up to {@link #MAX_PIPELINE}
 * unanswered on one connection, as HTTP/1.1 lets a client do (RFC 9112 9.3.2): an idle
 * connection is taken first, then the least loaded connection that carries only safe requests,
 * then a new one. A request of another method never shares a connection: it takes an idle one or
 * opens one, and nothing is pipelined behind it. A connection whose server answered HTTP/1.0 or
 * {@code Connection: close} takes no more requests. Answers are matched to requests in order.
 *
 * <p><b>Retries.</b> When a connection closes before a request's answer (a server's idle close
 * racing the next request, or a close in the middle of a pipeline), an idempotent request
 * (RFC 9110 9.2.2) is sent once more on a fresh connection; another fails with a
 * {@link ConnectionClosedException} that says it was not repeated. A request unanswered after
 * {@link #RESPONSE_TIMEOUT_SECONDS} fails and its connection is closed.
 *
 * <h2>Threading</h2>
 * {@link #send} may be called from any thread; the callback runs on the connection's event loop.
 * Each {@link LoopPool} and its connections are confined to their event loop: every field of
 * theirs is read and written on that loop only, so they need no locks.
 */
public final class HttpClientPool {
    private static final int MAX_RESPONSE_BYTES = 16 << 20;
    /** A request not answered within this long fails (UNAVAILABLE to the caller) and its connection is closed. */
    static final long RESPONSE_TIMEOUT_SECONDS = 30;
    /** Safe requests one connection may carry unanswered. */
    public static final int MAX_PIPELINE = 8;

    private static final class Holder {
        static final HttpClientPool SHARED = new HttpClientPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    }

    private final EventLoopGroup group;
    /** How long a request may wait for its answer. */
    private final long responseTimeoutNanos;
    /** The group's event loops, in a fixed order (a loop's index names its pools). */
    private final List<EventLoop> loops;
    private final Map<TargetKey, Target> targets = new ConcurrentHashMap<>();

    /** A target's {@code host:port} as a map key (a record: no name resolution, cheap equality). */
    private record TargetKey(String host, int port) {
    }
    private final AtomicInteger nextHome = new AtomicInteger();
    /** Requests sent again after their connection closed unanswered (for tests and metrics). */
    private final LongAdder retries = new LongAdder();
    /** Requests sent on a connection that had others unanswered (for tests and metrics). */
    private final LongAdder pipelined = new LongAdder();
    /** Connections opened (for tests and metrics). */
    private final LongAdder opened = new LongAdder();

    /**
     * A pool with event loops of its own (daemon threads).
     *
     * @param ioThreads event-loop threads
     */
    public HttpClientPool(int ioThreads) {
        this(newGroup(ioThreads), TimeUnit.SECONDS.toNanos(RESPONSE_TIMEOUT_SECONDS));
    }

    /** A pool with its own event loops and another response timeout (for tests). */
    HttpClientPool(int ioThreads, java.time.Duration responseTimeout) {
        this(newGroup(ioThreads), responseTimeout.toNanos());
    }

    private HttpClientPool(EventLoopGroup group, long responseTimeoutNanos) {
        this.group = group;
        this.responseTimeoutNanos = responseTimeoutNanos;
        List<EventLoop> l = new ArrayList<>();
        for (EventExecutor e : group) {
            l.add((EventLoop) e);
        }
        this.loops = List.copyOf(l);
    }

    private static EventLoopGroup newGroup(int ioThreads) {
        DefaultThreadFactory tf = new DefaultThreadFactory("ccrj-http-client", true);
        return new MultiThreadIoEventLoopGroup(ioThreads, tf,
                NativeTransport.epoll() ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    }

    /**
     * A pool on a host's event loops: the remote partners of the host's services send their
     * requests from, and are answered on, the event loop their caller runs on. The group's owner
     * shuts it down; requests sent afterwards fail.
     *
     * @param group the host's event-loop group
     * @return the pool
     */
    public static HttpClientPool onEventLoops(EventLoopGroup group) {
        return new HttpClientPool(group, TimeUnit.SECONDS.toNanos(RESPONSE_TIMEOUT_SECONDS));
    }

    /** @return the pool shared by every remote {@link io.ccrj.dss.ServiceRef} not made by a host */
    public static HttpClientPool shared() {
        return Holder.SHARED;
    }

    private Bootstrap bootstrap(InetSocketAddress address) {
        return bootstrap(address, group);
    }

    private static Bootstrap bootstrap(InetSocketAddress address, EventLoopGroup g) {
        return new Bootstrap().group(g).channel(HttpServer.clientChannelType())
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
    static boolean isIdempotent(HttpMethod m) {
        return isSafe(m) || m.equals(HttpMethod.PUT) || m.equals(HttpMethod.DELETE);
    }

    /** GET, HEAD and OPTIONS: reads (RFC 9110 9.2.1), the requests that are pipelined. */
    static boolean isSafe(HttpMethod m) {
        return m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD) || m.equals(HttpMethod.OPTIONS);
    }

    /**
     * @param mayRetry whether the request may be sent once more on a fresh connection when its
     *     connection closes before the answer: only idempotent requests, and only once
     */
    private void send(String host, int port, FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback,
                      boolean mayRetry) {
        send(target(host, port), request, callback, mayRetry);
    }

    /**
     * The pool's handle on one {@code host:port}, for a caller that sends many requests there
     * ({@link HttpServiceRef} keeps it): {@link #send(Target, FullHttpRequest, BiConsumer)} then
     * skips the look-up of the target by its name and port.
     *
     * @param host the server
     * @param port its port
     * @return the target, made on first use and the same from then on
     */
    Target target(String host, int port) {
        TargetKey key = new TargetKey(host, port);
        Target t = targets.get(key); // no capturing lambda on the hot path: a miss happens once per target
        if (t == null) {
            t = targets.computeIfAbsent(key, k -> new Target(host, port, Math.floorMod(nextHome.getAndIncrement(), loops.size())));
        }
        return t;
    }

    /**
     * Sends a request on a pooled connection to a target of this pool, as
     * {@link #send(String, int, FullHttpRequest, BiConsumer)} does.
     *
     * @param t the target, from {@link #target} of this pool
     * @param request the request (ownership passes)
     * @param callback as {@link #send(String, int, FullHttpRequest, BiConsumer)}'s
     */
    void send(Target t, FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback) {
        send(t, request, callback, isIdempotent(request.method()));
    }

    private void send(Target t, FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback,
                      boolean mayRetry) {
        int current = currentLoop();
        LoopPool lp = t.pool(current >= 0 ? current : t.home);
        if (lp.loop.inEventLoop()) {
            lp.send(request, callback, mayRetry);
            return;
        }
        try {
            lp.loop.execute(() -> lp.send(request, callback, mayRetry));
        } catch (RejectedExecutionException e) { // the group was shut down (its host closed)
            request.release();
            callback.accept(null, new IOException("the HTTP client's event loops are shut down", e));
        }
    }

    /** @return the index of the pool's event loop this thread is, or -1 */
    private int currentLoop() {
        for (int i = 0; i < loops.size(); i++) {
            if (loops.get(i).inEventLoop()) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isClosedByPeer(Throwable t) {
        // a write that meets the peer's close fails with EPIPE ("Broken pipe") rather than a reset,
        // depending on which side of the close the write lands: the same race, the same retry
        if (t instanceof ClosedChannelException) {
            return true;
        }
        String m = t instanceof IOException ? String.valueOf(t.getMessage()) : "";
        return m.contains("reset by peer") || m.contains("Broken pipe");
    }

    /** {@return how many requests were sent again on a fresh connection} */
    public long retries() {
        return retries.sum();
    }

    /** {@return how many requests were sent behind others still unanswered on their connection} */
    public long pipelined() {
        return pipelined.sum();
    }

    /** {@return how many connections this pool opened} */
    public long connectionsOpened() {
        return opened.sum();
    }

    /**
     * A request whose connection closed before its answer and that was not sent again, because
     * its method is not idempotent (it may or may not have taken effect) or it was sent again once
     * already.
     */
    public static final class ConnectionClosedException extends IOException {
        private static final long serialVersionUID = 1L;

        ConnectionClosedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** One {@code host:port}: its pool on each event loop, made when first used there. */
    final class Target {
        final String host;
        final int port;
        /** The loop of callers that are not on one of the pool's loops. */
        final int home;
        final AtomicReferenceArray<LoopPool> pools = new AtomicReferenceArray<>(loops.size());

        Target(String host, int port, int home) {
            this.host = host;
            this.port = port;
            this.home = home;
        }

        /** {@return the pool this target belongs to} */
        HttpClientPool owner() {
            return HttpClientPool.this;
        }

        LoopPool pool(int loop) {
            LoopPool p = pools.get(loop);
            if (p == null) {
                pools.compareAndSet(loop, null, new LoopPool(this, loops.get(loop)));
                p = pools.get(loop);
            }
            return p;
        }
    }

    /** One target's connections on one event loop; confined to that loop. */
    private final class LoopPool {
        final Target target;
        final EventLoop loop;
        final Bootstrap bootstrap;
        /** Open connections with nothing in flight, most recently used last. */
        final ArrayDeque<Conn> idle = new ArrayDeque<>();
        /** Open connections with requests in flight. */
        final List<Conn> busy = new ArrayList<>();

        LoopPool(Target target, EventLoop loop) {
            this.target = target;
            this.loop = loop;
            this.bootstrap = bootstrap(new InetSocketAddress(target.host, target.port), loop);
        }

        void send(FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback, boolean mayRetry) {
            boolean safe = isSafe(request.method());
            Conn c = idle.pollLast(); // the warmest
            while (c != null && !c.ch.isActive()) {
                c.inIdle = false;
                c = idle.pollLast();
            }
            if (c != null) {
                c.inIdle = false;
            }
            if (c == null && safe) {
                for (Conn b : busy) {
                    if (b.takesPipelined() && (c == null || b.inFlight.size() < c.inFlight.size())) {
                        c = b;
                    }
                }
                if (c != null) {
                    pipelined.increment();
                }
            }
            if (c == null) {
                c = open();
            }
            c.enqueue(new Pending(request, mayRetry, callback, safe));
        }

        private Conn open() {
            opened.increment();
            Conn c = new Conn(this);
            ChannelFuture f = bootstrap.clone().handler(new ChannelInitializer<Channel>() {
                @Override
                protected void initChannel(Channel ch) {
                    // Requests a task of the event loop writes one after another (a service
                    // asking several partners, or one partner several times) leave in one flush
                    // when the task ends, instead of one system call each.
                    ch.pipeline().addLast(new FlushConsolidationHandler(
                            FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
                    ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(MAX_RESPONSE_BYTES), c);
                }
            }).connect();
            c.ch = f.channel();
            f.addListener(done -> {
                if (done.isSuccess()) {
                    c.connected();
                } else {
                    c.connectFailed(done.cause());
                }
            });
            return c;
        }

        /** Puts a connection with nothing in flight back among the idle ones. */
        void toIdle(Conn c) {
            busy.remove(c);
            c.inIdle = true;
            idle.addLast(c);
        }

        /**
         * Sends a request whose connection closed unanswered once more, on this loop: the same
         * request object, with the reference {@link Pending} kept for it and its body's reader
         * index as it was before the first write (which consumed it). The old connection has
         * released what it held of the first write by now (its close fails and releases its
         * outbound buffer before it is inactive), so nothing else reads the body.
         */
        void retry(Pending p) {
            retries.increment();
            FullHttpRequest r = p.request;
            r.content().readerIndex(p.bodyIndex);
            send(r, p.callback, false);
        }
    }

    /**
     * A request written (or waiting for its connection to connect) and not yet answered.
     *
     * <p>References: the request's own, which its write releases (the encoder), and for a request
     * that may be retried one more on its body, kept for the one retry and released when it is
     * answered or fails. The retry sends the same request object again: the encoder only reads
     * its line and headers, and Netty's {@code retainedDuplicate()} would copy both header
     * tables for every request.
     */
    private static final class Pending {
        final FullHttpRequest request;
        /** Whether {@link #request} was written (its own reference is then the encoder's to release). */
        boolean written;
        /** Whether it holds a second reference for the one retry. */
        final boolean retryable;
        /** The body's reader index before the first write consumed it. */
        final int bodyIndex;
        final BiConsumer<FullHttpResponse, Throwable> callback;
        final boolean safe;
        /** When it fails unanswered ({@link System#nanoTime()}). */
        long deadline;

        Pending(FullHttpRequest request, boolean retryable, BiConsumer<FullHttpResponse, Throwable> callback,
                boolean safe) {
            this.request = request;
            this.retryable = retryable;
            this.bodyIndex = request.content().readerIndex();
            this.callback = callback;
            this.safe = safe;
            if (retryable) {
                request.content().retain(); // no object: a count on the body (none on an empty one)
            }
        }

        /** Drops the reference kept for the retry (the request was answered, or fails for good). */
        void releaseRetry() {
            if (retryable) {
                request.content().release();
            }
        }
    }

    /**
     * One connection: its requests in flight, answered in order. Runs on its pool's event loop
     * (the channel is registered there), as does every caller of its methods.
     */
    private final class Conn extends SimpleChannelInboundHandler<FullHttpResponse> {
        final LoopPool pool;
        Channel ch;
        final ArrayDeque<Pending> inFlight = new ArrayDeque<>(4);
        boolean isConnected;
        /** Whether it is in its pool's idle deque. */
        boolean inIdle;
        /** No more requests: the server said it closes, or this side is closing it. */
        boolean closing;
        /** Why this side closed the connection, or {@code null} (then a close is the server's). */
        Throwable closeCause;
        /**
         * The one deadline timer of this connection, armed while requests are in flight: it checks
         * the oldest request's deadline (the earliest, answers come in order) and re-arms for the
         * next, so a request costs no timer of its own.
         */
        ScheduledFuture<?> sweep;

        Conn(LoopPool pool) {
            this.pool = pool;
        }

        boolean takesPipelined() {
            return !closing && inFlight.size() < MAX_PIPELINE && allSafe();
        }

        private boolean allSafe() {
            for (Pending p : inFlight) {
                if (!p.safe) {
                    return false;
                }
            }
            return true;
        }

        void enqueue(Pending p) {
            if (inIdle) { // connected at once, before its first request was queued
                pool.idle.remove(this);
                inIdle = false;
            }
            if (inFlight.isEmpty()) {
                pool.busy.add(this);
            }
            inFlight.add(p);
            p.deadline = System.nanoTime() + responseTimeoutNanos;
            if (sweep == null) {
                sweep = pool.loop.schedule(this::sweep, responseTimeoutNanos, TimeUnit.NANOSECONDS);
            }
            if (isConnected) {
                write(p);
                ch.flush();
            }
        }

        private void write(Pending p) {
            FullHttpRequest r = p.request;
            p.written = true;
            // a void promise: no promise and no listener per request; a failed write reaches
            // exceptionCaught below instead, which closes the connection with its cause as the
            // listener did (the requests in flight are then retried or failed in channelInactive)
            ch.write(r, ch.voidPromise());
        }

        void connected() {
            isConnected = true;
            if (inFlight.isEmpty()) {
                pool.toIdle(this);
                return;
            }
            for (Pending p : inFlight) {
                write(p);
            }
            ch.flush();
        }

        void connectFailed(Throwable cause) {
            pool.busy.remove(this);
            cancelSweep();
            for (Pending p; (p = inFlight.poll()) != null; ) {
                p.request.release(); // never written
                p.releaseRetry();
                p.callback.accept(null, cause);
            }
        }

        private void sweep() {
            sweep = null;
            Pending oldest = inFlight.peek();
            if (oldest == null || closing && closeCause != null) {
                return;
            }
            long left = oldest.deadline - System.nanoTime();
            if (left <= 0) {
                closeWith(new TimeoutException("no answer from " + pool.target.host + ":" + pool.target.port
                        + " within " + TimeUnit.NANOSECONDS.toMillis(responseTimeoutNanos) + " ms"));
            } else {
                sweep = pool.loop.schedule(this::sweep, left, TimeUnit.NANOSECONDS);
            }
        }

        private void cancelSweep() {
            if (sweep != null) {
                sweep.cancel(false);
                sweep = null;
            }
        }

        private void closeWith(Throwable cause) {
            if (closeCause == null) {
                closeCause = cause;
            }
            closing = true;
            ch.close();
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse res) {
            Pending p = inFlight.poll();
            if (p == null) {
                closeWith(new IOException("an answer to no request from " + pool.target.host + ":" + pool.target.port));
                return;
            }
            p.releaseRetry();
            if (!HttpUtil.isKeepAlive(res) || !res.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
                closing = true; // the server closes: the requests behind this one are sent again or failed
                ctx.close();
            } else if (inFlight.isEmpty()) {
                // Back in the pool BEFORE the caller hears the answer: a caller that sends its next
                // request as soon as this one completes then finds this connection idle instead of
                // opening a new one. Safe: this request is done with it, and the response stays
                // readable until channelRead0 returns (the handler releases it then).
                pool.toIdle(this);
            }
            p.callback.accept(res, null);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            closing = true;
            if (inIdle) {
                pool.idle.remove(this);
                inIdle = false;
            }
            pool.busy.remove(this);
            Throwable cause = closeCause != null ? closeCause : new ClosedChannelException();
            cancelSweep();
            for (Pending p; (p = inFlight.poll()) != null; ) {
                if (!p.written) { // the connection closed while connecting
                    p.request.release();
                }
                if (p.retryable && isClosedByPeer(cause)) {
                    pool.retry(p); // once: the retry keeps no second reference, the one kept here is its own
                } else {
                    p.releaseRetry();
                    p.callback.accept(null, isClosedByPeer(cause) ? new ConnectionClosedException(
                            pool.target.host + ":" + pool.target.port + " closed the connection before answering;"
                                    + " the request was not sent again (its method is not idempotent, or it was"
                                    + " sent again once already)", cause) : cause);
                }
            }
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            closeWith(cause);
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
