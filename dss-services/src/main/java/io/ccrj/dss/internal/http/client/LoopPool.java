package io.ccrj.dss.internal.http.client;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.flush.FlushConsolidationHandler;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * One {@link Target}'s connections on one event loop: the idle ones to reuse, the busy ones that
 * may take a pipelined safe request, and new ones opened when neither fits (the policy is
 * {@link HttpClientPool}'s).
 *
 * <h2>Threading</h2>
 * Confined to its event loop: every field is read and written on that loop only, as are the
 * connections' ({@link PooledConnection}), so nothing here needs a lock.
 */
final class LoopPool {
    final Target target;
    final EventLoop loop;
    final Bootstrap bootstrap;
    /** Open connections with nothing in flight, most recently used last. */
    final ArrayDeque<PooledConnection> idle = new ArrayDeque<>();
    /** Open connections with requests in flight. */
    final List<PooledConnection> busy = new ArrayList<>();

    LoopPool(Target target, EventLoop loop) {
        this.target = target;
        this.loop = loop;
        this.bootstrap = target.owner().bootstrap(new InetSocketAddress(target.host, target.port), loop);
    }

    /**
     * Sends a request on this loop: on the warmest idle connection, else (a safe request) behind
     * the least loaded connection that carries only safe requests, else on a new connection.
     *
     * @param request the request (ownership passes)
     * @param callback as {@link HttpClientPool#send}'s
     * @param mayRetry whether it may be sent once more if its connection closes unanswered
     */
    void send(FullHttpRequest request, BiConsumer<FullHttpResponse, Throwable> callback, boolean mayRetry) {
        boolean safe = HttpClientPool.isSafe(request.method());
        PooledConnection c = idle.pollLast(); // the warmest
        while (c != null && !c.ch.isActive()) {
            c.inIdle = false;
            c = idle.pollLast();
        }
        if (c != null) {
            c.inIdle = false;
        }
        if (c == null && safe) {
            for (PooledConnection b : busy) {
                if (b.takesPipelined() && (c == null || b.inFlight.size() < c.inFlight.size())) {
                    c = b;
                }
            }
            if (c != null) {
                target.owner().pipelined.increment();
            }
        }
        if (c == null) {
            c = open();
        }
        c.enqueue(new PendingRequest(request, mayRetry, callback, safe));
    }

    private PooledConnection open() {
        target.owner().opened.increment();
        PooledConnection c = new PooledConnection(this);
        ChannelFuture f = bootstrap.clone().handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                // Requests a task of the event loop writes one after another (a service
                // asking several partners, or one partner several times) leave in one flush
                // when the task ends, instead of one system call each.
                ch.pipeline().addLast(new FlushConsolidationHandler(
                        FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
                ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(HttpClientPool.MAX_RESPONSE_BYTES), c);
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
    void toIdle(PooledConnection c) {
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
    void retry(PendingRequest p) {
        target.owner().retries.increment();
        FullHttpRequest r = p.request;
        r.content().readerIndex(p.bodyIndex);
        send(r, p.callback, false);
    }
}
