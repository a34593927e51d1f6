package io.ccrj.dss.internal.http.server;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * A connection's one timer, for its two time limits: the idle timeout and the request-head
 * deadline.
 *
 * <p><b>Idle timeout.</b> Fires {@link IdleStateEvent#ALL_IDLE_STATE_EVENT} (then again every
 * period while the connection stays idle) when neither a read nor a flushed write happened for the
 * idle timeout, as Netty's {@code IdleStateHandler(0, 0, timeout)} does, without its per-write
 * cost: Netty's handler, watching writes, turns every write's promise into a real one and adds a
 * listener to it ({@code promise.unvoid()}), even for the void-promise writes of
 * the connection's handlers. This one records activity as a time stamp: after a read (once per
 * socket read, in {@code channelReadComplete}) and at each flush, which is when an answer is
 * handed to the socket. Like Netty's handler with its default {@code observeOutput = false}, an
 * answer a client never reads counts as activity once, when it was flushed.
 *
 * <p><b>Head deadline</b> (slowloris). The first byte of a request starts the head's time, which
 * only the whole head (request line and headers, seen by {@link #afterCodec()}) stops; bytes that
 * trickle in do not extend it, unlike the idle timeout. When it runs out, the connection handler
 * answers 408 in request order and closes. While the host itself has stopped reading (the
 * pipelining window is full) the deadline waits.
 *
 * <p><b>One timer.</b> It is armed when the channel becomes active and, whenever it fires, checks
 * both limits against their time stamps and re-arms for the earlier of what is left. While the
 * connection has had traffic within the head deadline it is re-armed at most that far ahead, so a
 * head starting later finds it early enough: a busy keep-alive connection schedules about one
 * timer per head-deadline period and none per request. Only a head that starts after a quiet
 * spell, when the timer waits for the idle timeout, brings it forward (one cancel and one
 * schedule).
 *
 * <h2>Threading</h2>
 * Every method, of this handler and of {@link #afterCodec()}'s, runs on the channel's event loop,
 * the only thread touching the fields.
 */
final class ConnectionTimer extends ChannelDuplexHandler {
    private final long idleNanos;
    private final long headNanos;
    /** The one task every arming schedules (no lambda per schedule). */
    private final Runnable check = this::check;
    private PipelineWindow connection;
    private ChannelHandlerContext ctx;
    private ScheduledFuture<?> timer;
    /** When {@link #timer} fires ({@link System#nanoTime}), valid while it is not {@code null}. */
    private long timerAt;
    private boolean closed;

    /** When the last read completed or the last flush was asked ({@link System#nanoTime}). */
    private long lastActivity;
    /** Whether a read is in progress (no idle event then: the read's completion counts). */
    private boolean reading;

    /** Between the end of one request and the head of the next. */
    private boolean betweenRequests = true;
    /** Whether a head has started (its first byte read) and is not complete yet. */
    private boolean headPending;
    /** When the pending head started ({@link System#nanoTime}). */
    private long headStartNanos;
    /** Whether the head deadline ran out (the 408 is on its way; nothing more to time). */
    private boolean headTimedOut;

    /**
     * @param idleTimeoutMillis no traffic this long makes the connection idle; 0 or less turns the
     *     idle timeout off
     * @param headTimeoutMillis the time a request head may take from its first byte; 0 or less
     *     turns the head deadline off
     */
    ConnectionTimer(long idleTimeoutMillis, long headTimeoutMillis) {
        this.idleNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(0, idleTimeoutMillis));
        this.headNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(0, headTimeoutMillis));
    }

    /** The handler whose {@link PipelineWindow#isReadingPaused()} holds the head deadline back. */
    void connection(PipelineWindow handler) {
        this.connection = handler;
    }

    /**
     * @return the handler to put after the HTTP codec: it sees each decoded head (which stops the
     *     head's time) and each request's end (after which the next byte starts a new head)
     */
    ChannelInboundHandlerAdapter afterCodec() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
                if (msg instanceof HttpRequest) {
                    betweenRequests = false;
                    headPending = false; // the timer stays: the next head may use it
                }
                if (msg instanceof LastHttpContent) {
                    betweenRequests = true;
                }
                super.channelRead(ctx, msg);
            }
        };
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (ctx.channel().isActive() && ctx.channel().isRegistered()) {
            start();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start();
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        stop();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        stop();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        reading = true;
        if (headNanos != 0 && betweenRequests && !headPending && msg instanceof ByteBuf b && b.isReadable()) {
            headPending = true;
            headStartNanos = System.nanoTime();
            armBy(headStartNanos + headNanos);
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
        if (reading) {
            reading = false;
            lastActivity = System.nanoTime();
        }
        ctx.fireChannelReadComplete();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        ctx.write(msg, promise); // the promise passes as it came: a void one stays void
    }

    @Override
    public void flush(ChannelHandlerContext ctx) throws Exception {
        lastActivity = System.nanoTime();
        ctx.flush();
    }

    private void start() {
        if (timer != null || closed) {
            return;
        }
        lastActivity = System.nanoTime();
        if (idleNanos != 0) {
            arm(lastActivity + idleNanos);
        }
    }

    /** Makes sure the timer fires by {@code at}: kept if it does, else (re)armed for {@code at}. */
    private void armBy(long at) {
        if (closed) {
            return;
        }
        if (timer != null) {
            if (timerAt - at <= 0) {
                return;
            }
            timer.cancel(false);
        }
        arm(at);
    }

    private void arm(long at) {
        timerAt = at;
        timer = ctx.executor().schedule(check, Math.max(0, at - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** The timer fired: checks both limits and arms it for the earlier of what is left. */
    private void check() {
        timer = null;
        if (closed || !ctx.channel().isOpen()) {
            return;
        }
        long now = System.nanoTime();
        long next = Long.MAX_VALUE; // as a difference from now: the earliest time something is due
        boolean idleEvent = false;
        boolean headEvent = false;
        if (headNanos != 0 && headPending && !headTimedOut) {
            long left = headStartNanos + headNanos - now;
            if (left <= 0 && connection != null && connection.isReadingPaused()) {
                headStartNanos = now; // the host stopped reading, not the client: give it the time again
                left = headNanos;
            }
            if (left <= 0) {
                headTimedOut = true;
                headEvent = true;
            } else {
                next = left;
            }
        }
        if (idleNanos != 0) {
            long left = lastActivity + idleNanos - now;
            if (reading) {
                left = idleNanos; // a read in progress: its completion counts
            } else if (left <= 0) {
                idleEvent = true;
                left = idleNanos; // idle: fire again a period from now if it stays idle
            }
            next = Math.min(next, left);
        }
        if (headNanos != 0 && !headTimedOut && now - lastActivity < headNanos) {
            // traffic within the last head period: stay at most that far ahead, so that the next
            // head's first byte finds the timer early enough and needs no scheduling of its own
            next = Math.min(next, headNanos);
        }
        if (next != Long.MAX_VALUE) {
            arm(now + next);
        }
        if (headEvent) {
            ctx.pipeline().fireUserEventTriggered(HttpConnectionHandler.HEAD_TIMEOUT);
        }
        if (idleEvent && ctx.channel().isOpen()) {
            ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
        }
    }

    private void stop() {
        closed = true;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
