package io.ccrj.bench.handoff;

import java.util.concurrent.locks.LockSupport;

/**
 * Tells the benchmark thread that a batch finished. The benchmark thread parks rather than spins
 * while it waits, so that on a 2-core machine it does not take a core from the two parties being
 * measured; its wake-up (one futex wake, tens of µs) is paid once per batch by every
 * implementation alike and amortised over the batch.
 *
 * <p>Threading: {@link #reset()} and {@link #await()} by the benchmark thread, {@link #signal()} by
 * one party, once per batch; the volatile {@code done} orders everything the party wrote before
 * signalling before what the benchmark thread reads after {@code await}.
 */
public final class BatchLatch {
    private volatile boolean done;
    private volatile Thread waiter;

    /** Arms the latch for the next batch; call before starting it. */
    public void reset() {
        waiter = Thread.currentThread();
        done = false;
    }

    /** Marks the batch finished and wakes the waiter. */
    public void signal() {
        done = true;
        LockSupport.unpark(waiter);
    }

    /** Waits (parked) until {@link #signal()}. */
    public void await() {
        while (!done) {
            LockSupport.park(this);
        }
    }
}
