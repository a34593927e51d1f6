package io.ccrj.core;

/**
 * An activated reader/writer arbiter (see {@link Arbiter#interleave}): concurrent handlers run in
 * parallel with each other, an exclusive handler runs alone, pending exclusives are preferred over
 * new concurrents, and the teardown handler runs once, alone, and retires the interleave.
 *
 * <p>Messages waiting inside the interleave have already left their ports; the counts below show
 * them. A sequential handler ({@link Arbiter#receiveSequential}) in the exclusive group keeps its
 * exclusivity until its whole sequential task ends. An exclusive handler that waits for a reply
 * which only another handler of the same interleave can produce deadlocks: that handler cannot run
 * until the exclusive one ends. Post the request and handle the reply in a separate receive
 * instead.
 */
public interface Interleave extends ArbiterTask {
    /** {@return exclusive handlers waiting to run} */
    int pendingExclusiveCount();

    /** {@return concurrent handlers waiting to run} */
    int pendingConcurrentCount();

    /** {@return concurrent handlers running now} */
    int activeConcurrentCount();

    /** {@return {@code true} while an exclusive (or the teardown) handler runs} */
    boolean isExclusiveRunning();

    /**
     * {@return {@code true} once the teardown handler has finished, every branch is unregistered
     *     and the items that were pending inside are back in their ports}
     */
    boolean isRetired();
}
