package io.ccrj.core.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * The sink of an arbiter activated by a waiting sequential task: instead of queuing the fired
 * task, it hands it to the waiting thread and unparks it; the task then runs on that thread.
 *
 * <p>{@link #task} is written once by the firing thread (after the port lock is released) and read
 * by the waiter; the volatile write/read pair publishes the task's fields.
 */
final class SequentialWait implements TaskSink {
    private final Thread waiter;
    private final TaskSink home;
    private final String what;
    private volatile Task task;

    SequentialWait(Thread waiter, TaskSink home, String what) {
        this.waiter = waiter;
        this.home = home;
        this.what = what;
    }

    @Override
    public void submit(Task t) {
        task = t;
        LockSupport.unpark(waiter);
    }

    /** Waits until the task arrives or the deadline passes (0: no deadline); null on time-out. */
    Task await(long deadlineNanos) throws InterruptedException {
        Task t;
        while ((t = task) == null) {
            if (Thread.interrupted()) {
                throw new InterruptedException("sequential task interrupted while waiting for " + what);
            }
            if (deadlineNanos == 0) {
                LockSupport.park(this);
            } else {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                LockSupport.parkNanos(this, left);
            }
        }
        return t;
    }

    /** Waits for a task that is known to be on its way (its receiver already fired). */
    Task awaitUninterruptibly() {
        Task t;
        while ((t = task) == null) {
            LockSupport.park(this);
        }
        return t;
    }

    @Override
    public void checkOpen() {
    }

    @Override
    public String sinkName() {
        return "sequential task #" + waiter.threadId() + (waiter.isVirtual() ? " (virtual thread)" : " (platform thread " + waiter.getName() + ")");
    }

    @Override
    public void reportUnhandled(Throwable failure) {
        home.reportUnhandled(failure);
    }
}
