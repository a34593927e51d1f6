package io.ccrj.dss.internal.http.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.ScheduledFuture;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One pooled client connection, and the last handler of its pipeline: its requests in flight,
 * answered in order; the one deadline timer for them; and what happens to them when it closes
 * (an idempotent request is sent once more on a fresh connection, the others fail).
 *
 * <h2>Threading</h2>
 * Runs on its pool's event loop (the channel is registered there), as does every caller of its
 * methods: its fields need no synchronization.
 */
final class PooledConnection extends SimpleChannelInboundHandler<FullHttpResponse> {
    final LoopPool pool;
    /** How long a request may wait for its answer (the pool's). */
    private final long responseTimeoutNanos;
    Channel ch;
    final ArrayDeque<PendingRequest> inFlight = new ArrayDeque<>(4);
    boolean isConnected;
    /** Whether it is in its pool's idle deque. */
    boolean inIdle;
    /** No more requests: the server said it closes, or this side is closing it. */
    boolean closing;
    /** Why this side closed the connection, or {@code null} (then a close is the server's). */
    Throwable closeCause;
    /**
     * The one deadline timer of this connection, armed while requests are in flight: it checks
     * the oldest request's deadline (the earliest, answers come in order) and re-arms for the
     * next, so a request costs no timer of its own.
     */
    ScheduledFuture<?> sweep;

    PooledConnection(LoopPool pool) {
        this.pool = pool;
        this.responseTimeoutNanos = pool.target.owner().responseTimeoutNanos();
    }

    boolean takesPipelined() {
        return !closing && inFlight.size() < HttpClientPool.MAX_PIPELINE && allSafe();
    }

    private boolean allSafe() {
        for (PendingRequest p : inFlight) {
            if (!p.safe) {
                return false;
            }
        }
        return true;
    }

    void enqueue(PendingRequest p) {
        if (inIdle) { // connected at once, before its first request was queued
            pool.idle.remove(this);
            inIdle = false;
        }
        if (inFlight.isEmpty()) {
            pool.busy.add(this);
        }
        inFlight.add(p);
        p.deadline = System.nanoTime() + responseTimeoutNanos;
        if (sweep == null) {
            sweep = pool.loop.schedule(this::sweep, responseTimeoutNanos, TimeUnit.NANOSECONDS);
        }
        if (isConnected) {
            write(p);
            ch.flush();
        }
    }

    private void write(PendingRequest p) {
        FullHttpRequest r = p.request;
        p.written = true;
        // a void promise: no promise and no listener per request; a failed write reaches
        // exceptionCaught below instead, which closes the connection with its cause as the
        // listener did (the requests in flight are then retried or failed in channelInactive)
        ch.write(r, ch.voidPromise());
    }

    void connected() {
        isConnected = true;
        if (inFlight.isEmpty()) {
            pool.toIdle(this);
            return;
        }
        for (PendingRequest p : inFlight) {
            write(p);
        }
        ch.flush();
    }

    void connectFailed(Throwable cause) {
        pool.busy.remove(this);
        cancelSweep();
        for (PendingRequest p; (p = inFlight.poll()) != null; ) {
            p.request.release(); // never written
            p.releaseRetry();
            p.callback.accept(null, cause);
        }
    }

    private void sweep() {
        sweep = null;
        PendingRequest oldest = inFlight.peek();
        if (oldest == null || closing && closeCause != null) {
            return;
        }
        long left = oldest.deadline - System.nanoTime();
        if (left <= 0) {
            closeWith(new TimeoutException("no answer from " + pool.target.host + ":" + pool.target.port
                    + " within " + TimeUnit.NANOSECONDS.toMillis(responseTimeoutNanos) + " ms"));
        } else {
            sweep = pool.loop.schedule(this::sweep, left, TimeUnit.NANOSECONDS);
        }
    }

    private void cancelSweep() {
        if (sweep != null) {
            sweep.cancel(false);
            sweep = null;
        }
    }

    private void closeWith(Throwable cause) {
        if (closeCause == null) {
            closeCause = cause;
        }
        closing = true;
        ch.close();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse res) {
        PendingRequest p = inFlight.poll();
        if (p == null) {
            closeWith(new IOException("an answer to no request from " + pool.target.host + ":" + pool.target.port));
            return;
        }
        p.releaseRetry();
        if (!HttpUtil.isKeepAlive(res) || !res.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            closing = true; // the server closes: the requests behind this one are sent again or failed
            ctx.close();
        } else if (inFlight.isEmpty()) {
            // Back in the pool BEFORE the caller hears the answer: a caller that sends its next
            // request as soon as this one completes then finds this connection idle instead of
            // opening a new one. Safe: this request is done with it, and the response stays
            // readable until channelRead0 returns (the handler releases it then).
            pool.toIdle(this);
        }
        p.callback.accept(res, null);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        closing = true;
        if (inIdle) {
            pool.idle.remove(this);
            inIdle = false;
        }
        pool.busy.remove(this);
        Throwable cause = closeCause != null ? closeCause : new ClosedChannelException();
        cancelSweep();
        for (PendingRequest p; (p = inFlight.poll()) != null; ) {
            if (!p.written) { // the connection closed while connecting
                p.request.release();
            }
            if (p.retryable && HttpClientPool.isClosedByPeer(cause)) {
                pool.retry(p); // once: the retry keeps no second reference, the one kept here is its own
            } else {
                p.releaseRetry();
                p.callback.accept(null, HttpClientPool.isClosedByPeer(cause) ? new ConnectionClosedException(
                        pool.target.host + ":" + pool.target.port + " closed the connection before answering;"
                                + " the request was not sent again (its method is not idempotent, or it was"
                                + " sent again once already)", cause) : cause);
            }
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        closeWith(cause);
    }
}
