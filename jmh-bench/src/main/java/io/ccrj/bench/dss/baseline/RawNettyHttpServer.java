package io.ccrj.bench.dss.baseline;

import io.ccrj.bench.dss.NettyTransport;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.GlobalEventExecutor;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The raw Netty HTTP/1.1 baseline of the dss-services benchmarks: a keep-alive server with the
 * minimum pipeline (codec, aggregator, {@link RawPingHandler}) answering the ping service's Get and
 * Submit with the same JSON as the DSS host's ping service. The DSS host's HTTP figures are
 * ratios to it, measured with the same load generator (committed figures in docs/results.md).
 *
 * <p>One event loop group does both accepting and I/O ({@code ioThreads} threads, 1 by default:
 * on the 2-core reference machine the other core belongs to the client). Thread-safe; start, then
 * {@link #close()}.
 *
 * <p>Standalone, for {@code wrk} or another process:
 * {@code java -cp benchmarks.jar io.ccrj.bench.dss.baseline.RawNettyHttpServer [--port 8080]
 * [--io-threads 1] [--transport auto|epoll|nio]}.
 */
public final class RawNettyHttpServer implements AutoCloseable {
    /** Largest request body accepted (larger: 413). */
    private static final int MAX_REQUEST_BYTES = 1 << 20;

    private final EventLoopGroup group;
    private final Channel listener;
    private final RawPingHandler handler = new RawPingHandler();
    /** Open connections, closed explicitly by {@link #close()} so that clients see the close at once. */
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final NettyTransport transport;

    private RawNettyHttpServer(String host, int port, int ioThreads, NettyTransport transport) throws InterruptedException {
        this.transport = transport;
        this.group = new MultiThreadIoEventLoopGroup(ioThreads, transport.ioHandlerFactory());
        try {
            listener = new ServerBootstrap()
                    .group(group)
                    .channel(transport.serverChannelType)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            connections.add(ch);
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(MAX_REQUEST_BYTES), handler);
                        }
                    })
                    .bind(host, port).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw e;
        }
    }

    /**
     * Starts the server.
     *
     * @param host address to bind
     * @param port port, 0 for an ephemeral one ({@link #port()})
     * @param ioThreads event loop threads (accept and I/O)
     * @param transport epoll or NIO
     */
    public static RawNettyHttpServer start(String host, int port, int ioThreads, NettyTransport transport)
            throws InterruptedException {
        return new RawNettyHttpServer(host, port, ioThreads, transport);
    }

    /** @return the bound port */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** @return {@code http://127.0.0.1:port} (no trailing slash) */
    public String baseUrl() {
        return "http://" + ((InetSocketAddress) listener.localAddress()).getAddress().getHostAddress() + ":" + port();
    }

    /** @return the transport it runs on */
    public NettyTransport transport() {
        return transport;
    }

    /** @return pings answered so far */
    public long pingCount() {
        return handler.count();
    }

    /** Stops listening, closes every connection and stops the I/O threads; idempotent. */
    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return;
        }
        listener.close().syncUninterruptibly();
        connections.close().syncUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** Runs the server until the process is killed; options in the class comment. */
    public static void main(String[] args) throws InterruptedException {
        NettyTransport.useJdkLogging();
        int port = 8080;
        int ioThreads = 1;
        String host = "127.0.0.1";
        NettyTransport transport = NettyTransport.best();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--io-threads" -> ioThreads = Integer.parseInt(args[++i]);
                case "--host" -> host = args[++i];
                case "--transport" -> transport = NettyTransport.named(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (expected --port N, --io-threads N, --host H, --transport auto|epoll|nio)");
            }
        }
        RawNettyHttpServer server = start(host, port, ioThreads, transport);
        System.out.println("raw Netty HTTP baseline on " + server.baseUrl() + " (" + transport + ", " + ioThreads
                + " I/O thread(s)): GET " + RawPingHandler.PING_PATH + ", POST " + RawPingHandler.PING_ACTION_PATH);
        server.listener.closeFuture().sync();
    }
}
