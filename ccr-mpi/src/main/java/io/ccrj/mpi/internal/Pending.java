package io.ccrj.mpi.internal;

/**
 * Something a rank waits for in {@link RankMailbox#await}: complete once the messages drained
 * into the mailbox satisfy it. Owner-thread only, except {@link #mayTake}.
 */
interface Pending {
    /**
     * Whether the wait is over; called by the owner after each drain of its inbound queue.
     *
     * @return {@code true} when complete (successfully or with an error)
     */
    boolean isComplete();

    /**
     * Whether only a newly drained message can complete this wait, so that {@link #isComplete()}
     * need not be polled otherwise. {@code false} for a wait that another rank completes directly
     * (a zero-copy send, completed when the receiver has taken the elements).
     *
     * @return {@code true} unless another rank completes the wait without a message
     */
    default boolean needsMessage() {
        return true;
    }

    /**
     * Whether message {@code m}, just delivered to the rank, may complete this wait; {@code false}
     * only where it certainly cannot (a receive or probe for another source, tag or
     * communicator). At thread level MULTIPLE a delivery wakes only the waiting threads whose
     * wait it may complete. Called by the delivering thread, of another rank: reads only fields
     * fixed when the wait was made.
     *
     * @param m the delivered message
     * @return whether draining {@code m} may complete this wait
     */
    default boolean mayTake(Message m) {
        return needsMessage();
    }

    /**
     * What is pending, for deadlock reports, for example
     * {@code recv(source=1, tag=7, DOUBLE x 1) on world}.
     *
     * @return a one-line description
     */
    String describe();
}
