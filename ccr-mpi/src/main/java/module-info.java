/**
 * ccr-mpi: SPMD ranks, MPI-style communicators and the papers' stage patterns, on ccr-core.
 *
 * <p>Exports the API package {@code io.ccrj.mpi} and the patterns in
 * {@code io.ccrj.mpi.patterns}; the matching engine, rank runtime and collective algorithms in
 * {@code io.ccrj.mpi.internal} are not part of the API.
 */
module io.ccrj.mpi {
    requires transitive io.ccrj.core;

    exports io.ccrj.mpi;
    exports io.ccrj.mpi.patterns;
}
