package io.ccrj.mpi;

/**
 * The result of comparing two groups ({@link Group#compare}) or two communicators
 * ({@link Comm#compare}), as MPI's {@code MPI_IDENT}, {@code MPI_CONGRUENT}, {@code MPI_SIMILAR}
 * and {@code MPI_UNEQUAL}.
 */
public enum Comparison {
    /** The same group (same members in the same order), or the same communicator. */
    IDENT,
    /** Two communicators over the same members in the same order, with different contexts. */
    CONGRUENT,
    /** The same members in a different order. */
    SIMILAR,
    /** Different members. */
    UNEQUAL
}
