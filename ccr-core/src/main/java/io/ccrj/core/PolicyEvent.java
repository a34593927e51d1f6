package io.ccrj.core;

/**
 * A report from a constrained {@link DispatcherQueue}: a task dropped, or a poster made to wait.
 *
 * @param queue the queue's name
 * @param kind what happened
 * @param policy the queue's policy
 * @param depth the queue's pending count when it happened
 * @param detail the dropped task's description, or the throttled thread's name
 */
public record PolicyEvent(String queue, Kind kind, SchedulingPolicy policy, int depth, String detail) {
    /** What happened. */
    public enum Kind {
        /** A task was dropped by a discarding policy. */
        TASK_DISCARDED,
        /** A posting thread had to wait under a throttling policy. */
        POSTER_THROTTLED
    }
}
