package io.ccrj.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A pool-backed {@link QueueCore}'s ready token: which worker may take the queue's tasks, and the
 * places a token holder takes them from (the tasks given back, a direct drain left at the head of
 * the queue, the queue itself). See {@link QueueCore} for the protocol as a whole; this class
 * holds its state beyond the shared count.
 *
 * <h2>Concurrency invariants</h2>
 * <ul>
 *   <li>{@link #takeOne()} is called only by the thread holding the token (one at a time; the
 *   ready list's hand-off, or the suspension flag's, orders each holder's takes before the next
 *   one's), by an executor turn (whose queue is a multi-consumer one), and by the closing thread
 *   once the workers stopped ({@link #pollAny()}, {@link #takeResumeSlot()}).</li>
 *   <li>{@link #resumeSlot} is a plain field: read and written only by the token's holder, and
 *   published to the next holder by the ready list's hand-off. Counted in the queue's count
 *   while set.</li>
 *   <li>{@link #returned} is a lock-free queue: a batch's holder gives tasks back while the next
 *   holder may already take. Counted in the queue's count, counted before offered.</li>
 *   <li>{@link #tokenKeeper} is volatile and claimed by compare-and-set only: a poster claims it
 *   from any keeper to hand the token on, the keeper claims it back from itself only, so the
 *   token is handed on exactly once per keep (see {@link #tokenKeeper}).</li>
 *   <li>{@link #tokenHeldBySuspension} is set by the holder that finds the queue suspended and
 *   claimed by compare-and-set by whoever hands the parked token back (resume, dispose, or the
 *   holder's own re-check): the token is re-created once.</li>
 * </ul>
 */
final class QueueToken {
    private final QueueCore queue;
    private final WorkerPool pool;
    private final PaddedCounter count;
    private final Queue<Task> tasks;

    /**
     * Tasks that a worker took in a batch and gave back unstarted ({@link #giveBack}); they are
     * older than every queued task, so a token holder takes them first. Counted in the count.
     */
    private final ConcurrentLinkedQueue<Task> returned = new ConcurrentLinkedQueue<>();

    /**
     * A direct drain left at the head of the queue with items pending: one that let another queue
     * go first, or whose items the workers of a larger pool take a share at a time. The next token
     * holder takes it before polling the queue (after the tasks given back, which were taken
     * before its pending items). Read and written only by the worker holding the token (the ready
     * list's hand-off publishes it), and by {@link QueueCore#drainDiscarding()} once the workers
     * stopped. Counted in the count while set.
     */
    Task resumeSlot;

    /**
     * The worker of a multi-worker pool that holds the token while it runs a drain's items
     * ({@link QueueDrains}), or {@code null}: it found nothing else pending, so it woke no other
     * worker for nothing. But a task submitted or an item appended meanwhile must not wait for
     * those items to finish, so its poster claims the field (compare-and-set to {@code null}) and
     * hands the token on for the holder: the drain waits in {@link #resumeSlot}, set before the
     * field. The holder claims it back once its items ran (compare-and-set of itself, so a later
     * holder's claim is never taken for its own); if it cannot, the token is on the ready list and
     * it returns without touching the queue again. A holder that set the field re-reads the count
     * and the drain, so a submit counted before the field was visible is not left waiting (both
     * are volatile, so one of the two sides sees the other); an append whose ring store is still
     * in flight may be missed, and then waits for the holder's items: a delay, not a loss.
     */
    private volatile WorkerThread tokenKeeper;
    private static final VarHandle TOKEN_KEEPER;

    static {
        try {
            TOKEN_KEEPER = MethodHandles.lookup().findVarHandle(QueueToken.class, "tokenKeeper", WorkerThread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AtomicBoolean tokenHeldBySuspension = new AtomicBoolean();

    QueueToken(QueueCore queue, WorkerPool pool, PaddedCounter count, Queue<Task> tasks) {
        this.queue = queue;
        this.pool = pool;
        this.count = count;
        this.tasks = tasks;
    }

    // ---- taking tasks ----

    /** The next task, in order: given back, then the resumed drain, then the queue. Counted. */
    Task takeOne() {
        Task t = returned.poll(); // only a pool of several workers gives tasks back
        if (t != null) {
            return t;
        }
        Task resumed = resumeSlot;
        if (resumed != null) {
            resumeSlot = null;
            return resumed;
        }
        int polls = 0;
        while ((t = tasks.poll()) == null && (t = returned.poll()) == null) {
            // Counted, not yet offered (see QueueCore.push): the offer is a few instructions away
            // unless its thread lost its core, in which case yielding gives the core back to it.
            if ((++polls & 63) == 0) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
        return t;
    }

    /**
     * Puts the tasks {@code batch[from .. to)} that a worker took but did not start back, ahead
     * of the queued ones; counted first, as {@link QueueCore#push} counts, and the token
     * re-created if the count was zero.
     */
    void giveBack(Task[] batch, int from, int to) {
        boolean wasIdle = count.getAndAdd(to - from) == 0;
        for (int i = from; i < to; i++) {
            returned.offer(batch[i]);
            batch[i] = null;
        }
        if (wasIdle) {
            pool.makeReady(queue);
        }
    }

    /** The closing thread, once the workers stopped: the resumed drain, if any, taken off its slot. */
    Task takeResumeSlot() {
        Task t = resumeSlot;
        resumeSlot = null;
        return t;
    }

    /** The closing thread, once the workers stopped: the next task given back or queued, or null. */
    Task pollAny() {
        Task t = returned.poll();
        return t != null ? t : tasks.poll();
    }

    // ---- a token kept while a drain's items run ----

    /** {@code true} while a worker keeps the token ({@link #tokenKeeper}); one volatile read. */
    boolean isKept() {
        return tokenKeeper != null;
    }

    /** A post that finds the token kept by a worker running a drain's items hands it on ({@link #tokenKeeper}). */
    void handOnKeptToken() {
        WorkerThread keeper = tokenKeeper;
        if (keeper != null && TOKEN_KEEPER.compareAndSet(this, keeper, null)) {
            pool.keepOrMakeReady(queue); // a handler posting to its own queue runs the post next, on its core
        }
    }

    /** The holder {@code self} keeps the token while it runs items; set after {@link #resumeSlot}. */
    void keep(WorkerThread self) {
        tokenKeeper = self; // after the resume slot: from here a submit or an append may hand the token on
    }

    /** The keeper {@code self} claims the token back; false if a poster handed it on meanwhile. */
    boolean reclaim(WorkerThread self) {
        return TOKEN_KEEPER.compareAndSet(this, self, null);
    }

    // ---- a token parked by suspension ----

    /**
     * The holder found the queue suspended: parks the token until {@link #release()}. Re-checks
     * after parking: a resume or dispose that ran since the holder's checks found no token to hand
     * back (each writes its flag, then tries the token; this writes the token, then reads the
     * flags: one of the two sides sees the other).
     */
    void park() {
        tokenHeldBySuspension.set(true);
        if ((!queue.isSuspended() || queue.isDisposed()) && tokenHeldBySuspension.compareAndSet(true, false)) {
            pool.makeReady(queue);
        }
    }

    /** Hands a token parked by suspension back to the ready list (claimed once); after the flag's write. */
    void release() {
        if (tokenHeldBySuspension.compareAndSet(true, false)) {
            pool.makeReady(queue);
        }
    }
}
