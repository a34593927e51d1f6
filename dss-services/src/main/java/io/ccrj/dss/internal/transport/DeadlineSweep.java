package io.ccrj.dss.internal.transport;

import io.ccrj.dss.internal.Internal;
import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The deadlines of one connection's unanswered requests (the host's 504), swept by one timer:
 * instead of a timer scheduled and cancelled per request (a scheduled-task-queue insertion and
 * removal on the event loop for every answer), the pending sweep is kept while requests come and
 * go, so a busy connection schedules about one sweep per timeout period.
 *
 * <p>A handler in the channel's pipeline only to own the connection's context (its event loop and
 * timer); it handles no inbound or outbound event, so Netty's pipeline passes every read and write
 * by it without a hop: the connection calls {@link #deadline} and {@link #done} directly.
 *
 * <p>A deadline still pending when the channel closes still fires: its task answers (faults) the
 * request, which is what stops a handler that answers later from committing a change no client
 * will be told of.
 *
 * <h2>Threading</h2>
 * Every field, and each {@link Deadline}'s {@code done}, is touched on the channel's event loop
 * only; {@link #deadline} hops there when called from elsewhere (before any {@link #done} of the
 * same deadline, which the event loop's FIFO order keeps after it).
 */
@Internal
public final class DeadlineSweep extends ChannelHandlerAdapter {
    private final ArrayDeque<Deadline> deadlines = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    /** The pending sweep, or {@code null}; fires at {@link #sweepAtNanos}. */
    private ScheduledFuture<?> sweep;
    private long sweepAtNanos;

    /**
     * A request's deadline: its task runs on the event loop if the deadline is not {@link #done}
     * by then. {@code done} is written and read on the event loop only.
     */
    @Internal
    public static final class Deadline {
        private final long atNanos;
        private final Runnable task;
        private boolean done;

        private Deadline(long atNanos, Runnable task) {
            this.atNanos = atNanos;
            this.task = task;
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    /**
     * Registers a deadline with the sweep; any thread.
     *
     * @param millis from now
     * @param task run on the event loop then, unless {@link #done} was called first
     * @return the deadline, to hand to {@link #done}
     */
    public Deadline deadline(long millis, Runnable task) {
        Deadline d = new Deadline(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), task);
        if (ctx.executor().inEventLoop()) {
            register(d);
        } else {
            ctx.executor().execute(() -> register(d)); // before any done(d): same loop, FIFO
        }
        return d;
    }

    private void register(Deadline d) {
        if (d.done) {
            return;
        }
        deadlines.addLast(d);
        if (sweep == null || d.atNanos - sweepAtNanos < 0) {
            scheduleSweep(d.atNanos);
        }
    }

    private void scheduleSweep(long atNanos) {
        if (sweep != null) {
            sweep.cancel(false);
        }
        sweepAtNanos = atNanos;
        sweep = ctx.executor().schedule(this::sweep, Math.max(0, atNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /**
     * Marks a deadline met (its task will not run); met deadlines at the head leave at once, so
     * the deque stays short. Event loop only.
     *
     * @param d the deadline
     */
    public void done(Deadline d) {
        d.done = true;
        while (!deadlines.isEmpty() && deadlines.peekFirst().done) {
            deadlines.pollFirst();
        }
    }

    /** Runs the tasks of the expired deadlines, then waits for the earliest one left. */
    private void sweep() {
        sweep = null;
        long now = System.nanoTime();
        List<Deadline> expired = null;
        long next = 0;
        boolean any = false;
        for (Iterator<Deadline> it = deadlines.iterator(); it.hasNext(); ) {
            Deadline d = it.next();
            if (d.done) {
                it.remove();
            } else if (d.atNanos - now <= 0) {
                it.remove();
                d.done = true;
                if (expired == null) {
                    expired = new ArrayList<>();
                }
                expired.add(d);
            } else if (!any || d.atNanos - next < 0) {
                next = d.atNanos;
                any = true;
            }
        }
        if (any) {
            scheduleSweep(next);
        }
        if (expired != null) {
            // after the iteration: a task answers its request, which may come back to done()
            for (Deadline d : expired) {
                d.task.run();
            }
        }
    }
}
