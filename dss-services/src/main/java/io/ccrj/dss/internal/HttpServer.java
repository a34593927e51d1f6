package io.ccrj.dss.internal;

import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The Netty side of the host: event loops (epoll where available, else NIO), the pipeline
 * (idle timer, HTTP/1.1 codec, bounded aggregator, {@link HttpConnectionHandler}) and the bound
 * socket. One concern per class, as in Netty's own HTTP examples: this is the bootstrap.
 */
public final class HttpServer implements AutoCloseable {
    /** Limits of a connection. */
    public record Limits(int maxRequestBytes, long idleTimeoutMillis) {
    }

    private final EventLoopGroup group;
    private final Channel serverChannel;

    /** The accepted connections still open (a {@link ChannelGroup} drops closed ones itself). */
    private final ChannelGroup connections = new DefaultChannelGroup("ccrj-http-connections", GlobalEventExecutor.INSTANCE);

    /**
     * Binds and starts serving.
     *
     * @param address where to listen (port 0 picks a free one)
     * @param ioThreads event-loop threads
     * @param limits connection limits
     * @param router the REST mapping
     * @throws InterruptedException if interrupted while binding
     */
    public HttpServer(InetSocketAddress address, int ioThreads, Limits limits, HttpRouter router) throws InterruptedException {
        boolean epoll = Epoll.isAvailable();
        DefaultThreadFactory threads = new DefaultThreadFactory("ccrj-http", true);
        this.group = epoll ? new EpollEventLoopGroup(ioThreads, threads) : new NioEventLoopGroup(ioThreads, threads);
        Class<? extends ServerSocketChannel> channelType = epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(channelType)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch); // removed by the group itself when the channel closes
                        configure(ch.pipeline(), limits, router);
                    }
                });
        try {
            this.serverChannel = b.bind(address).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /**
     * The per-connection pipeline: idle timer, HTTP/1.1 codec (4 KiB request line, 16 KiB of
     * headers), bounded aggregator, connection handler.
     *
     * @param p the new channel's pipeline
     * @param limits connection limits
     * @param router the REST mapping
     */
    static void configure(ChannelPipeline p, Limits limits, HttpRouter router) {
        p.addLast(new IdleStateHandler(0, 0, limits.idleTimeoutMillis(), TimeUnit.MILLISECONDS));
        p.addLast(new HttpServerCodec(4096, 16 * 1024, 64 * 1024));
        p.addLast(new BoundedAggregator(limits.maxRequestBytes()));
        p.addLast(new HttpConnectionHandler(router));
    }

    /** @return the client channel class matching this JVM's transport */
    public static Class<? extends io.netty.channel.socket.SocketChannel> clientChannelType() {
        return Epoll.isAvailable() ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /**
     * @return one of the server's event loops (round robin), as an executor for the handlers of
     *     a service that never blocks
     */
    public java.util.concurrent.Executor nextEventLoop() {
        return group.next();
    }

    /** @return the bound port */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** Stops accepting connections (open ones keep working). */
    public void stopAccepting() {
        serverChannel.close().syncUninterruptibly();
    }

    /**
     * Closes the listening socket and every open connection, then stops the event loops. The
     * connections are closed first and explicitly: Netty 4.2's graceful shutdown leaves them open
     * for seconds, and a pooled client connection to this host would keep sending requests that
     * no event loop answers any more.
     */
    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
        connections.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** An aggregator that reports an oversized body to the connection handler, in request order. */
    private static final class BoundedAggregator extends HttpObjectAggregator {
        BoundedAggregator(int maxContentLength) {
            super(maxContentLength);
        }

        @Override
        protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
            // the aggregator releases the message and drops the rest of its body itself
            ctx.fireUserEventTriggered(HttpConnectionHandler.OVERSIZED);
        }
    }
}
