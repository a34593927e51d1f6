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

/**
 * The Netty transport of the HTTP baseline server and of the load generators: native epoll where
 * the platform has it (Linux x86-64, the reference machine), the JDK's NIO selector otherwise.
 * Both sides of a comparison should name the same transport.
 */
public enum NettyTransport {
    /** Native epoll ({@code netty-transport-native-epoll}, linux-x86_64). */
    EPOLL {
        @Override
        public IoHandlerFactory ioHandlerFactory() {
            return EpollIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelType() {
            return EpollServerSocketChannel.class;
        }

        @Override
        public Class<? extends SocketChannel> socketChannelType() {
            return EpollSocketChannel.class;
        }

        @Override
        public boolean isAvailable() {
            return Epoll.isAvailable();
        }
    },
    /** The JDK's NIO selector: works everywhere. */
    NIO {
        @Override
        public IoHandlerFactory ioHandlerFactory() {
            return NioIoHandler.newFactory();
        }

        @Override
        public Class<? extends ServerChannel> serverChannelType() {
            return NioServerSocketChannel.class;
        }

        @Override
        public Class<? extends SocketChannel> socketChannelType() {
            return NioSocketChannel.class;
        }

        @Override
        public boolean isAvailable() {
            return true;
        }
    };

    /** @return the factory of this transport's I/O handlers, one per event loop */
    public abstract IoHandlerFactory ioHandlerFactory();

    /** @return the listening channel type */
    public abstract Class<? extends ServerChannel> serverChannelType();

    /** @return the connection channel type */
    public abstract Class<? extends SocketChannel> socketChannelType();

    /** @return whether this transport works on this machine */
    public abstract boolean isAvailable();

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
