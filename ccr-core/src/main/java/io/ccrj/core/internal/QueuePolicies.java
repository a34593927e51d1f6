package io.ccrj.core.internal;

import io.ccrj.core.PolicyEvent;
import io.ccrj.core.Port;
import io.ccrj.core.SchedulingPolicy;
import io.ccrj.core.internal.jfr.JfrEvents;

import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link QueueCore}'s scheduling policy at the door: the constrained policies' admission of a
 * task (discard the oldest over a depth or a rate, or make the poster wait for the depth or the
 * rate), their counters and their events on the queue's policy port. An unconstrained queue
 * never calls {@link #admit}; it pushes straight away.
 *
 * <h2>Concurrency</h2>
 * <ul>
 *   <li>{@link #admit} runs on any posting thread, concurrently. It reads the queue's shared
 *   count (volatile read), polls and offers the queue's task queue only on a discarding policy,
 *   whose queue is a multi-consumer one for that reason (see {@link QueueCore}), and pushes
 *   through {@link QueueCore#push}, which keeps the count-then-offer order.</li>
 *   <li>{@link #nextRateSlot} is claimed by compare-and-set: each slot of the rate goes to one
 *   poster.</li>
 *   <li>{@link #throttleWaiters} is written only under {@link #throttleMonitor}; it is volatile
 *   so that {@link #afterTake()}, called by whoever takes a task off the count, reads it without
 *   the lock and enters the monitor only while someone waits. A waiter missed that way re-reads
 *   the count within its bounded wait.</li>
 *   <li>{@link #discarded} and {@link #throttled} are atomic counters, read racily for
 *   monitoring; the disposal path of the queue adds its discards to the same counter.</li>
 * </ul>
 */
final class QueuePolicies {
    private final QueueCore queue;
    private final String name;
    private final WorkerPool pool;
    private final SchedulingPolicy policy;
    private final PaddedCounter count;
    private final Queue<Task> tasks;
    /** Tasks dropped by a discarding policy, and by a disposed queue (see {@link QueueCore#dispose}). */
    final AtomicLong discarded = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong nextRateSlot = new AtomicLong(Long.MIN_VALUE);
    private final long rateIntervalNanos;
    private final Object throttleMonitor = new Object();
    private volatile int throttleWaiters;
    private final Port<PolicyEvent> policyEvents;

    QueuePolicies(QueueCore queue, String name, WorkerPool pool, SchedulingPolicy policy,
            PaddedCounter count, Queue<Task> tasks) {
        this.queue = queue;
        this.name = name;
        this.pool = pool;
        this.policy = policy;
        this.count = count;
        this.tasks = tasks;
        this.rateIntervalNanos = policy.tasksPerSecond() > 0 ? Math.max(1, (long) (1e9 / policy.tasksPerSecond())) : 0;
        this.policyEvents = new Port<>(name + ".policy");
    }

    Port<PolicyEvent> policyEvents() {
        return policyEvents;
    }

    long discardedCount() {
        return discarded.get();
    }

    long throttledCount() {
        return throttled.get();
    }

    /** Admits {@code task} under a constrained policy: pushes, drops, or waits then pushes. */
    void admit(Task task) {
        switch (policy.kind()) {
            case QUEUE_DEPTH_DISCARD -> {
                if (count.get() < policy.maxDepth() || !replaceOldest(task)) {
                    queue.push(task);
                }
            }
            case QUEUE_DEPTH_THROTTLE -> {
                awaitDepthBelowLimit();
                queue.push(task);
            }
            case SCHEDULING_RATE_DISCARD -> {
                // Over the rate, the freshest work is kept: the oldest pending task makes room,
                // and with none pending the new task itself is dropped.
                if (reserveRateSlot(false)) {
                    queue.push(task);
                } else if (!replaceOldest(task)) {
                    reportDiscard(task);
                }
            }
            case SCHEDULING_RATE_THROTTLE -> {
                reserveRateSlot(true);
                queue.push(task);
            }
            default -> throw new IllegalStateException(policy.toString());
        }
    }

    /** Drops the oldest pending task in favour of {@code task}; false if there was none to drop. */
    private boolean replaceOldest(Task task) {
        Task oldest = tasks.poll();
        if (oldest == null) {
            return false;
        }
        tasks.offer(task); // count unchanged: one out, one in
        reportDiscard(oldest);
        return true;
    }

    private void reportDiscard(Task dropped) {
        discarded.incrementAndGet();
        dropped.jfrEvent = null; // never runs: no task event
        dropped.discarded();
        dropped.complete();
        int depth = count.get();
        String what = dropped.describe();
        if (Jfr.AVAILABLE && JfrEvents.policyEnabled()) {
            JfrEvents.discarded(dispatcherName(), name, policy.toString(), depth, what);
        }
        policyEvents.post(new PolicyEvent(name, PolicyEvent.Kind.TASK_DISCARDED, policy, depth, what));
    }

    /**
     * Counts a poster made to wait and reports it on the policy port, before it waits; returns
     * the Flight Recorder event to end once it is admitted ({@link #throttleEnded}), or {@code null}.
     */
    private Object reportThrottled() {
        throttled.incrementAndGet();
        int depth = count.get();
        String poster = Thread.currentThread().getName();
        Object event = null;
        if (Jfr.AVAILABLE && JfrEvents.policyEnabled()) {
            event = JfrEvents.throttleStarting(dispatcherName(), name, policy.toString(), depth, poster);
        }
        policyEvents.post(new PolicyEvent(name, PolicyEvent.Kind.POSTER_THROTTLED, policy, depth, poster));
        return event;
    }

    private static void throttleEnded(Object event) {
        if (event != null) {
            JfrEvents.throttleEnded(event);
        }
    }

    /** The pool's name, or empty for an executor-backed queue (as the events record it). */
    private String dispatcherName() {
        return pool == null ? "" : pool.name();
    }

    private void awaitDepthBelowLimit() {
        if (count.get() < policy.maxDepth()) {
            return;
        }
        if (pool != null && pool.isOwnWorker(Thread.currentThread())) {
            // A worker blocking on its own dispatcher could wait for itself: admit instead.
            return;
        }
        Object event = reportThrottled();
        try {
            synchronized (throttleMonitor) {
                throttleWaiters++;
                try {
                    while (count.get() >= policy.maxDepth()) {
                        try {
                            throttleMonitor.wait(50);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new RejectedExecutionException("interrupted while throttled by queue '" + name + "'", e);
                        }
                    }
                } finally {
                    throttleWaiters--;
                }
            }
        } finally {
            throttleEnded(event);
        }
    }

    /**
     * Reserves the next slot of the scheduling rate. Throttling: waits until the slot's time.
     * Discarding: reserves only if the slot is due now, and says whether it did.
     */
    private boolean reserveRateSlot(boolean wait) {
        long now = System.nanoTime();
        while (true) {
            long slot = nextRateSlot.get();
            long start = slot == Long.MIN_VALUE || slot - now < 0 ? now : slot;
            if (!wait && start - now > 0) {
                return false;
            }
            if (nextRateSlot.compareAndSet(slot, start + rateIntervalNanos)) {
                if (wait && start - now > 0) {
                    Object event = reportThrottled();
                    long remaining;
                    while ((remaining = start - System.nanoTime()) > 0) {
                        LockSupport.parkNanos(remaining);
                    }
                    throttleEnded(event);
                }
                return true;
            }
        }
    }

    /**
     * Called after tasks were taken off the count: wakes posters waiting for the depth to drop.
     * One volatile read per call while nobody waits.
     */
    void afterTake() {
        if (throttleWaiters > 0) {
            synchronized (throttleMonitor) {
                throttleMonitor.notifyAll();
            }
        }
    }
}
