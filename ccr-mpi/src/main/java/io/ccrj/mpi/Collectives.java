package io.ccrj.mpi;

/**
 * How a {@link SpmdWorld}'s ranks carry out {@link Comm#barrier()}, {@link Comm#allreduce},
 * {@link Comm#allgather} and {@link Comm#allgatherv}.
 *
 * <p>The message-based algorithms (dissemination barrier, recursive-doubling allreduce, ring
 * allgather) take {@code log2 n} or {@code n - 1} rounds of messages on every rank: cheapest while
 * every rank has a processor and a hand-off is a few spinning polls. With more ranks than
 * processors each hand-off is a rank switch or a park and a wake-up, and the shared-memory
 * algorithm (every rank announces its arrival on one counter; the last one completes the
 * operation and wakes the others) needs {@code n - 1} of them instead of {@code n log2 n} or
 * {@code n (n - 1)}. Both give every rank the same, rank-ordered result.
 */
public enum Collectives {
    /** Message-based algorithms always. */
    MESSAGES,
    /** The shared-memory central-counter algorithms always. */
    SHARED_MEMORY,
    /**
     * {@link #MESSAGES} while the world's size is at most {@link Runtime#availableProcessors()},
     * {@link #SHARED_MEMORY} otherwise. The default.
     */
    AUTO
}
