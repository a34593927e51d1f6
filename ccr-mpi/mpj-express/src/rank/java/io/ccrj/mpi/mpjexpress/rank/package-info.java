/**
 * The rank side of the MPJ Express backend: {@link io.ccrj.mpi.Comm} and
 * {@link io.ccrj.mpi.Request} over MPJ Express's {@code mpi.Intracomm} and {@code mpi.Request},
 * and the entry point MPJ Express runs in each rank.
 *
 * <p>These classes are loaded only by MPJ Express's per-rank class loaders, next to their own
 * copy of {@code mpi.jar}; they are compiled from {@code src/rank/java} and shipped as resources
 * (never on a launching class path). They reach the launching side through
 * {@code io.ccrj.mpi.mpjexpress.internal.MulticoreRun}, which the system class loader provides.
 */
package io.ccrj.mpi.mpjexpress.rank;
