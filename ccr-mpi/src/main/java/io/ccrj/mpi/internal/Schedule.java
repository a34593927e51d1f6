package io.ccrj.mpi.internal;

/**
 * One rank's part of a collective algorithm, written once as a sequence of rounds: in round
 * {@code r} the schedule posts receives and sends on a {@link CollTransport} ({@link #round}); once
 * the round's receives have completed, it combines or copies locally ({@link #afterRound}); after
 * the last round it writes its result out ({@link #finish}). Two drivers run the same schedule:
 * {@link CollectiveComm}'s blocking driver (the round's receives waited for on the rank's own
 * thread, on the mailbox's collective context) and {@link NonblockingCollective} (each round's
 * receives a join on ccr-core ports whose handler runs the next round, on the thread whose post
 * completed the round or on a worker of the world's collective dispatcher).
 *
 * <p>Thread safety: a schedule is touched by one thread at a time, and the drivers order the
 * hand-offs: the blocking driver runs it on the calling thread only; the nonblocking driver runs
 * its first rounds on the calling thread and every later round in the handler of the previous
 * round's join, which ccr-core runs after the activation that registered it (the activation and
 * the task hand-off give happens-before from one round to the next). A schedule holds the
 * collective's buffers, which MPI forbids the program to touch until the collective completes.
 */
abstract class Schedule {
    /**
     * Posts round {@code r}'s receives, then its sends; may copy locally before them.
     *
     * @param r the round, from 0, each once and in order
     * @param t the transport
     * @return {@code false} if the schedule has no round {@code r}: it is over
     */
    abstract boolean round(int r, CollTransport t);

    /** Combines or copies what round {@code r}'s receives delivered. */
    void afterRound(int r) {
    }

    /** Writes the result out, after the last round. */
    void finish() {
    }

    /** What the schedule is, for error messages and deadlock reports. */
    abstract String name();

    /**
     * This rank's root and operation in the call, as {@link CollectiveCall#code}: every rank's
     * must be the same, and a receive compares the sender's with its own. 0 for a collective
     * with neither.
     */
    int call() {
        return 0;
    }

    /** The number of rounds of a binomial or recursive-doubling algorithm over {@code n} ranks: ceil(log2 n). */
    static int log2Ceil(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
