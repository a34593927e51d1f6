package io.ccrj.bench.mpi;

/**
 * The rows of {@code bin/ccrj mpi}'s MPI-3 table ({@code --only mpi3}): each an operation timed on
 * ccr-mpi by a JMH benchmark and in C on the machine's MPI by {@code native_mpi3.c}, the same
 * operations back to back on every rank, every rank targeting its right neighbour.
 */
enum Mpi3Op {
    /** {@code iallreduce} (SUM) of one double, waited for at once ({@link IallreduceLatencyBenchmark}). */
    IALLREDUCE("iallreduce, 1 double (start + wait)", "iallreduce", 2, Kind.LATENCY),
    /**
     * {@code iallreduce} of 10^5 doubles with computation between start and wait, the OSU
     * micro-benchmarks' overlap ({@link IallreduceOverlapBenchmark}).
     */
    IALLREDUCE_OVERLAP("iallreduce, 10^5 doubles, overlap with computation", "overlap", 2, Kind.OVERLAP),
    /** {@code put} of one double and {@code flush} in a lock-all epoch ({@link WindowLatencyBenchmark}). */
    PUT_FLUSH("put, 8 bytes + flush (lock-all epoch)", "put-flush", 2, Kind.LATENCY),
    /** {@code get} of one double and {@code flush} in a lock-all epoch. */
    GET_FLUSH("get, 8 bytes + flush (lock-all epoch)", "get-flush", 2, Kind.LATENCY),
    /** {@code put} of one double closed by {@code fence}. */
    PUT_FENCE("put, 8 bytes + fence", "put-fence", 2, Kind.LATENCY),
    /** {@code fetchAndOp} (SUM) of one long and {@code flush} in a lock-all epoch. */
    FETCH_AND_OP("fetch-and-op, SUM of a long + flush (lock-all epoch)", "fetch-and-op", 2, Kind.LATENCY),
    /** {@code compareAndSwap} of one long and {@code flush} in a lock-all epoch. */
    COMPARE_AND_SWAP("compare-and-swap, a long + flush (lock-all epoch)", "compare-and-swap", 2, Kind.LATENCY),
    /** {@code put} of 1 MB (131,072 doubles) and {@code flush} in a lock-all epoch: its bandwidth. */
    PUT_1MB("put, 1 MB + flush (lock-all epoch): bandwidth", "put-1mb-flush", 2, Kind.BANDWIDTH),
    /**
     * {@code neighborAlltoall} of one double per neighbour on a periodic 2 x 2 Cartesian grid
     * ({@link NeighborAlltoallBenchmark}).
     */
    NEIGHBOR_ALLTOALL("neighbour all-to-all, 2-D periodic grid 2 x 2, 1 double per neighbour", "neighbor-alltoall", 4,
            Kind.LATENCY);

    /** What a row's figure is. */
    enum Kind {
        /** µs per operation. */
        LATENCY,
        /** (t_compute + t_pure - t_overall) / t_pure, in percent. */
        OVERLAP,
        /** MB/s (10^6 bytes per second) of one rank's puts. */
        BANDWIDTH
    }

    /** Bytes of {@link #PUT_1MB}'s put. */
    static final int MB_BYTES = 8 * WindowLatencyBenchmark.MB_DOUBLES;

    /** What the table calls it. */
    final String label;
    /** The operation's name on the native program's command line and output. */
    final String nativeName;
    /** The ranks it runs at. */
    final int ranks;
    /** What its figure is. */
    final Kind kind;

    Mpi3Op(String label, String nativeName, int ranks, Kind kind) {
        this.label = label;
        this.nativeName = nativeName;
        this.ranks = ranks;
        this.kind = kind;
    }
}
