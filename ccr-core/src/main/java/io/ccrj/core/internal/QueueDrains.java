package io.ccrj.core.internal;

import java.util.concurrent.atomic.LongAdder;

/**
 * A pool-backed {@link QueueCore}'s drains: what a worker that took the queue's token from the
 * ready list does with it. One worker's pool keeps the token for a run of tasks; a worker of a
 * larger pool takes a batch of tasks, or a share of a direct drain's items, hands the token on,
 * then runs them. Disposal and suspension are applied here, at the token's next visit.
 *
 * <h2>Concurrency invariants</h2>
 * <ul>
 *   <li>Every method runs on the worker holding the queue's token, one at a time (see
 *   {@link QueueToken}); the token's hand-off through the ready list orders one holder's takes
 *   before the next one's. The holder takes tasks only through {@link QueueToken#takeOne()}.</li>
 *   <li>The holder takes its tasks off the shared count (volatile read-modify-write) after it
 *   took them and before it hands the token back, so the queue is on the ready list, or in a
 *   worker's hands, exactly while the count is above zero.</li>
 *   <li>The suspended and disposed flags of the queue (volatile) are read before each task after
 *   the first of a batch; tasks not started then go back ({@link QueueToken#giveBack}).</li>
 *   <li>{@link WorkerThread#batch} and {@link WorkerThread#batchItems} are the worker's own.</li>
 *   <li>{@code executed} is a striped adder, added to once per batch, not per task.</li>
 * </ul>
 */
final class QueueDrains {
    private final QueueCore queue;
    private final WorkerPool pool;
    private final PaddedCounter count;
    private final LongAdder executed;
    private final QueueToken token;
    private final QueuePolicies policies;

    QueueDrains(QueueCore queue, WorkerPool pool, PaddedCounter count, LongAdder executed,
            QueueToken token, QueuePolicies policies) {
        this.queue = queue;
        this.pool = pool;
        this.count = count;
        this.executed = executed;
        this.token = token;
        this.policies = policies;
    }

    /**
     * Called by a worker that took this queue's token from the ready list.
     *
     * @return how many tasks ran: 0 if the queue is suspended (the token is parked until
     *     {@link QueueCore#resume()}) or disposed (a task was discarded), more than one when the worker kept
     *     the token for several tasks
     */
    int runWithToken(WorkerThread self) {
        if (queue.isDisposed()) {
            Task t = token.takeOne();
            queue.discardDisposed(t); // before the count goes: a drain is unscheduled while the token is held
            if (count.decrementAndGet() > 0) {
                pool.makeReady(queue);
            } else {
                pool.detach(queue);
            }
            policies.afterTake();
            return 0;
        }
        if (queue.isSuspended()) {
            token.park(); // until resume() or dispose() releases it
            return 0;
        }
        if (pool.workerCount() > 1) {
            return runBatch(self);
        }
        int ran = 0;
        while (true) {
            Task t = token.takeOne();
            if (t instanceof DirectDrain direct) {
                // A receiver's direct drain keeps its count until it finishes: while it runs, the
                // count tells posters whether any task follows it (see DirectDrain).
                int drained = direct.drain(ran < MAX_TASKS_PER_TOKEN ? MAX_TASKS_PER_TOKEN - ran : MAX_TASKS_PER_TOKEN);
                ran += Math.abs(drained);
                if (drained < 0) { // it yielded: still scheduled, items may be left
                    token.resumeSlot = direct; // its remaining items run before any later task
                    if (ran < MAX_DRAIN_ITEMS_PER_TOKEN && pool.readyIsEmpty() && !queue.isSuspended()
                            && !queue.isDisposed() && pool.runsTasks()) {
                        // Only its budget ended the visit and nothing else waits: go on with the
                        // drain's items under the same token, without handing it through the ready
                        // list (an offer and a poll, and a slot of that list, per 64 items).
                        continue;
                    }
                    executed.add(ran);
                    pool.makeReady(queue);
                    return ran;
                }
                boolean keep = false;
                if (count.decrementAndGet() > 0) {
                    keep = pool.batchesTokens() && ran < MAX_TASKS_PER_TOKEN && pool.readyIsEmpty();
                    if (!keep) {
                        pool.makeReady(queue);
                    }
                }
                if (!keep) {
                    executed.add(ran);
                    return ran;
                }
                if (queue.isSuspended() || queue.isDisposed() || !pool.runsTasks()) {
                    executed.add(ran);
                    pool.makeReady(queue);
                    return ran;
                }
                continue;
            }
            boolean keepToken = false;
            if (count.decrementAndGet() > 0) {
                // Several tasks per token: a single worker whose ready list holds no other queue
                // keeps the token for the next task instead of handing it back and taking it
                // again (an offer and a poll on the shared ready list per task). Round robin
                // holds: the ready list is checked before every further task, so a queue that
                // becomes ready waits for at most the task in hand.
                keepToken = pool.batchesTokens() && ran + 1 < MAX_TASKS_PER_TOKEN && pool.readyIsEmpty();
                if (!keepToken) {
                    pool.makeReady(queue);
                }
            }
            policies.afterTake();
            t.execute();
            ran++;
            if (!keepToken) {
                executed.add(ran);
                return ran;
            }
            if (queue.isSuspended() || queue.isDisposed() || !pool.runsTasks()) {
                // The next visit applies the suspension or the disposal. A stopped pool's queues
                // are drained by the closing thread: the worker polls no more (see tasks).
                executed.add(ran);
                pool.makeReady(queue);
                return ran;
            }
        }
    }

    /** Bounds a batch, so that a worker returns to its loop (and its state checks) regularly. */
    private static final int MAX_TASKS_PER_TOKEN = 64;
    /**
     * Bounds the items a one-worker pool runs from a direct drain under one token while no other
     * queue is ready, in visits of {@link #MAX_TASKS_PER_TOKEN}: the drain checks the ready list,
     * suspension and disposal before every item, so the bound only makes the worker return to its
     * loop now and then.
     */
    private static final int MAX_DRAIN_ITEMS_PER_TOKEN = 1024;

    /**
     * The most tasks a worker of a multi-worker pool takes per token ({@link #runBatch}); sized
     * with {@link WorkerThread#batch}.
     */
    static final int MAX_BATCH = 16;

    /**
     * A worker of a multi-worker pool holding the token: takes a batch of tasks, hands the token
     * back once for the whole batch, then runs the batch in FIFO order.
     *
     * <p>Why: the token serialises taking. Handed back per task, every task costs an offer and a
     * poll on the shared ready list plus a decrement of the shared count while the other workers
     * wait for the token, so the pool takes tasks no faster than one token pass, however many
     * workers it has. Per batch, those costs are shared by the batch.
     *
     * <p>Why it keeps the queue's semantics:
     * <ul>
     *   <li>Round robin: a worker takes more than one task only while no other queue waits on
     *   the ready list, as a one-worker pool keeps its token only then.</li>
     *   <li>Parallelism: a worker takes at most its share of the pending tasks (the count over
     *   the number of workers), so a backlog of two tasks still runs on two workers, and the
     *   token goes back before the batch runs, so the other workers take the later tasks
     *   meanwhile.</li>
     *   <li>Order: tasks leave the queue in FIFO order (one token holder takes at a time), and
     *   a batch runs in that order.</li>
     *   <li>Suspension, disposal and shutdown: before each task after the first the worker checks
     *   them; the tasks it has not started go back to the queue ({@link QueueToken#giveBack}), ahead of
     *   the tasks still queued, so a suspended queue holds them, a disposed one discards them,
     *   and a stopped pool drops them, as for any task not yet started.</li>
     *   <li>Counting: the batch's count is taken off at once, after the tasks were taken; the
     *   worker's busy flag (set by the worker loop before this call) covers the batch until it
     *   ran, so a closing pool does not find it quiescent in between.</li>
     * </ul>
     *
     * @return how many tasks ran
     */
    private int runBatch(WorkerThread self) {
        Task first = token.takeOne();
        if (first instanceof DirectDrain direct) {
            return runDrain(self, direct);
        }
        Task[] batch = self.batch;
        batch[0] = first;
        int n = 1;
        int pending = count.get(); // counts the task just taken: it is taken off below
        if (pending > 1 && pool.readyIsEmpty()) {
            int want = Math.min(MAX_BATCH, Math.max(1, pending / pool.workerCount()));
            while (n < want) {
                Task t = token.takeOne(); // counted, so queued or about to be (see QueueCore.push)
                if (t instanceof DirectDrain direct) {
                    // A drain keeps its count and its place: it heads the queue for the next holder.
                    token.resumeSlot = direct;
                    break;
                }
                batch[n++] = t;
            }
        }
        if (count.addAndGet(-n) > 0) {
            pool.makeReady(queue); // before running: the other workers take the later tasks meanwhile
        }
        policies.afterTake();
        int ran = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0 && (queue.isSuspended() || queue.isDisposed() || !pool.runsTasks())) {
                token.giveBack(batch, i, n);
                break;
            }
            Task t = batch[i];
            batch[i] = null;
            t.execute();
            ran++;
        }
        executed.add(ran);
        return ran;
    }

    /**
     * A worker of a multi-worker pool holding the token, with a {@link DirectDrain} just taken:
     * takes a share of its items, then, if more items or other tasks are pending, leaves the drain
     * at the head of the queue ({@link QueueToken#resumeSlot}, still counted) and hands the token on before
     * it runs them, as {@link #runBatch} does for a batch of tasks. With nothing else pending it
     * keeps the token while it runs them (no wake-up of another worker for nothing; a post
     * meanwhile hands the token on, see {@link QueueToken#keep}), then comes back to the drain for
     * more, so a producer that keeps pace is served by one worker as on a one-worker pool, and a
     * backlog by all of them. A holder that finds the drain dry (after the
     * drain's linger) unschedules it and takes its count off.
     *
     * @return how many items ran
     */
    private int runDrain(WorkerThread self, DirectDrain drain) {
        Object[] items = self.batchItems;
        int ran = 0;
        while (true) {
            int k = drain.take(items);
            if (k == 0) {
                if (!drain.unscheduleIfEmpty()) {
                    continue; // an item came before the port lock: take it
                }
                if (count.decrementAndGet() > 0) {
                    pool.keepOrMakeReady(queue); // what was posted meanwhile runs next on this core
                }
                policies.afterTake();
                executed.add(ran);
                return ran;
            }
            boolean keepToken = ran + k < MAX_TASKS_PER_TOKEN && drain.isEmpty() && count.get() == 1
                    && pool.readyIsEmpty();
            token.resumeSlot = drain;
            if (keepToken) {
                token.keep(self); // after the resume slot: from here a submit or an append may hand the token on
                if ((count.get() != 1 || !drain.isEmpty()) && token.reclaim(self)) {
                    pool.makeReady(queue); // something came before the flag was up: hand on at once
                }
            } else {
                pool.makeReady(queue); // before running: the other workers take the later items meanwhile
            }
            int done = 0;
            for (int i = 0; i < k; i++) {
                if (i > 0 && (queue.isSuspended() || queue.isDisposed() || !pool.runsTasks())) {
                    for (int j = i; j < k; j++) {
                        // Their place in the drain is spent: each goes back as a task of its own.
                        self.batch[j] = drain.asTask(items[j]);
                        items[j] = null;
                    }
                    token.giveBack(self.batch, i, k);
                    break;
                }
                Object item = items[i];
                items[i] = null;
                drain.run(item);
                done++;
            }
            ran += done;
            if (!keepToken || !token.reclaim(self)) { // handed on meanwhile
                executed.add(ran);
                return ran;
            }
            if (done < k || queue.isSuspended() || queue.isDisposed() || !pool.runsTasks()) {
                // Still holding the token: the next visit applies the suspension or disposal.
                executed.add(ran);
                pool.makeReady(queue);
                return ran;
            }
            token.resumeSlot = null; // the drain is in this worker's hands again
        }
    }
}
