package io.ccrj.mpi;

/**
 * How the threads of one rank may call its communicators, as MPI's {@code MPI_THREAD_*} levels
 * (in increasing order). A rank starts at {@link #FUNNELED} and asks for another level with
 * {@link Comm#requestThreadLevel}.
 *
 * <p>ccr-mpi provides up to {@link #SERIALIZED}: a rank's matching engine is owned by one thread
 * at a time (see {@code RankMailbox}), and a call from another thread takes the ownership over.
 * {@link #MULTIPLE} (concurrent calls from several threads of one rank) is not provided: a request
 * for it yields {@link #SERIALIZED}, as MPI allows.
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
    /** Any thread at any time ({@code MPI_THREAD_MULTIPLE}); not provided by ccr-mpi. */
    MULTIPLE
}
