package io.ccrj.core.internal;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The sink of an arbiter activated by a waiting sequential task: instead of queuing the fired
 * task, it hands it to the waiting thread and unparks it; the task then runs on that thread.
 *
 * <p>{@link #task} is set once, by compare-and-set: to the fired task by the firing thread (after
 * the port lock is released), or to {@link #ABANDONED} by a waiter that gave up (interrupted). The
 * CAS publishes the task's fields to the waiter, and decides the race between a late delivery and
 * an abandoning waiter: a task delivered after the waiter left puts its items back in their ports.
 */
final class SequentialWait implements TaskSink {
    private static final Task ABANDONED = new Task(null, null) {
        @Override
        protected boolean invoke() {
            return false;
        }

        @Override
        protected void collectItems(java.util.Map<PortCore, java.util.List<Object>> byPort) {
        }

        @Override
        protected String describe() {
            return "abandoned wait";
        }
    };

    private final Thread waiter;
    private final TaskSink home;
    /** A port or an arbiter; described only when an interrupt needs the message. */
    private final Object what;
    private final AtomicReference<Task> task = new AtomicReference<>();

    SequentialWait(Thread waiter, TaskSink home, Object what) {
        this.waiter = waiter;
        this.home = home;
        this.what = what;
    }

    @Override
    public void submit(Task t) {
        if (task.compareAndSet(null, t)) {
            LockSupport.unpark(waiter);
        } else {
            t.returnItems(); // the waiter was interrupted and left: nothing is lost
        }
    }

    /**
     * Gives up waiting (the waiter was interrupted, its arbiter already cancelled).
     *
     * @return {@code true} if no task had arrived (one arriving later returns its items);
     *     {@code false} if a task is already here and must be run
     */
    boolean abandon() {
        return task.compareAndSet(null, ABANDONED);
    }

    /** Waits until the task arrives or the deadline passes (0: no deadline); null on time-out. */
    Task await(long deadlineNanos) throws InterruptedException {
        Task t;
        while ((t = task.get()) == null) {
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
        while ((t = task.get()) == null) {
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
