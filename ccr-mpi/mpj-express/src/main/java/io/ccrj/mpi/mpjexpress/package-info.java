/**
 * The MPJ Express backend of ccr-mpi: {@link io.ccrj.mpi.mpjexpress.MpjExpressWorld} runs an
 * {@link io.ccrj.mpi.Kernel}, unchanged, on MPJ Express 0.44's multicore device (ranks as threads
 * of this JVM), so that one SPMD program can be checked and timed on both backends, and
 * {@link io.ccrj.mpi.mpjexpress.MpjExpressHome} names an installation and the class paths it
 * needs.
 *
 * <p>The {@link io.ccrj.mpi.Comm} adapter over {@code mpi.Intracomm} is not in this package: MPJ
 * Express must load it in each rank's own class loader, next to {@code mpi.jar}, so it ships as
 * resources of this module (see {@code docs/mpj-express.md}).
 */
package io.ccrj.mpi.mpjexpress;
