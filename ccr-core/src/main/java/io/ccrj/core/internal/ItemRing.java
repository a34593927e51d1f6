package io.ccrj.core.internal;

import io.ccrj.core.Causality;
import io.ccrj.core.Handler;
import org.jctools.queues.SpscGrowableArrayQueue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * The multi-worker path of a persistent receive with no predicate and no owner, activated on an
 * unconstrained, pool-backed queue of a dispatcher with several workers: instead of a task per
 * item, a post submits this one shared object to the queue as the item's <em>ticket</em> and
 * appends the item to this ring. A worker that takes a ticket from the queue takes the ring's head
 * item with it, and runs the handler on it. No allocation per item, and no spare task handed back
 * per item by the workers (a compare-and-set on a queue that the workers share).
 *
 * <h2>Why a ticket finds its own item</h2>
 * Tickets and ring items are appended in the same order: both under the port lock, by the post
 * that consumed the item (the queue is unconstrained and pool-backed, so submitting under the lock
 * neither blocks nor calls out). Tickets leave the queue in FIFO order, one token holder at a
 * time, and a worker takes the ticket's item before it hands the token on ({@code QueueCore}
 * pairs them while it holds the token). So the k-th ticket taken takes the k-th item: each item
 * runs exactly where its own task would have run in the queue, and every path that takes a ticket
 * without running it (a disposed queue, a stopped pool) takes its item too, so the pairing never
 * slips. A ticket is submitted before its item is appended (a refused submit leaves the item in
 * the port, as an ordinary task's would), so a worker can find its ticket an instant before the
 * item and waits for it in {@link #take()}.
 *
 * <h2>Threading</h2>
 * The ring is single-producer, single-consumer: its producers are the posting threads, one at a
 * time under the port lock, which orders them; its consumer is the worker holding the queue's
 * token, one at a time, the token's hand-off ordering one holder's polls before the next one's;
 * and the closing thread once the workers stopped ({@code QueueCore.drainDiscarding}).
 */
final class ItemRing extends Task {
    private final SimpleReceiver receiver;
    private final QueueCore queue;
    private final Handler<Object> handler;
    /**
     * Items whose tickets are in the queue (or about to be taken with them), in post order. It
     * grows to the largest backlog (and keeps that size), so a steady burst allocates nothing.
     */
    private final SpscGrowableArrayQueue<Object> ring = new SpscGrowableArrayQueue<>(INITIAL_RING, MAX_RING);

    /** The ring's first size; it doubles as a backlog needs it, up to {@link #MAX_RING}. */
    private static final int INITIAL_RING = 64;
    /**
     * The most items the ring holds; with a backlog beyond it, posts make ordinary tasks (they
     * carry their items, so the tickets' pairing is not disturbed).
     */
    private static final int MAX_RING = 1 << 18;

    ItemRing(QueueCore queue, SimpleReceiver receiver) {
        super(queue, null);
        this.queue = queue;
        this.receiver = receiver;
        this.handler = receiver.handler();
    }

    /** {@code true} if a receiver activated on {@code sink} may take this path. */
    static boolean applies(TaskSink sink, SimpleReceiver receiver) {
        return sink instanceof QueueCore q && q.submitsWithoutBlocking() && q.pool().workerCount() > 1
                && !(receiver.handler() instanceof AsyncHandler<?>);
    }

    /**
     * Under the port lock: takes {@code stored} for this receiver.
     *
     * @return {@link Dispatchable#NONE} when the item is taken; a rejection when the queue refused
     *     its ticket (the item stays in the port); {@code null} when the ring is full: the caller
     *     makes an ordinary task
     */
    Dispatchable offerLocked(Object stored) {
        // The posters are the ring's only producer (one at a time, under this lock), and polls
        // only shrink it: room seen here is still there for the offer below.
        if (ring.size() >= MAX_RING - 1) {
            return null;
        }
        try {
            queue.submit(this); // lock-free and non-blocking on this kind of queue (see applies)
        } catch (RejectedExecutionException refused) {
            return Rejection.closed(queue);
        }
        ring.offer(stored);
        return Dispatchable.NONE;
    }

    /**
     * Takes the item of the ticket just taken from the queue. Called by the token holder before
     * it hands the token on (or by the closing thread once the workers stopped).
     */
    Object take() {
        Object entry;
        int polls = 0;
        while ((entry = ring.poll()) == null) {
            // The ticket's poster appends the item right after submitting it, under the port lock;
            // if that thread lost its core, yielding gives the core back to it.
            if ((++polls & 63) == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
        return entry;
    }

    /** Runs the handler on one item, with the item's causalities active; never throws. */
    void run(Object entry) {
        Causality[] itemCausalities = CausalEnvelope.causalities(entry);
        Causality[] saved = CausalityContext.set(itemCausalities);
        try {
            handler.handle(CausalEnvelope.item(entry));
        } catch (Throwable failure) {
            Failures.route(failure, itemCausalities, queue);
        } finally {
            CausalityContext.set(saved);
        }
    }

    /**
     * An ordinary task for an item taken with its ticket but not run (a batch that gives its
     * unstarted tasks back): it no longer depends on the ring's order.
     */
    Task asTask(Object entry) {
        return new ItemTask(queue, receiver, entry);
    }

    @Override
    protected boolean invoke() {
        throw new IllegalStateException("an item ring's ticket runs through its queue, not as a task");
    }

    /**
     * Not reached: a ticket is submitted under the port lock by {@link #offerLocked}, which
     * handles a refusal itself, never through {@link Task#dispatch()}.
     */
    @Override
    protected void collectItems(Map<PortCore, List<Object>> byPort) {
        throw new IllegalStateException("an item ring's ticket carries no item of its own");
    }

    @Override
    protected String describe() {
        return "ticket(" + receiver.port() + ")";
    }
}
