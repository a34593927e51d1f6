package io.ccrj.core;

import java.util.List;
import java.util.Objects;

/**
 * A snapshot of a {@link Dispatcher}'s counters, from {@link Dispatcher#metrics()}: immutable, and
 * cheap to take (it reads counters the dispatcher keeps anyway; no task is stopped for it). Each
 * counter is read on its own, so two of them may be a moment apart; the totals only grow.
 *
 * @param dispatcher the dispatcher's name
 * @param workers its worker threads
 * @param parkedWorkers workers napping or parked when the snapshot was taken
 * @param tasksExecuted tasks run so far (as {@link Dispatcher#processedTaskCount()})
 * @param pendingTasks tasks accepted and not yet started, over its queues
 * @param discarded tasks dropped by a discarding policy or by {@link DispatcherQueue#dispose()},
 *     over the queues it serves now (a disposed queue leaves once empty)
 * @param throttled times a poster was made to wait by a throttling policy, over the same queues
 * @param parks times an idle worker parked (after its spin and nap, see {@link IdleStrategy}; naps are not counted)
 * @param wakeUps parks that a thread with work ended; the others timed out
 * @param queues one entry per queue it serves, in creation order
 */
public record DispatcherMetrics(String dispatcher, int workers, int parkedWorkers, long tasksExecuted,
                                long pendingTasks, long discarded, long throttled, long parks, long wakeUps,
                                List<Queue> queues) {
    /**
     * Copies the queue list.
     *
     * @param dispatcher the dispatcher's name
     * @param workers its worker threads
     * @param parkedWorkers workers napping or parked now
     * @param tasksExecuted tasks run so far
     * @param pendingTasks tasks waiting
     * @param discarded tasks dropped
     * @param throttled posters made to wait
     * @param parks times a worker parked
     * @param wakeUps parks ended by a thread with work
     * @param queues one entry per queue
     */
    public DispatcherMetrics {
        Objects.requireNonNull(dispatcher, "dispatcher");
        queues = List.copyOf(queues);
    }

    /**
     * One queue's counters (as {@link DispatcherQueue}'s own counter methods report them).
     *
     * @param name the queue's name
     * @param policy its scheduling policy's kind
     * @param depth tasks accepted and not yet started ({@link DispatcherQueue#pendingCount()})
     * @param executed tasks run ({@link DispatcherQueue#executedCount()})
     * @param discarded tasks dropped ({@link DispatcherQueue#discardedCount()})
     * @param throttled posters made to wait ({@link DispatcherQueue#throttledCount()})
     * @param suspended whether it is suspended
     */
    public record Queue(String name, SchedulingPolicy.Kind policy, int depth, long executed, long discarded,
                        long throttled, boolean suspended) {
    }
}
