/**
 * SPMD ranks and MPI-style communicators (send, recv, sendrecv, collectives) on CCR ports. The API arrives with the ccr-mpi issue; this module currently only reserves the package and module name.
 */
package io.ccrj.mpi;
