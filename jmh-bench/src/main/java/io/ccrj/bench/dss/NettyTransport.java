package io.ccrj.bench.dss;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The Netty transport of the HTTP baseline server and of its client: native epoll where
 * the platform has it (Linux x86-64, the reference machine), the JDK's NIO selector otherwise.
 * Both sides of a comparison should name the same transport.
 */
public enum NettyTransport {
    /** Native epoll ({@code netty-transport-native-epoll}, linux-x86_64). */
    EPOLL(EpollIoHandler::newFactory, EpollServerSocketChannel.class, EpollSocketChannel.class),
    /** The JDK's NIO selector: works everywhere. */
    NIO(NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel.class);

    static {
        // Every Netty user in this module names a transport before it creates a Netty object, so
        // this is the one place that routes Netty's logging to java.util.logging in every JVM,
        // JMH's forks included (see useJdkLogging).
        useJdkLogging();
    }

    private final Supplier<IoHandlerFactory> ioHandlerFactory;
    /** The listening channel type. */
    public final Class<? extends ServerChannel> serverChannelType;
    /** The connection channel type. */
    public final Class<? extends SocketChannel> socketChannelType;

    NettyTransport(Supplier<IoHandlerFactory> ioHandlerFactory, Class<? extends ServerChannel> serverChannelType,
                   Class<? extends SocketChannel> socketChannelType) {
        this.ioHandlerFactory = ioHandlerFactory;
        this.serverChannelType = serverChannelType;
        this.socketChannelType = socketChannelType;
    }

    /** @return the factory of this transport's I/O handlers, one per event loop */
    public IoHandlerFactory ioHandlerFactory() {
        return ioHandlerFactory.get();
    }

    /**
     * Sends Netty's own logging to {@code java.util.logging}: benchmarks.jar carries log4j 1.2 on
     * its manifest class path for MPJ Express, which Netty would otherwise pick and complain about.
     * Call first thing in a {@code main}.
     */
    public static void useJdkLogging() {
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
    }

    /** @return epoll when available, NIO otherwise */
    public static NettyTransport best() {
        return Epoll.isAvailable() ? EPOLL : NIO;
    }

    /**
     * The transport named {@code name}: {@code auto} ({@link #best()}), {@code epoll} or {@code nio}.
     *
     * @throws IllegalArgumentException for another name, or {@code epoll} where it is unavailable
     *     (with the reason Netty gives)
     */
    public static NettyTransport named(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> best();
            case "nio" -> NIO;
            case "epoll" -> {
                if (!Epoll.isAvailable()) {
                    throw new IllegalArgumentException("transport epoll is not available here: " + Epoll.unavailabilityCause());
                }
                yield EPOLL;
            }
            default -> throw new IllegalArgumentException("unknown transport '" + name + "': expected auto, epoll or nio");
        };
    }
}
