package io.ccrj.dss.internal.http.server;

import io.ccrj.dss.internal.transport.DeadlineSweep;
import io.ccrj.dss.internal.Internal;
import io.ccrj.dss.internal.transport.Transport;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.flush.FlushConsolidationHandler;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpUtil;

import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The Netty side of the host: the pipeline (idle timer, HTTP/1.1 codec, bounded aggregator,
 * deadline sweep, {@link EventStreamWriter}, {@link PipelineWindow}, {@link HttpConnectionHandler})
 * and the bound socket, on the event loops of the host's
 * {@link Transport} (which the host makes, shares with its HTTP client and closes). One concern
 * per class, as in Netty's own HTTP examples: this is the bootstrap.
 */
@Internal
public final class HttpServer implements AutoCloseable {
    /** Longest request line (method, target, version) accepted; 414 beyond. */
    public static final int MAX_INITIAL_LINE = 4096;
    /** Largest request head (all header lines) accepted; 431 beyond. */
    public static final int MAX_HEADER_BYTES = 16 * 1024;
    /** The most bytes one socket read takes (it bounds what one read can decode past the window). */
    static final int MAX_READ_BYTES = 16 * 1024;
    /** The shortest request there is: {@code GET / HTTP/1.0} and the blank line. */
    static final int MIN_REQUEST_BYTES = 18;

    /**
     * Limits of the server and its connections.
     *
     * @param maxRequestBytes largest request body (413 beyond)
     * @param idleTimeoutMillis a connection with no traffic this long is closed
     * @param headerTimeoutMillis a request head must arrive whole this long after its first byte
     *     (408 and close beyond); later bytes do not extend it
     * @param pipelineWindow requests of one connection decoded and not yet answered before the
     *     host stops reading it
     * @param maxRequestsPerConnection requests answered on one connection before it is closed
     *     (the last answer says {@code Connection: close})
     * @param maxConnections open connections to the host; more are answered 503 and closed
     * @param maxConnectionsPerClient open connections from one client address; more are answered
     *     503 and closed
     * @param sseMaxEvents events one event-stream subscriber may have buffered before it is dropped
     * @param sseMaxBytes bytes one event-stream subscriber may have buffered before it is dropped
     * @param allowedHosts canonical host names a {@code Host} header may name, or {@code null} for any
     */
    public record Limits(int maxRequestBytes, long idleTimeoutMillis, long headerTimeoutMillis, int pipelineWindow,
                         int maxRequestsPerConnection, int maxConnections, int maxConnectionsPerClient,
                         int sseMaxEvents, int sseMaxBytes, Set<String> allowedHosts) {
        /** Default largest request body in bytes (1 MiB). */
        public static final int DEFAULT_MAX_REQUEST_BYTES = 1 << 20;
        /** Default idle connection timeout in milliseconds. */
        public static final int DEFAULT_IDLE_TIMEOUT_MS = 60_000;
        /** Default deadline for a request head from its first byte, in milliseconds. */
        public static final int DEFAULT_HEADER_TIMEOUT_MS = 10_000;
        /** Default requests of one connection in flight before it is read no more. */
        public static final int DEFAULT_PIPELINE_WINDOW = 64;
        /** Default requests answered on one connection: no limit. */
        public static final int DEFAULT_MAX_REQUESTS_PER_CONNECTION = Integer.MAX_VALUE;
        /** Default open connections. */
        public static final int DEFAULT_MAX_CONNECTIONS = 10_000;
        /** Default open connections from one client address. */
        public static final int DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 1_000;
        /** Default events one event-stream subscriber may have waiting. */
        public static final int DEFAULT_SSE_MAX_EVENTS = 1024;
        /** Default bytes one event-stream subscriber may have waiting (1 MiB). */
        public static final int DEFAULT_SSE_MAX_BYTES = 1 << 20;

        /**
         * The defaults for everything but the two given, any {@code Host}.
         *
         * @param maxRequestBytes largest request body
         * @param idleTimeoutMillis idle timeout
         */
        public Limits(int maxRequestBytes, long idleTimeoutMillis) {
            this(maxRequestBytes, idleTimeoutMillis, DEFAULT_HEADER_TIMEOUT_MS, DEFAULT_PIPELINE_WINDOW,
                    DEFAULT_MAX_REQUESTS_PER_CONNECTION, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
                    DEFAULT_SSE_MAX_EVENTS, DEFAULT_SSE_MAX_BYTES, null);
        }
    }

    /**
     * The default allow-list for {@link Limits#allowedHosts()}: the addresses served, this
     * machine's names and the loopback names.
     *
     * @param bindAddress the listening address
     * @return canonical host names
     */
    public static Set<String> defaultAllowedHosts(String bindAddress) {
        return RequestGuard.defaultAllowedHosts(bindAddress);
    }

    /**
     * @param host a host name or IP literal as a user writes it
     * @return its canonical form, as {@link Limits#allowedHosts()} holds it
     */
    public static String canonicalHost(String host) {
        return RequestGuard.canonicalHost(host);
    }

    private final Channel serverChannel;

    /** The accepted connections still open (a {@link ChannelGroup} drops closed ones itself). */
    private final ChannelGroup connections = new DefaultChannelGroup("ccrj-http-connections", GlobalEventExecutor.INSTANCE);

    /**
     * Binds and starts serving.
     *
     * @param address where to listen (port 0 picks a free one)
     * @param transport the event loops to serve on (the caller's: it closes them after this)
     * @param limits connection limits
     * @param router the REST mapping
     * @param metrics where refusals and stream overflows are counted
     * @throws InterruptedException if interrupted while binding
     */
    public HttpServer(InetSocketAddress address, Transport transport, Limits limits, HttpRouter router, HostMetrics metrics)
            throws InterruptedException {
        ConnectionLimiter limiter = new ConnectionLimiter(limits, metrics);
        SubscriberMemory subscriberMemory = SubscriberMemory.forThisJvm();
        ServerBootstrap b = new ServerBootstrap()
                .group(transport.group())
                .channel(transport.serverChannelType())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.RECVBUF_ALLOCATOR, new AdaptiveRecvByteBufAllocator(64, 2048, MAX_READ_BYTES))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch); // removed by the group itself when the channel closes
                        if (limiter.admit(ch)) {
                            configure(ch.pipeline(), limits, router, metrics, subscriberMemory);
                        }
                    }
                });
        this.serverChannel = b.bind(address).sync().channel();
    }

    /**
     * The per-connection pipeline: one timer for the idle timeout and the head deadline, HTTP/1.1
     * codec (4 KiB request line, 16 KiB of headers), bounded aggregator, then the connection's
     * handlers: the 504 deadlines, the event-stream writer, the pipelining window and the intake
     * that hands requests to the router.
     *
     * @param p the new channel's pipeline
     * @param limits connection limits
     * @param router the REST mapping
     * @param metrics host counters
     * @param subscriberMemory the budget shared by every event stream of the host
     */
    static void configure(ChannelPipeline p, Limits limits, HttpRouter router, HostMetrics metrics,
                          SubscriberMemory subscriberMemory) {
        ConnectionTimer timer = new ConnectionTimer(limits.idleTimeoutMillis(), limits.headerTimeoutMillis());
        // First, next to the socket: answers written while a read is in progress (pipelined
        // requests answered on the event loop) leave in one flush at the end of the read, as
        // Netty's own servers do in channelReadComplete, instead of one system call each; an
        // answer written outside a read (from a service's dispatcher) is flushed at once.
        p.addLast(new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, false));
        // the idle timeout and the head deadline, one timer for both (Netty's IdleStateHandler
        // would make every void-promise write a real promise with a listener)
        p.addLast(timer);
        // Netty's codec refuses more decoded-but-unanswered requests than its pipeline depth; the
        // pipelining window stops reading when full, and one read is at most MAX_READ_BYTES
        // (of requests of at least MIN_REQUEST_BYTES), so two reads past the window always fit
        int depth = limits.pipelineWindow() + 2 * (MAX_READ_BYTES / MIN_REQUEST_BYTES) + 1;
        p.addLast(new HttpServerCodec(new HttpDecoderConfig().setMaxInitialLineLength(MAX_INITIAL_LINE)
                .setMaxHeaderSize(MAX_HEADER_BYTES).setMaxChunkSize(64 * 1024), depth));
        p.addLast(timer.afterCodec());
        p.addLast(new BoundedAggregator(limits.maxRequestBytes()));
        // the connection's 504 deadlines: in the pipeline for its context only (it handles no
        // event, so reads and writes pass it without a hop); the exchanges call it directly
        DeadlineSweep deadlines = new DeadlineSweep();
        p.addLast(deadlines);
        // the event-stream writer nearer the socket than the window: the stream's head, written by
        // the window in request order, passes the writer on its way out, and its events follow it
        EventStreamWriter stream = new EventStreamWriter(limits.sseMaxEvents(), limits.sseMaxBytes(), metrics,
                subscriberMemory);
        p.addLast(stream);
        PipelineWindow window = new PipelineWindow(limits.pipelineWindow(), limits.maxRequestBytes(), metrics, router);
        timer.connection(window);
        p.addLast(window);
        ResponsePath path = new ResponsePath(p.channel(), router, limits.maxRequestBytes(), metrics, deadlines, window,
                stream);
        p.addLast(new HttpConnectionHandler(path, limits, metrics));
    }

    static void configure(ChannelPipeline p, Limits limits, HttpRouter router) {
        configure(p, limits, router, new HostMetrics(), SubscriberMemory.forThisJvm());
    }

    /** @return the bound port */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** @return the connections open now */
    public int openConnections() {
        return connections.size();
    }

    /** Stops accepting connections (open ones keep working). */
    public void stopAccepting() {
        serverChannel.close().syncUninterruptibly();
    }

    /**
     * Closes the listening socket and every open connection; the event loops are the
     * transport's, which its owner stops afterwards. The connections are closed explicitly:
     * Netty 4.2's graceful shutdown of the loops leaves them open for seconds, and a pooled
     * client connection to this host would keep sending requests that no event loop answers any
     * more.
     */
    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
    }

    /**
     * An aggregator that reports an oversized body to the pipelining window, in request order,
     * so that its 413 carries the same JSON error body as every other answer. It answers
     * {@code Expect: 100-continue} itself only when the body will be accepted; other expectations
     * are left to {@link RequestGuard} (417).
     */
    private static final class BoundedAggregator extends HttpObjectAggregator {
        /**
         * The head of a request without a body, held until its empty end, which the decoder
         * passes on right after it (in the same decode): the two become one full request with the
         * empty buffer, without the composite buffer, its component array and the aggregated
         * message the aggregator makes for every request. Event loop only.
         */
        private io.netty.handler.codec.http.HttpRequest bodyless;

        BoundedAggregator(int maxContentLength) {
            super(maxContentLength);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
            if (bodyless != null) {
                io.netty.handler.codec.http.HttpRequest head = bodyless;
                bodyless = null;
                if (msg instanceof io.netty.handler.codec.http.LastHttpContent last && !last.content().isReadable()
                        && last.trailingHeaders().isEmpty() && last.decoderResult().isSuccess()) {
                    last.release();
                    ctx.fireChannelRead(new io.netty.handler.codec.http.DefaultFullHttpRequest(head.protocolVersion(),
                            head.method(), head.uri(), io.netty.buffer.Unpooled.EMPTY_BUFFER, head.headers(),
                            io.netty.handler.codec.http.EmptyHttpHeaders.INSTANCE));
                    return;
                }
                super.channelRead(ctx, head); // anything else: the aggregator's as usual
            }
            if (msg instanceof io.netty.handler.codec.http.HttpRequest req && !(msg instanceof io.netty.handler.codec.http.HttpContent)
                    && req.decoderResult().isSuccess() && hasNoBody(req)) {
                bodyless = req;
                return;
            }
            super.channelRead(ctx, msg);
        }

        /**
         * @return whether the head says there is no body and asks nothing of the aggregator: no
         *     {@code Transfer-Encoding}, no {@code Expect}, no {@code Content-Length} or 0
         */
        private static boolean hasNoBody(io.netty.handler.codec.http.HttpRequest req) {
            io.netty.handler.codec.http.HttpHeaders h = req.headers();
            if (h.contains(io.netty.handler.codec.http.HttpHeaderNames.TRANSFER_ENCODING)
                    || h.contains(io.netty.handler.codec.http.HttpHeaderNames.EXPECT)) {
                return false;
            }
            String length = h.get(io.netty.handler.codec.http.HttpHeaderNames.CONTENT_LENGTH);
            return length == null || length.equals("0");
        }

        @Override
        protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
            if (!HttpUtil.is100ContinueExpected(start) || isContentLengthInvalid(start, maxContentLength)) {
                return null; // oversized: handleOversizedMessage below; unknown: RequestGuard
            }
            return super.newContinueResponse(start, maxContentLength, pipeline);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            // the aggregator releases the message and drops the rest of its body itself; the head
            // goes on (copied, with no body) so that the refusals before the body's come first
            if (oversized instanceof io.netty.handler.codec.http.HttpRequest req) {
                ctx.fireUserEventTriggered(new HttpConnectionHandler.Oversized(new io.netty.handler.codec.http.DefaultFullHttpRequest(
                        req.protocolVersion(), req.method(), req.uri(), io.netty.buffer.Unpooled.EMPTY_BUFFER,
                        req.headers().copy(), io.netty.handler.codec.http.EmptyHttpHeaders.INSTANCE)));
            } else {
                ctx.fireUserEventTriggered(HttpConnectionHandler.OVERSIZED);
            }
        }
    }

    /**
     * Counts open connections, in all and per client address, and turns away those beyond the
     * limits with a 503 written on the bare socket. Thread-safe: called on every event loop.
     */
    private static final class ConnectionLimiter {
        private static final String REFUSAL_BODY = "{\"error\":\"unavailable\",\"message\":\"too many connections"
                + " to this host; retry later\"}";
        private static final byte[] REFUSAL = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                + "Retry-After: 1\r\nConnection: close\r\nContent-Length: " + REFUSAL_BODY.length() + "\r\n\r\n"
                + REFUSAL_BODY).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        private final Limits limits;
        private final HostMetrics metrics;
        private final java.util.concurrent.atomic.AtomicInteger open = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.ConcurrentHashMap<java.net.InetAddress, java.util.concurrent.atomic.AtomicInteger> perClient =
                new java.util.concurrent.ConcurrentHashMap<>();
        private final RateLimitedLog refusals = new RateLimitedLog(System.getLogger(HttpServer.class.getName()));

        ConnectionLimiter(Limits limits, HostMetrics metrics) {
            this.limits = limits;
            this.metrics = metrics;
        }

        boolean admit(SocketChannel ch) {
            java.net.InetAddress client = ch.remoteAddress() == null ? null : ch.remoteAddress().getAddress();
            int total = open.incrementAndGet();
            java.util.concurrent.atomic.AtomicInteger mine = client == null ? new java.util.concurrent.atomic.AtomicInteger()
                    : perClient.computeIfAbsent(client, k -> new java.util.concurrent.atomic.AtomicInteger());
            int fromClient = mine.incrementAndGet();
            ch.closeFuture().addListener(f -> {
                open.decrementAndGet();
                if (client != null && mine.decrementAndGet() == 0) {
                    perClient.remove(client, mine);
                }
            });
            if (total <= limits.maxConnections() && fromClient <= limits.maxConnectionsPerClient()) {
                return true;
            }
            metrics.connectionRefused();
            refusals.log("connection from " + client + " refused: " + (total > limits.maxConnections()
                    ? total - 1 + " connections open (limit " + limits.maxConnections() + ")"
                    : fromClient - 1 + " connections open from that address (limit " + limits.maxConnectionsPerClient() + ")"));
            ch.pipeline().addLast(new io.netty.channel.ChannelInboundHandlerAdapter() {
                @Override
                public void channelActive(ChannelHandlerContext ctx) {
                    ctx.writeAndFlush(io.netty.buffer.Unpooled.wrappedBuffer(REFUSAL)).addListener(ChannelFutureListener.CLOSE);
                }

                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    io.netty.util.ReferenceCountUtil.release(msg);
                }

                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    ctx.close();
                }
            });
            return false;
        }
    }
}
