package io.ccrj.dss.internal.transport;

import io.ccrj.dss.internal.Internal;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * A group of Netty event loops and the channel types that go with them: epoll where the JVM may
 * load Netty's native library ({@link NativeTransport}), else NIO. The host makes one and hands it
 * to its HTTP server (which accepts and serves connections on it) and to its HTTP client pool
 * (whose remote partners' connections live on the same loops), so neither owns the other and a
 * partner called from a handler on a loop is sent and answered on that loop. Whoever makes a
 * transport closes it, after what runs on it.
 *
 * <h2>Threading</h2>
 * Immutable apart from the group's own state; any thread may use it.
 */
@Internal
public final class Transport implements AutoCloseable {
    private final EventLoopGroup group;
    private final boolean epoll;

    /**
     * Starts the event loops (daemon threads).
     *
     * @param ioThreads how many
     * @param threadName the threads' name prefix
     * @throws IllegalArgumentException if {@code ioThreads < 1}
     */
    public Transport(int ioThreads, String threadName) {
        if (ioThreads < 1) {
            throw new IllegalArgumentException("a transport needs at least one event-loop thread, got " + ioThreads);
        }
        this.epoll = NativeTransport.epoll();
        this.group = new MultiThreadIoEventLoopGroup(ioThreads, new DefaultThreadFactory(threadName, true),
                epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    }

    /** {@return the event loops} */
    public EventLoopGroup group() {
        return group;
    }

    /** {@return one of the event loops (round robin), as an executor for work that never blocks} */
    public Executor nextEventLoop() {
        return group.next();
    }

    /** {@return whether the loops are epoll's (else NIO's)} */
    public boolean epoll() {
        return epoll;
    }

    /** {@return the listening channel class that runs on these loops} */
    public Class<? extends ServerSocketChannel> serverChannelType() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** {@return the connecting channel class that runs on these loops} */
    public Class<? extends SocketChannel> clientChannelType() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** Stops the event loops: what is queued on them runs, for at most two seconds. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
