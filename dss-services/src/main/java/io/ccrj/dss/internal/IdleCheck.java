package io.ccrj.dss.internal;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.concurrent.TimeUnit;

/**
 * The connection's idle timer: fires {@link IdleStateEvent#ALL_IDLE_STATE_EVENT} (then again
 * every period while the connection stays idle) when neither a read nor a flushed write happened
 * for the idle timeout, as Netty's {@code IdleStateHandler(0, 0, timeout)} does, without its
 * per-write cost.
 *
 * <p>Netty's handler, watching writes, turns every write's promise into a real one and adds a
 * listener to it ({@code promise.unvoid()}): one promise and one listener call per answer, even
 * for the void-promise writes of {@link HttpConnectionHandler}. This one records activity as a
 * time stamp: after a read (once per socket read, in {@code channelReadComplete}) and at each
 * flush, which is when an answer is handed to the socket. Like Netty's handler with its default
 * {@code observeOutput = false}, an answer a client never reads counts as activity once, when it
 * was flushed; afterwards the connection is idle.
 *
 * <p>One timer per connection: armed when the channel becomes active and re-armed when it fires
 * for the time left since the last activity, so a busy connection schedules one timer per idle
 * period, never one per request.
 *
 * <h2>Threading</h2>
 * Every method runs on the channel's event loop, the only thread touching the fields.
 */
final class IdleCheck extends ChannelDuplexHandler {
    private final long timeoutNanos;
    /** When the last read completed or the last flush was asked ({@link System#nanoTime}). */
    private long lastActivity;
    /** Whether a read is in progress (no idle event then: the read's completion counts). */
    private boolean reading;
    private ScheduledFuture<?> timer;
    private boolean closed;

    /**
     * @param timeoutMillis no traffic this long makes the connection idle; 0 or less turns the check off
     */
    IdleCheck(long timeoutMillis) {
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMillis));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive() && ctx.channel().isRegistered()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start(ctx);
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

    private void start(ChannelHandlerContext ctx) {
        if (timeoutNanos == 0 || timer != null || closed) {
            return;
        }
        lastActivity = System.nanoTime();
        arm(ctx, timeoutNanos);
    }

    private void arm(ChannelHandlerContext ctx, long delayNanos) {
        timer = ctx.executor().schedule(() -> fire(ctx), delayNanos, TimeUnit.NANOSECONDS);
    }

    private void fire(ChannelHandlerContext ctx) {
        timer = null;
        if (closed || !ctx.channel().isOpen()) {
            return;
        }
        long left = lastActivity + timeoutNanos - System.nanoTime();
        if (reading || left > 0) {
            arm(ctx, reading ? timeoutNanos : left); // activity since: wait for the rest of its period
            return;
        }
        arm(ctx, timeoutNanos); // idle: fire again a period from now if it stays idle
        ctx.fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    }

    private void stop() {
        closed = true;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }
}
