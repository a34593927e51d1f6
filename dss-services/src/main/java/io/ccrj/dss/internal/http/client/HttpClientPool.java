package io.ccrj.dss.internal.http.client;

import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.Fault;
import io.ccrj.dss.FaultCode;
import io.ccrj.dss.Subscription;
import io.ccrj.dss.internal.transport.Transport;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.util.concurrent.EventExecutor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 *
 * <h2>The parts</h2>
 * This class holds the event loops, the targets and the counters, and picks the loop a request
 * runs on. A {@link Target} is one {@code host:port}, with a {@link LoopPool} per event loop that
 * picks or opens the connection; a {@link PooledConnection} carries its {@link PendingRequest}s
 * in order, with their deadline and retry; {@link EventStreamHandler} reads a Subscribe's
 * dedicated event-stream connection.
 */
@Internal
public final class HttpClientPool {
    /** The largest answer a pooled connection aggregates. */
    static final int MAX_RESPONSE_BYTES = 16 << 20;
    /** A request not answered within this long fails (UNAVAILABLE to the caller) and its connection is closed. */
    static final long RESPONSE_TIMEOUT_SECONDS = 30;
    /** Safe requests one connection may carry unanswered. */
    public static final int MAX_PIPELINE = 8;

    private static final class Holder {
        static final HttpClientPool SHARED = new HttpClientPool(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    }

    private final Transport transport;
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
    final LongAdder retries = new LongAdder();
    /** Requests sent on a connection that had others unanswered (for tests and metrics). */
    final LongAdder pipelined = new LongAdder();
    /** Connections opened (for tests and metrics). */
    final LongAdder opened = new LongAdder();

    /**
     * A pool with event loops of its own (daemon threads).
     *
     * @param ioThreads event-loop threads
     */
    public HttpClientPool(int ioThreads) {
        this(new Transport(ioThreads, "ccrj-http-client"), TimeUnit.SECONDS.toNanos(RESPONSE_TIMEOUT_SECONDS));
    }

    /** A pool with its own event loops and another response timeout (for tests). */
    HttpClientPool(int ioThreads, java.time.Duration responseTimeout) {
        this(new Transport(ioThreads, "ccrj-http-client"), responseTimeout.toNanos());
    }

    private HttpClientPool(Transport transport, long responseTimeoutNanos) {
        this.transport = transport;
        this.responseTimeoutNanos = responseTimeoutNanos;
        List<EventLoop> l = new ArrayList<>();
        for (EventExecutor e : transport.group()) {
            l.add((EventLoop) e);
        }
        this.loops = List.copyOf(l);
    }

    /**
     * A pool on a host's event loops: the remote partners of the host's services send their
     * requests from, and are answered on, the event loop their caller runs on. The transport's
     * owner closes it; requests sent afterwards fail.
     *
     * @param transport the host's transport
     * @return the pool
     */
    public static HttpClientPool onEventLoops(Transport transport) {
        return new HttpClientPool(transport, TimeUnit.SECONDS.toNanos(RESPONSE_TIMEOUT_SECONDS));
    }

    /** @return the pool shared by every remote {@link io.ccrj.dss.ServiceRef} not made by a host */
    public static HttpClientPool shared() {
        return Holder.SHARED;
    }

    private Bootstrap bootstrap(InetSocketAddress address) {
        return bootstrap(address, transport.group());
    }

    /**
     * @param address the server
     * @param g the loops (or the one loop) the connections live on: this pool's
     * @return a bootstrap of connections to it
     */
    Bootstrap bootstrap(InetSocketAddress address, EventLoopGroup g) {
        return new Bootstrap().group(g).channel(transport.clientChannelType())
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
            t = targets.computeIfAbsent(key, k -> new Target(this, host, port, Math.floorMod(nextHome.getAndIncrement(), loops.size())));
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

    /** {@return how many event loops the pool has} */
    int loopCount() {
        return loops.size();
    }

    /**
     * @param index an index below {@link #loopCount()}
     * @return that event loop
     */
    EventLoop loop(int index) {
        return loops.get(index);
    }

    /** {@return how long a request may wait for its answer, in nanoseconds} */
    long responseTimeoutNanos() {
        return responseTimeoutNanos;
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

    static boolean isClosedByPeer(Throwable t) {
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

}
