package io.ccrj.core.internal;

import io.ccrj.core.Handler;
import org.jctools.queues.MessagePassingQueue;

import java.util.function.Predicate;

/**
 * {@code Arbiter.receive}: one item per firing from one port, one-shot or persistent, with an
 * optional predicate. A persistent receiver with no predicate and no parent on a queue is the hot
 * path: it reuses its spent tasks, so a message costs no allocation once a few tasks circulate.
 *
 * <h2>Task reuse</h2>
 * A task that ran goes back to {@link #spares} from the thread that ran it ({@link ItemTask#spent});
 * a post takes one from there under the port lock before it allocates. Posts take spares one at a
 * time (the port lock orders them), so the spare queue has one consumer at a time; its producers
 * are the queue's workers: one on a one-worker dispatcher (a single-producer queue), several
 * otherwise (a multi-producer one). Only tasks nothing else refers to once they ran are reused: no
 * predicate (a declined item never makes a task), no parent (a choice or interleave keeps its
 * tasks), no asynchronous handler (it completes the task later), and a {@link QueueCore} sink (it
 * drops a task once it ran it; discarded or rejected tasks are never reused).
 *
 * <h2>The direct path</h2>
 * On an unconstrained, pool-backed queue such a receiver takes the direct path
 * ({@link DirectDrain}) instead: its items go to one reusable drain task, with no task per item
 * (on a pool of several workers, the workers take turns at the drain, a share of its items each).
 * It falls back to an ordinary (reused) task when another task follows the drain in the queue.
 * On a pool of several workers only the first such receiver of a queue gets a drain: a drain
 * appends only while it is its queue's only pending task, so two drains on one queue would keep
 * sending each other's items to tasks, paying for the drains' churn on top.
 */
@Internal
public final class SimpleReceiver extends PortReceiver {
    /** Spent tasks kept for reuse at most; beyond that a finished task is left to the collector. */
    private static final int SPARE_TASKS = 64;

    private final Handler<Object> handler;
    private final Predicate<Object> predicate;
    private final Entry entry = new Entry();
    /**
     * Spent tasks for reuse, or {@code null} if this receiver does not reuse them; written before
     * registration, whose port lock publishes it to posters (and the tasks to their runners).
     */
    private MessagePassingQueue<ItemTask> spares;

    @SuppressWarnings("unchecked")
    public SimpleReceiver(boolean persistent, PortCore port, Handler<?> handler, Predicate<?> predicate) {
        super(persistent, port);
        this.handler = (Handler<Object>) handler;
        this.predicate = (Predicate<Object>) predicate;
    }

    /**
     * The direct path ({@link DirectDrain}) when this receiver qualifies, else {@code null};
     * written before registration, whose port lock publishes it to posting threads.
     */
    private DirectDrain direct;

    @Override
    protected void register() {
        if (persistent && predicate == null && parent == null && !(handler instanceof AsyncHandler<?>)
                && sink instanceof QueueCore queue) {
            if (DirectDrain.applies(sink, this) && (queue.runsOnOneThread() || !queue.hasDrain())) {
                direct = new DirectDrain(queue, this);
                queue.addDrain(direct);
            }
            spares = queue.runsOnOneThread() ? TaskQueues.spscBounded(SPARE_TASKS) : TaskQueues.mpscBounded(SPARE_TASKS);
        }
        port.register(entry);
    }

    /** Whether this receiver's tasks go back to it once they ran. */
    boolean reusesTasks() {
        return spares != null;
    }

    /** Keeps a spent, cleared task for a later post (dropped if enough are kept). Running thread. */
    void reuse(ItemTask spent) {
        spares.offer(spent);
    }

    @Override
    protected void unlinkLocked(PortCore from) {
        from.unlinkLocked(entry);
        DirectDrain d = direct;
        if (d != null && sink instanceof QueueCore queue) {
            queue.removeDrain(d);
        }
    }

    @Override
    protected Dispatchable accept(Object stored) {
        if (predicate != null) {
            try {
                if (!predicate.test(CausalEnvelope.item(stored))) {
                    return null;
                }
            } catch (Throwable failure) {
                return new Rejection(failure, CausalEnvelope.causalities(stored), sink);
            }
        }
        DirectDrain d = direct;
        if (d != null) {
            Dispatchable taken = d.offerLocked(stored);
            if (taken != null) {
                return taken;
            }
        }
        MessagePassingQueue<ItemTask> s = spares;
        if (s != null) {
            ItemTask spare = s.poll();
            if (spare != null) {
                return spare.reuse(stored);
            }
        }
        return new ItemTask(sink, this, stored);
    }

    Handler<Object> handler() {
        return handler;
    }

    PortCore port() {
        return port;
    }

    @Override
    public String describe() {
        return (persistent ? "receive(persistent" : "receive(one-shot") + (predicate != null ? ", predicate" : "")
                + ", " + port + (parent != null ? ", in " + parent.describe() : "")
                + (sink != null ? ", on " + sink.sinkName() : "") + ")";
    }

    private final class Entry extends ReceiverEntry {
        @Override
        protected Dispatchable offer(Object stored, PortCore from) {
            return offerLocked(stored, from);
        }

        @Override
        protected boolean isDone() {
            return done;
        }

        @Override
        protected String describe() {
            return SimpleReceiver.this.describe();
        }
    }
}
