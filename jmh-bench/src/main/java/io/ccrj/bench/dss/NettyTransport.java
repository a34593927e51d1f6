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
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The Netty transport of the HTTP baseline server and of the load generators: native epoll where
 * the platform has it (Linux x86-64, the reference machine), the JDK's NIO selector otherwise.
 * Both sides of a comparison should name the same transport.
 */
public enum NettyTransport {
    /** Native epoll ({@code netty-transport-native-epoll}, linux-x86_64). */
    EPOLL(EpollIoHandler::newFactory, EpollServerSocketChannel.class, EpollSocketChannel.class, Epoll::isAvailable),
    /** The JDK's NIO selector: works everywhere. */
    NIO(NioIoHandler::newFactory, NioServerSocketChannel.class, NioSocketChannel.class, () -> true);

    static {
        // Every Netty user in this module names a transport before it creates a Netty object, so
        // this is the one place that routes Netty's logging to java.util.logging in every JVM,
        // JMH's forks included (see useJdkLogging).
        useJdkLogging();
    }

    private final Supplier<IoHandlerFactory> ioHandlerFactory;
    private final Class<? extends ServerChannel> serverChannelType;
    private final Class<? extends SocketChannel> socketChannelType;
    private final BooleanSupplier available;

    NettyTransport(Supplier<IoHandlerFactory> ioHandlerFactory, Class<? extends ServerChannel> serverChannelType,
                   Class<? extends SocketChannel> socketChannelType, BooleanSupplier available) {
        this.ioHandlerFactory = ioHandlerFactory;
        this.serverChannelType = serverChannelType;
        this.socketChannelType = socketChannelType;
        this.available = available;
    }

    /** @return the factory of this transport's I/O handlers, one per event loop */
    public IoHandlerFactory ioHandlerFactory() {
        return ioHandlerFactory.get();
    }

    /** @return the listening channel type */
    public Class<? extends ServerChannel> serverChannelType() {
        return serverChannelType;
    }

    /** @return the connection channel type */
    public Class<? extends SocketChannel> socketChannelType() {
        return socketChannelType;
    }

    /** @return whether this transport works on this machine */
    public boolean isAvailable() {
        return available.getAsBoolean();
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
        return EPOLL.isAvailable() ? EPOLL : NIO;
    }

    /**
     * The transport named {@code name}: {@code auto} ({@link #best()}), {@code epoll} or {@code nio}.
     *
     * @throws IllegalArgumentException for another name, or {@code epoll} where it is unavailable
     *     (with the reason Netty gives)
     */
    public static NettyTransport named(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.equals("auto")) {
            return best();
        }
        NettyTransport t;
        try {
            t = valueOf(n.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown transport '" + name + "': expected auto, epoll or nio", e);
        }
        if (!t.isAvailable()) {
            throw new IllegalArgumentException("transport epoll is not available here: " + Epoll.unavailabilityCause());
        }
        return t;
    }
}
