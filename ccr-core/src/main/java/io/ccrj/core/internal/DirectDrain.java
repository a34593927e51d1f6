package io.ccrj.core.internal;

import io.ccrj.core.Causality;
import io.ccrj.core.Handler;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * The direct path of a persistent receive with no predicate and no owner, activated on a
 * one-worker, unconstrained, pool-backed queue: the receiver's items go to this one reusable task
 * instead of one task per item. No allocation per item (two deques that grow once and are reused),
 * and per item only the port lock on the posting side, instead of a task, an offer and a count on
 * the queue, a poll and a count on the worker's side.
 *
 * <h2>Why it keeps the queue's semantics</h2>
 * <ul>
 *   <li>Order: the post that schedules this task pushes it onto the queue while it still holds
 *   the port lock. A later post appends its item here only while this task is scheduled and is
 *   the queue's only accepted, unfinished task (the queue's count is 1; this task keeps its count
 *   until it finishes), so no task follows it in the queue and the item is run where its own task
 *   would have run; otherwise the post makes an ordinary task. One worker runs the queue's tasks
 *   one at a time in queue order. This needs a count that never reads low: a push counts its task
 *   before it offers it (see {@code QueueCore.push}), so every task whose post finished before
 *   this one started is counted, and a count of 1 can only be this task's own.</li>
 *   <li>Round robin: the worker runs the items one at a time as it would run their tasks: before
 *   each further item it checks the ready list, suspension, disposal and the batch bound, and when
 *   it must let another queue go first it leaves this task at the head of its queue (the queue's
 *   resume slot), still counted, with its remaining items.</li>
 *   <li>Causality and failures: each item runs with its own causalities active, and its exception
 *   is routed as its own task's would be.</li>
 *   <li>Counting: the queue's executed and discarded counts and the worker's processed count
 *   count items, not drains; a suspended queue gets ordinary tasks, so its pending count counts
 *   items too.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * {@link #pending} and {@link #scheduled} are guarded by the port lock. {@link #draining} and
 * {@link #yielded} belong to the worker that holds the queue's token (the token hand-off
 * publishes them to the next holder). The task is pushed only when {@link #scheduled} turns true,
 * and {@link #scheduled} turns false only under the port lock when both deques are empty, after
 * which the finishing run touches no field of this task, so a new push may run it again at once.
 */
final class DirectDrain extends Task {
    private final SimpleReceiver receiver;
    private final QueueCore queue;
    private final Handler<Object> handler;
    /** Items consumed and not yet taken by the worker; guarded by the port lock. */
    private ArrayDeque<Object> pending = new ArrayDeque<>();
    /** Items the worker took and has not run yet; worker-owned. */
    private ArrayDeque<Object> draining = new ArrayDeque<>();
    /** This task is in the queue, at its head, or running; guarded by the port lock. */
    private boolean scheduled;
    /** The last drain left items for the next visit; worker-owned. */
    boolean yielded;

    DirectDrain(QueueCore queue, SimpleReceiver receiver) {
        super(queue, null);
        this.queue = queue;
        this.receiver = receiver;
        this.handler = receiver.handler();
    }

    /** {@code true} if a receiver activated on {@code sink} may take the direct path. */
    static boolean applies(TaskSink sink, SimpleReceiver receiver) {
        return sink instanceof QueueCore q && q.submitsWithoutBlocking() && q.pool().workerCount() == 1
                && !(receiver.handler() instanceof AsyncHandler<?>);
    }

    /**
     * Under the port lock: takes {@code stored} for this receiver.
     *
     * @return {@link Dispatchable#NONE} when the item is taken (this task was pushed, or already
     *     holds the queue's tail); a rejection when the queue refused the push (the item stays in
     *     the port); {@code null} when another task follows this one: the caller makes an ordinary
     *     task
     */
    Dispatchable offerLocked(Object stored) {
        if (!scheduled) {
            pending.addLast(stored);
            scheduled = true;
            try {
                queue.submit(this); // lock-free and non-blocking on this kind of queue (see applies)
            } catch (RejectedExecutionException refused) {
                pending.clear();
                scheduled = false;
                return Rejection.closed(queue);
            }
            return Dispatchable.NONE;
        }
        if (queue.pendingCount() == 1 && !queue.isSuspended()) {
            pending.addLast(stored);
            return Dispatchable.NONE;
        }
        return null;
    }

    /**
     * Runs items on the worker that holds the queue's token: at least one, then more while no
     * other queue is ready, the queue is neither suspended nor disposed, and fewer than
     * {@code budget} ran. Sets {@link #yielded} if items remain for the next visit.
     *
     * @return how many items ran
     */
    int drain(int budget) {
        int ran = 0;
        yielded = false;
        while (true) {
            if (draining.isEmpty()) {
                PortCore port = receiver.port();
                port.lock.lock();
                try {
                    if (pending.isEmpty()) {
                        scheduled = false; // from here on a post may push this task again
                        return ran;
                    }
                    ArrayDeque<Object> full = pending;
                    pending = draining;
                    draining = full;
                } finally {
                    port.lock.unlock();
                }
            }
            if (ran > 0 && (ran >= budget || !queue.pool().readyIsEmpty() || queue.isSuspended() || queue.isDisposed())) {
                yielded = true;
                return ran;
            }
            runOne(draining.pollFirst());
            ran++;
        }
    }

    private void runOne(Object entry) {
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
     * Drops every item this task holds (a disposed or stopped queue discards it) and unschedules
     * it, so that a later post pushes it again (and is refused by then).
     *
     * @return how many items were dropped
     */
    int discardAll() {
        int n = draining.size();
        draining.clear();
        PortCore port = receiver.port();
        port.lock.lock();
        try {
            n += pending.size();
            pending.clear();
            scheduled = false;
        } finally {
            port.lock.unlock();
        }
        yielded = false;
        return n;
    }

    @Override
    protected boolean invoke() {
        throw new IllegalStateException("a direct drain runs through its queue, not as a task");
    }

    /**
     * Not reached: this task is pushed under the port lock by {@link #offerLocked}, which handles a
     * refusal itself, never through {@link Task#dispatch()}. Kept correct all the same: the
     * pending items go back to their port and the task is unscheduled.
     */
    @Override
    protected void collectItems(Map<PortCore, List<Object>> byPort) {
        PortCore port = receiver.port();
        port.lock.lock();
        try {
            for (Object entry : pending) {
                collect(byPort, port, entry);
            }
            pending.clear();
            scheduled = false;
        } finally {
            port.lock.unlock();
        }
    }

    @Override
    protected String describe() {
        return "direct(" + receiver.port() + ")";
    }
}
