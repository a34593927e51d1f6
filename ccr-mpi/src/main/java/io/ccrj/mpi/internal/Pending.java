package io.ccrj.mpi.internal;

/**
 * Something a rank waits for in {@link RankMailbox#await}: complete once the messages drained
 * into the mailbox satisfy it. Owner-thread only.
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
     * What is pending, for deadlock reports, for example
     * {@code recv(source=1, tag=7, DOUBLE x 1) on world}.
     *
     * @return a one-line description
     */
    String describe();
}
