/**
 * SPMD ranks and MPI-style communicators on the JVM, in the spirit of mpiJava 1.2 / MPJ Express.
 *
 * <p>{@link io.ccrj.mpi.SpmdWorld} runs a {@link io.ccrj.mpi.Kernel} on N ranks in this JVM; each
 * rank talks through a {@link io.ccrj.mpi.Comm}: point-to-point ({@code send}, {@code recv},
 * {@code sendrecv}, {@code isend}, {@code irecv}) with MPI matching by source and tag, and
 * collectives ({@code barrier}, {@code bcast}, {@code reduce}, {@code allreduce}, {@code gather},
 * {@code scatter}, {@code allgather}, {@code alltoall}, {@code split}); groups ({@link io.ccrj.mpi.Group}),
 * communicator management ({@code dup}, {@code create}, {@code self}, {@code compare},
 * {@code free}), intercommunicators ({@link io.ccrj.mpi.Intercomm}) and topologies
 * ({@link io.ccrj.mpi.CartComm}, {@link io.ccrj.mpi.GraphComm}). The papers' stage patterns
 * (Pipeline, Shift, Two Shifts, Rendezvous Shift, Rendezvous Exchange) are in
 * {@code io.ccrj.mpi.patterns}.
 */
package io.ccrj.mpi;
