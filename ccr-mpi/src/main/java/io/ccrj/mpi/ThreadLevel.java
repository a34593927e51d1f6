package io.ccrj.mpi;

/**
 * How the threads of one rank may call its communicators, as MPI's {@code MPI_THREAD_*} levels
 * (in increasing order). A rank starts at {@link #FUNNELED} and asks for another level with
 * {@link Comm#requestThreadLevel}.
 *
 * <p>ccr-mpi provides every level. Up to {@link #SERIALIZED} a rank's matching engine is owned by
 * one thread at a time and takes no lock: a call from another thread takes the ownership over.
 * At {@link #MULTIPLE} the matching engine is guarded by a per-rank lock that waiting threads do
 * not hold; the lower levels never take it (their calls only read a field that stays unset).
 */
public enum ThreadLevel {
    /** Only one thread exists in the rank ({@code MPI_THREAD_SINGLE}); treated as {@link #FUNNELED}. */
    SINGLE,
    /** Only the rank's own thread calls its communicators ({@code MPI_THREAD_FUNNELED}); the default. */
    FUNNELED,
    /**
     * Any thread of the rank may call, one call at a time ({@code MPI_THREAD_SERIALIZED}): the
     * application orders the calls (for example with a lock or by joining threads), and that
     * ordering also publishes the rank's matching state to the next calling thread.
     */
    SERIALIZED,
    /**
     * Any thread at any time ({@code MPI_THREAD_MULTIPLE}): several threads of a rank may send,
     * receive, probe, start, test and wait on requests at once, on one communicator or several.
     * Messages from one sending thread with one tag arrive in the order that thread sent them
     * (MPI's non-overtaking rule, which orders nothing between threads). As MPI requires, a
     * collective or a communicator-management call (dup, split, create, free, topologies) on one
     * communicator is made by one thread at a time, and a request is waited for or tested by one
     * thread at a time; two threads probing for one message may both see it before one receives
     * it. For the deadlock watchdog a rank is blocked while any of its threads waits, so raise the
     * world's deadlock timeout if one thread of a rank computes for longer than it while all
     * the other ranks and threads wait.
     */
    MULTIPLE
}
