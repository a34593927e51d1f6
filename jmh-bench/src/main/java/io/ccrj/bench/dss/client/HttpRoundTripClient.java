package io.ccrj.bench.dss.client;

import io.ccrj.bench.dss.NettyTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ManualIoEventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One keep-alive HTTP/1.1 connection driven by the calling thread: {@link #exchange()} writes the
 * request and runs the connection's I/O on the same thread until the whole response is in, so a
 * round trip costs the server and the socket, not a hand-off between a client I/O thread and the
 * caller (a cross-core wake-up costs tens of microseconds on a small virtual machine: see the
 * park/unpark figure in docs/platform.md). The JDK's {@code HttpClient} adds a hand-off of its
 * own per request and is not used.
 *
 * <p>Built on Netty's {@link ManualIoEventLoop}: the event loop has no thread of its own and only
 * moves while the owning thread is inside {@link #exchange} or {@link #exchangeAll}, blocking in
 * {@code epoll_wait} (or a NIO select) in between, like a blocking socket read.
 *
 * <p><b>Threading:</b> confined to the thread that called {@link #connect}; every method throws
 * {@link IllegalStateException} on another thread. A JMH {@code @State(Scope.Thread)} set up at
 * {@code Level.Trial} satisfies this (JMH runs it on the benchmark thread).
 *
 * <pre>{@code
 * try (var client = HttpRoundTripClient.connect(HttpRequestSpec.get("http://127.0.0.1:8080/services/ping"))) {
 *     HttpReply reply = client.exchange();          // 200 {"count":0}
 * }
 * }</pre>
 */
public final class HttpRoundTripClient implements AutoCloseable {
    /** Largest response body accepted. */
    private static final int MAX_RESPONSE_BYTES = 16 << 20;

    /** Where the connection goes, for messages. */
    private final String address;
    /** The request {@link #exchange()} sends, encoded once; sent as a duplicate. */
    private final ByteBuf encodedRequest;
    /** {@link #exchangeAll}'s requests, each encoded once (a benchmark times the connection, not the encoder). */
    private final IdentityHashMap<HttpRequestSpec, ByteBuf> encoded = new IdentityHashMap<>();
    private final ManualIoEventLoop loop;
    /** Set once connected. */
    private Channel channel;
    private final long timeoutNanos;
    /** Responses in arrival order, not yet handed out; touched only by the owning thread. */
    private final ArrayDeque<HttpReply> replies = new ArrayDeque<>();
    private Throwable failure;
    private long exchanged;

    private HttpRoundTripClient(HttpRequestSpec request, ManualIoEventLoop loop, long timeoutNanos) {
        this.address = request.host() + ":" + request.port();
        this.encodedRequest = request.encoded();
        this.loop = loop;
        this.timeoutNanos = timeoutNanos;
    }

    /** Connects to {@code request}'s host and port with the best transport and a 10 s timeout. */
    public static HttpRoundTripClient connect(HttpRequestSpec request) throws IOException {
        return connect(request, NettyTransport.best(), Duration.ofSeconds(10));
    }

    /**
     * Connects to {@code request}'s host and port.
     *
     * @param request the request {@link #exchange()} sends
     * @param transport epoll or NIO
     * @param timeout connect timeout, and the longest wait for one response
     * @throws ConnectException naming the address when the connection cannot be made
     */
    public static HttpRoundTripClient connect(HttpRequestSpec request, NettyTransport transport, Duration timeout)
            throws IOException {
        ManualIoEventLoop loop = new ManualIoEventLoop(Thread.currentThread(), transport.ioHandlerFactory());
        HttpRoundTripClient client = new HttpRoundTripClient(request, loop, timeout.toNanos());
        ChannelFuture connected = new Bootstrap()
                .group(loop)
                .channel(transport.socketChannelType)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpResponseDecoder(), new HttpObjectAggregator(MAX_RESPONSE_BYTES),
                                client.new ReplyHandler());
                    }
                })
                .connect(request.address());
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!connected.isDone() && System.nanoTime() - deadline < 0) {
            loop.run(TimeUnit.MILLISECONDS.toNanos(10));
        }
        if (!connected.isSuccess()) {
            Throwable cause = connected.cause();
            shutdown(loop);
            ConnectException e = new ConnectException("cannot connect to " + client.address + ": "
                    + (cause == null ? "timed out after " + timeout.toMillis() + " ms" : cause.getMessage()));
            e.initCause(cause);
            throw e;
        }
        client.channel = connected.channel();
        return client;
    }

    /** @return responses received on this connection so far */
    public long exchanged() {
        return exchanged;
    }

    /**
     * Sends the connection's request and waits for its response: one two-way round trip.
     *
     * @throws IOException when the connection fails or closes, or no response comes within the timeout
     */
    public HttpReply exchange() throws IOException {
        channel.writeAndFlush(encodedRequest.duplicate(), channel.voidPromise());
        return awaitReplies(1).getFirst();
    }

    /**
     * Pipelines {@code requests} (HTTP/1.1 pipelining: all written before any response is read)
     * on this connection and returns their responses in arrival order, which a correct server makes
     * the order of the requests. Host and port of the specs are ignored: they go to this connection.
     */
    public List<HttpReply> exchangeAll(List<HttpRequestSpec> requests) throws IOException {
        for (HttpRequestSpec r : requests) {
            channel.write(encoded.computeIfAbsent(r, HttpRequestSpec::encoded).duplicate(), channel.voidPromise());
        }
        channel.flush();
        return awaitReplies(requests.size());
    }

    private List<HttpReply> awaitReplies(int n) throws IOException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (replies.size() < n) {
            if (failure != null) {
                throw new IOException("connection to " + address + " failed after " + exchanged + " responses: " + failure,
                        failure);
            }
            if (!channel.isActive()) {
                throw new IOException("connection to " + address + " closed by peer after " + exchanged + " responses, "
                        + (n - replies.size()) + " outstanding");
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IOException("no response from " + address + " within "
                        + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms (" + replies.size() + " of " + n + ")");
            }
            loop.run(left);
        }
        List<HttpReply> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(replies.poll());
        }
        exchanged += n;
        return out;
    }

    /** Closes the connection and stops its event loop. */
    @Override
    public void close() {
        channel.close();
        shutdown(loop);
    }

    private static void shutdown(ManualIoEventLoop loop) {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        while (!loop.isTerminated()) {
            loop.run(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    /** Moves complete responses into the client's queue; runs on the owning thread. */
    private final class ReplyHandler extends SimpleChannelInboundHandler<FullHttpResponse> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse msg) {
            if (msg.decoderResult().isFailure()) {
                failure = msg.decoderResult().cause();
                ctx.close();
                return;
            }
            replies.add(new HttpReply(msg.status().code(), msg.headers().get(HttpHeaderNames.CONTENT_TYPE),
                    ByteBufUtil.getBytes(msg.content())));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            failure = cause;
            ctx.close();
        }
    }
}
