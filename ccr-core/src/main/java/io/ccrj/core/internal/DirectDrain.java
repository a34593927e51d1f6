package io.ccrj.core.internal;

import io.ccrj.core.Causality;
import io.ccrj.core.Handler;

import io.ccrj.core.internal.jfr.JfrEvents;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;

/**
 * The direct path of a persistent receive with no predicate and no owner, activated on an
 * unconstrained, pool-backed queue: the receiver's items go to this one reusable task instead of
 * one task per item. No allocation per item (a ring that grows to the largest backlog and is
 * reused), per item the port lock and a single-producer offer on the posting side and a lock-free
 * poll on the worker's, instead of a task, an offer and a count on the queue, a poll and a count on
 * the worker's side. A worker that runs dry lingers a few polls for the next item (while no other
 * queue is ready) before it unschedules the drain, so that a producer that keeps pace with the
 * workers appends instead of scheduling the drain anew for every item.
 *
 * <p>A one-worker pool runs the drain with {@link #drain(int)}. On a pool of several workers the
 * token holder takes a share of the items ({@link #take}), leaves the drain at the head of its
 * queue (the queue's resume slot) and hands the token on before it runs them, so the workers run
 * the drain's items in parallel, as they would run a backlog of tasks ({@code QueueDrains.runDrain}).
 *
 * <h2>Why it keeps the queue's semantics</h2>
 * <ul>
 *   <li>Order: the post that schedules this task pushes it onto the queue while it still holds
 *   the port lock. A later post appends its item here only while this task is scheduled and is
 *   the queue's only accepted task not yet taken for good (the queue's count is 1; this task keeps
 *   its count until it is unscheduled), so no task follows it in the queue and the item is taken
 *   where its own task would have been taken; otherwise the post makes an ordinary task. Workers
 *   take the queue's tasks one token holder at a time in queue order, and a drain left in the
 *   resume slot is taken before any queued task. This needs a count that never reads low: a push
 *   counts its task before it offers it (see {@code QueueCore.push}), and a worker takes a batch's
 *   count off only after it took the batch, so every task whose post finished before this one
 *   started and that was not yet taken is counted, and a count of 1 can only be this task's own.</li>
 *   <li>Round robin: the worker runs the items as it would run their tasks: before each further
 *   item it checks the ready list, suspension, disposal and the batch bound, and when it must let
 *   another queue go first it leaves this task at the head of its queue (the queue's resume slot),
 *   still counted, with its remaining items.</li>
 *   <li>Causality and failures: each item runs with its own causalities active, and its exception
 *   is routed as its own task's would be.</li>
 *   <li>Counting: the queue's executed and discarded counts and the worker's processed count
 *   count items, not drains; a suspended queue gets ordinary tasks, so its pending count counts
 *   items too.</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * {@link #scheduled} is guarded by the port lock. {@link #pending} is a single-producer,
 * single-consumer ring: its producers are the posting threads, one at a time under the port lock
 * (which orders them and publishes each one's offers to the next); its consumer is the worker that
 * holds the queue's token, one at a time (the token's hand-off through the ready list publishes
 * one holder's polls to the next). {@link #held} belongs to the one worker of a one-worker pool;
 * a visit reports that it yielded in {@link #drain}'s result, not in a field, so that a worker
 * visiting writes nothing to the cache line posters read {@link #scheduled} from. The task is
 * pushed only when {@link #scheduled} turns true, and
 * {@link #scheduled} turns false only under the port lock when the ring is empty and nothing is
 * held, by the token holder, after which it touches no field of this task, so a new push may run
 * it again at once.
 */
final class DirectDrain extends Task {
    private final SimpleReceiver receiver;
    private final QueueCore queue;
    private final Handler<Object> handler;
    /** Items consumed and not yet run, in post order; offered under the port lock, polled by the worker. */
    private final Queue<Object> pending = TaskQueues.spscGrowable(INITIAL_RING, MAX_RING);
    /** The queue's pool has several workers, who take turns at this drain ({@code QueueDrains.runDrain}). */
    private final boolean shared;
    /** An item the worker took before it had to let another queue go first; worker-owned. */
    private Object held;
    /** This task is in the queue, at its head, or running; guarded by the port lock. */
    private boolean scheduled;

    /** The ring's first size; it doubles as a backlog needs it, up to {@link #MAX_RING}. */
    private static final int INITIAL_RING = 64;
    /**
     * The most items the ring holds; with a backlog beyond it, posts make ordinary tasks behind the
     * drain (FIFO is kept: a task follows the drain, so later posts make tasks too until it ran).
     */
    private static final int MAX_RING = 1 << 18;
    /** Polls a worker that ran dry spends waiting for the next item before it unschedules the drain. */
    private static final int LINGER_POLLS = 128;
    /**
     * A visit that took this many items at once (without lingering for them) is fed by a stream:
     * when it catches up it waits {@link #STREAMING_PAUSES} spin-wait hints between polls instead
     * of one. A worker polling right behind a faster-posting producer reads each ring line while
     * the producer is still filling it, so the line crosses between the two cores for every item
     * and slows both; waiting lets the producer fill lines ahead and the worker take them whole.
     * Items that came only while it lingered do not count, so a ping-pong (each item an answer
     * to the one before) keeps polling at once.
     */
    private static final int STREAMING_RUN = 16;
    /**
     * Times in a row (with no item between) that a visit which ran dry finds the port lock held
     * (by a post, which is most likely appending an item) and polls on instead of waiting for the
     * lock, before it waits for it.
     */
    private static final int MAX_LOCK_MISSES = 16;
    /** Spin-wait hints between polls while a streaming visit lingers (see {@link #STREAMING_RUN}). */
    private static final int STREAMING_PAUSES = 32;
    /**
     * Polls a streaming visit lingers for: fewer than {@link #LINGER_POLLS}, so that a stream
     * that stopped keeps the worker spinning at most four times as long as a plain linger (the
     * spin does not watch for a lost core, as the worker's idle loop does).
     */
    private static final int STREAMING_LINGER_POLLS = LINGER_POLLS * 4 / STREAMING_PAUSES;

    DirectDrain(QueueCore queue, SimpleReceiver receiver) {
        super(queue, null);
        this.shared = queue.sharesDrains();
        this.queue = queue;
        this.receiver = receiver;
        this.handler = receiver.handler();
    }

    /** {@code true} if a receiver activated on {@code sink} may take the direct path. */
    static boolean applies(TaskSink sink, SimpleReceiver receiver) {
        return sink instanceof QueueCore q && q.submitsWithoutBlocking()
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
            // Not scheduled: the ring is empty and nothing is held (see drain), so this offer fits.
            pending.offer(stored);
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
        if (queue.pendingCount() == 1 && !queue.isSuspended() && pending.offer(stored)) {
            if (shared) {
                queue.handOnKeptToken(); // a worker running items with the token kept lets another take this one
            }
            return Dispatchable.NONE;
        }
        return null;
    }

    /**
     * Runs items on the worker that holds the queue's token: at least one, then more while no
     * other queue is ready, the queue is neither suspended nor disposed, and fewer than
     * {@code budget} ran.
     *
     * @return how many items ran, negated when the drain yielded: it stays scheduled (with items
     *     left, or dry just as it had to stop) and the caller keeps it at the head of its queue
     *     for the next visit; never 0 when negated, since a visit yields only after an item ran
     */
    int drain(int budget) {
        int ran = 0;
        int waitedFor = 0; // items of this visit that came only while it lingered
        int lockMisses = 0; // times in a row the port lock was found held as the ring ran dry
        while (true) {
            if (ran > 0 && mustStop(ran, budget)) {
                // Checked before taking the next item, so that a visit ending with the ring dry
                // leaves the drain scheduled for the next one instead of taking the port lock to
                // decide (a poster keeping pace would find it held on most visits).
                return -ran;
            }
            Object entry = held;
            if (entry != null) {
                held = null;
            } else if ((entry = pending.poll()) != null) {
                // taken at once
            } else if ((entry = linger(ran, budget, ran - waitedFor >= STREAMING_RUN)) != null) {
                waitedFor++;
            } else {
                PortCore port = receiver.port();
                if (!port.lock.tryLock()) {
                    if (++lockMisses < MAX_LOCK_MISSES) {
                        // A post holds the lock, most likely appending the next item: poll for it
                        // instead of queuing on the lock, which would allocate a wait node and
                        // might park this worker, a cost per item for a producer that keeps pace.
                        continue;
                    }
                    port.lock.lock();
                }
                try {
                    // Posts offer under this lock, so an empty ring here stays empty until the
                    // unlock, and the next post sees the drain unscheduled and pushes it again.
                    if ((entry = pending.poll()) == null) {
                        scheduled = false;
                        return ran;
                    }
                } finally {
                    port.lock.unlock();
                }
                if (ran > 0 && mustStop(ran, budget)) {
                    held = entry; // the linger stopped because the visit must end: runs first on the next one
                    return -ran;
                }
            }
            lockMisses = 0;
            runOne(entry);
            ran++;
        }
    }

    // ---- several workers: the token holder takes a share, the items run after the token went on ----

    /**
     * The token holder of a pool with several workers: takes up to its share of the pending items
     * into {@code into} (the pending items over the number of workers, at least one, at most
     * {@code into.length}; one while another queue is ready). A holder that finds the ring empty
     * lingers as {@link #drain} does, while no other task is pending in the queue.
     *
     * @return how many items it took: 0 if none came, and the caller then {@link #unscheduleIfEmpty() unschedules}
     */
    int take(Object[] into) {
        int backlog = pending.size();
        if (backlog == 0) {
            Object entry = lingerShared();
            if (entry == null) {
                return 0;
            }
            into[0] = entry;
            return 1;
        }
        int share = queue.pool().readyIsEmpty()
                ? Math.min(into.length, Math.max(1, backlog / queue.pool().workerCount()))
                : 1;
        int n = 0;
        Object entry;
        while (n < share && (entry = pending.poll()) != null) {
            into[n++] = entry;
        }
        return n;
    }

    /**
     * The items this drain holds beyond the one count its queue keeps for it while it is
     * scheduled (-1 while it runs its last item). A racy snapshot, for monitoring
     * ({@code QueueCore.pendingTasks}): any thread may call it.
     */
    int uncountedItems() {
        int items = pending.size() + (held != null ? 1 : 0);
        return (boolean) SCHEDULED.getOpaque(this) ? items - 1 : items;
    }

    private static final java.lang.invoke.VarHandle SCHEDULED;


    static {
        try {
            SCHEDULED = java.lang.invoke.MethodHandles.lookup().findVarHandle(DirectDrain.class, "scheduled", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** {@code true} if no item waits in the ring; the token holder's view. */
    boolean isEmpty() {
        return pending.isEmpty();
    }

    private Object lingerShared() {
        for (int i = 0; i < LINGER_POLLS && queue.pendingCount() == 1 && queue.pool().readyIsEmpty()
                && !queue.isSuspended() && !queue.isDisposed(); i++) {
            Thread.onSpinWait();
            Object entry = pending.poll();
            if (entry != null) {
                return entry;
            }
        }
        return null;
    }

    /**
     * The token holder found the ring empty: unschedules this task under the port lock unless an
     * item came meanwhile. Once it returns {@code true} the caller takes the drain's count off and
     * touches this task no more: the next post pushes it again.
     */
    boolean unscheduleIfEmpty() {
        PortCore port = receiver.port();
        port.lockBriefly();
        try {
            if (!pending.isEmpty()) {
                return false;
            }
            scheduled = false;
            return true;
        } finally {
            port.lock.unlock();
        }
    }

    /** Runs one item taken with {@link #take}; never throws. */
    void run(Object entry) {
        runOne(entry);
    }

    /**
     * An ordinary task for an item taken with {@link #take} but not run (a batch that gives its
     * unstarted items back): ahead of the queue, it no longer depends on this task's order.
     */
    Task asTask(Object entry) {
        return new ItemTask(queue, receiver, entry);
    }

    /** Another queue is ready, this one was suspended or disposed, or the batch is spent. */
    private boolean mustStop(int ran, int budget) {
        return ran >= budget || !queue.pool().readyIsEmpty() || queue.isSuspended() || queue.isDisposed();
    }

    /**
     * A worker that ran dry polls a little longer before it unschedules the drain: a producer
     * keeping pace then appends, instead of pushing the drain through the queue and the ready list
     * for every item. It stops at once when it must let something else run.
     *
     * @param streaming the visit is fed by a stream: wait longer between polls (see {@link #STREAMING_RUN})
     * @return the next item, or {@code null} if none came
     */
    private Object linger(int ran, int budget, boolean streaming) {
        int pauses = streaming ? STREAMING_PAUSES : 1;
        int polls = streaming ? STREAMING_LINGER_POLLS : LINGER_POLLS;
        for (int i = 0; i < polls && !mustStop(ran, budget); i++) {
            for (int p = 0; p < pauses; p++) {
                Thread.onSpinWait();
            }
            Object entry = pending.poll();
            if (entry != null) {
                return entry;
            }
        }
        return null;
    }

    private void runOne(Object entry) {
        if (Jfr.AVAILABLE && JfrEvents.tasksEnabled()) { // the one Flight Recorder check per item
            Object event = JfrEvents.directItemStarting();
            runItem(entry);
            if (JfrEvents.taskFinished(event)) {
                JfrEvents.commitTask(event, queue.pool() == null ? "" : queue.pool().name(), queue.name(), describe());
            }
            return;
        }
        runItem(entry);
    }

    private void runItem(Object entry) {
        Causality[] itemCausalities = CausalEnvelope.causalities(entry);
        Causality[] saved = CausalityContext.get();
        // With no causality to activate and none to restore, the worker's causality field is only
        // read: no two stores per item to a line that other objects may share.
        boolean swap = itemCausalities != null || saved != null;
        if (swap) {
            CausalityContext.set(itemCausalities);
        }
        try {
            handler.handle(CausalEnvelope.item(entry));
        } catch (Throwable failure) {
            Failures.route(failure, itemCausalities, queue);
        } finally {
            if (swap || CausalityContext.get() != null) { // or the handler left some active
                CausalityContext.set(saved);
            }
        }
    }

    /**
     * Drops every item this task holds (a disposed or stopped queue discards it) and unschedules
     * it, so that a later post pushes it again (and is refused by then).
     *
     * @return how many items were dropped
     */
    int discardAll() {
        int n = 0;
        if (held != null) {
            held = null;
            n++;
        }
        PortCore port = receiver.port();
        port.lock.lock();
        try {
            while (pending.poll() != null) {
                n++;
            }
            scheduled = false;
        } finally {
            port.lock.unlock();
        }
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
            Object entry;
            while ((entry = pending.poll()) != null) {
                collect(byPort, port, entry);
            }
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
