package io.ccrj.core;

/**
 * How a {@link DispatcherQueue} accepts tasks: CCR's five task execution policies.
 *
 * <ul>
 *   <li>{@link #unconstrained()} — every task is queued.</li>
 *   <li>{@link #queueDepthDiscard(int)} — at most {@code maxDepth} tasks wait; beyond that the
 *   oldest waiting task is dropped to make room (the freshest work is kept).</li>
 *   <li>{@link #queueDepthThrottle(int)} — a poster that would exceed {@code maxDepth} waits until
 *   a worker takes a task (real back-pressure: woken by the worker, not a 10 ms sleep loop). A
 *   worker of the same dispatcher is never made to wait (it could wait for itself); it is admitted.</li>
 *   <li>{@link #schedulingRateDiscard(double)} — tasks are accepted at most {@code tasksPerSecond};
 *   over the rate the oldest waiting task is dropped for the new one, or the new one is dropped if
 *   none waits.</li>
 *   <li>{@link #schedulingRateThrottle(double)} — a poster over the rate waits for its slot.</li>
 * </ul>
 * Dropped tasks and throttled posters are reported as {@link PolicyEvent}s on the queue's
 * {@link DispatcherQueue#policyEvents()} port.
 *
 * @param kind the policy
 * @param maxDepth the depth limit for the queue-depth policies, else 0
 * @param tasksPerSecond the rate for the scheduling-rate policies, else 0
 */
public record SchedulingPolicy(Kind kind, int maxDepth, double tasksPerSecond) {
    /** The five policies. */
    public enum Kind {
        /** No limit. */
        UNCONSTRAINED,
        /** Depth limit; drop the oldest. */
        QUEUE_DEPTH_DISCARD,
        /** Depth limit; the poster waits. */
        QUEUE_DEPTH_THROTTLE,
        /** Rate limit; drop. */
        SCHEDULING_RATE_DISCARD,
        /** Rate limit; the poster waits. */
        SCHEDULING_RATE_THROTTLE
    }

    /**
     * Validates the combination.
     *
     * @param kind the policy
     * @param maxDepth depth limit (queue-depth policies: at least 1; otherwise 0)
     * @param tasksPerSecond rate (scheduling-rate policies: positive and finite; otherwise 0)
     */
    public SchedulingPolicy {
        if (kind == null) {
            throw new NullPointerException("kind");
        }
        boolean depth = kind == Kind.QUEUE_DEPTH_DISCARD || kind == Kind.QUEUE_DEPTH_THROTTLE;
        boolean rate = kind == Kind.SCHEDULING_RATE_DISCARD || kind == Kind.SCHEDULING_RATE_THROTTLE;
        if (depth && maxDepth < 1) {
            throw new IllegalArgumentException(kind + " needs a maximum queue depth of at least 1, was " + maxDepth);
        }
        if (!depth && maxDepth != 0) {
            throw new IllegalArgumentException(kind + " takes no queue depth, was " + maxDepth);
        }
        if (rate && !(tasksPerSecond > 0 && Double.isFinite(tasksPerSecond))) {
            throw new IllegalArgumentException(kind + " needs a positive, finite rate in tasks per second, was " + tasksPerSecond);
        }
        if (!rate && tasksPerSecond != 0) {
            throw new IllegalArgumentException(kind + " takes no rate, was " + tasksPerSecond);
        }
    }

    /** {@return the policy that queues every task} */
    public static SchedulingPolicy unconstrained() {
        return new SchedulingPolicy(Kind.UNCONSTRAINED, 0, 0);
    }

    /**
     * A queue-depth limit that drops the oldest waiting task when the queue is full.
     *
     * @param maxDepth at least 1
     * @return a depth limit that drops the oldest waiting task
     */
    public static SchedulingPolicy queueDepthDiscard(int maxDepth) {
        return new SchedulingPolicy(Kind.QUEUE_DEPTH_DISCARD, maxDepth, 0);
    }

    /**
     * A queue-depth limit that makes posters wait while the queue is full.
     *
     * @param maxDepth at least 1
     * @return a depth limit that makes posters wait
     */
    public static SchedulingPolicy queueDepthThrottle(int maxDepth) {
        return new SchedulingPolicy(Kind.QUEUE_DEPTH_THROTTLE, maxDepth, 0);
    }

    /**
     * A scheduling-rate limit that drops tasks posted over the rate.
     *
     * @param tasksPerSecond positive
     * @return a rate limit that drops tasks over the rate
     */
    public static SchedulingPolicy schedulingRateDiscard(double tasksPerSecond) {
        return new SchedulingPolicy(Kind.SCHEDULING_RATE_DISCARD, 0, tasksPerSecond);
    }

    /**
     * A scheduling-rate limit that makes posters wait to keep to the rate.
     *
     * @param tasksPerSecond positive
     * @return a rate limit that makes posters wait
     */
    public static SchedulingPolicy schedulingRateThrottle(double tasksPerSecond) {
        return new SchedulingPolicy(Kind.SCHEDULING_RATE_THROTTLE, 0, tasksPerSecond);
    }
}
