/**
 * Machinery of the MPJ Express backend, not API: the in-process launch of MPJ Express's
 * {@code MulticoreStarter}, the hand-off of kernel, results and failures between the launching
 * thread and the ranks' class loaders, deadlock watch, and the reset of MPJ Express's multicore
 * device between worlds.
 */
package io.ccrj.mpi.mpjexpress.internal;
