package io.ccrj.core.internal;

import io.ccrj.core.Causality;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A dispatcher worker: a platform thread that carries the causalities of the task it runs in a
 * plain field (read and written only by this thread), so posts from handlers need no thread-local
 * lookup.
 */
@Internal
public final class WorkerThread extends Thread {
    static final int RUNNING = 0;
    static final int PARKED = 1;
    /** Parked for a slice of the nap that follows the spin ({@link WorkerPool}'s class comment). */
    static final int NAPPING = 2;

    final WorkerPool pool;
    Causality[] causalities;
    /**
     * {@link #RUNNING}, {@link #NAPPING} or {@link #PARKED}; set to NAPPING or PARKED by this thread,
     * back to RUNNING by it or by a waker (compare-and-set, so each sleep is ended once).
     */
    final AtomicInteger parkState = new AtomicInteger(RUNNING);
    /**
     * 1 while this worker holds a queue's token or runs its task. Written only by this thread, with
     * release stores: set before the queue's count is decremented (a full fence), cleared after the
     * task's effects; read with acquire by a closing pool checking quiescence. Per worker, so the
     * hot path increments no shared counter.
     */
    final AtomicInteger busy = new AtomicInteger();
    /** Tasks this worker ran; written only by this thread (release stores), summed by readers. */
    final java.util.concurrent.atomic.AtomicLong processed = new java.util.concurrent.atomic.AtomicLong();
    /** Times this worker parked; written only by this thread (release stores), summed by readers. */
    final java.util.concurrent.atomic.AtomicLong parks = new java.util.concurrent.atomic.AtomicLong();
    /**
     * Of those, the parks a thread with work ended (the rest timed out or ended spuriously);
     * written only by this thread, which learns it from its park state, summed by readers.
     */
    final java.util.concurrent.atomic.AtomicLong wakeUps = new java.util.concurrent.atomic.AtomicLong();

    /**
     * A queue whose token this worker keeps to run next: a handler running here made it ready, and
     * this worker runs it as soon as its current task ends (see {@link WorkerPool#keepOrMakeReady}).
     * Set by this thread only, with a volatile store (one side of the parking handshake); cleared
     * by compare-and-set only, by this thread or by an idle worker that takes the queue over, so
     * the token is claimed exactly once.
     */
    volatile QueueCore keptQueue;
    /** When {@link #keptQueue} was set ({@link System#nanoTime()}); written by this thread before that store. */
    long keptSince;

    /** Tasks of one batch taken under a queue's token ({@link QueueDrains}); used only by this thread. */
    final Task[] batch = new Task[QueueDrains.MAX_BATCH];
    /** Items taken from a direct drain under a queue's token ({@link DirectDrain#take}); this thread only. */
    final Object[] batchItems = new Object[QueueDrains.MAX_BATCH];

    /** Notices when this worker's idle spin loses its core; used only by this thread. */
    final LostCoreDetector lostCore = new LostCoreDetector();

    WorkerThread(WorkerPool pool, String name) {
        super(name);
        this.pool = pool;
        setDaemon(true);
    }

    @Override
    public void run() {
        pool.workerLoop(this);
    }

    /** The pool this worker belongs to. */
    public WorkerPool pool() {
        return pool;
    }
}
