/**
 * The papers' stage patterns as library code (Qiu et al. 2007, Fig. 3 and Table 1; Qiu, Fox &amp; Ho 2006, section 2):
 * the spawned model ({@link io.ccrj.mpi.patterns.Pipeline}, {@link io.ccrj.mpi.patterns.Shift},
 * {@link io.ccrj.mpi.patterns.TwoShifts}: each stage a fresh handler fired by arriving messages on
 * a ccr-core dispatcher) and the rendezvous model ({@link io.ccrj.mpi.patterns.RendezvousShift},
 * {@link io.ccrj.mpi.patterns.RendezvousExchange}, {@link io.ccrj.mpi.patterns.ExchangeAsTwoShifts}:
 * long-running ranks on any {@link io.ccrj.mpi.Comm}). Each run splits a
 * {@link io.ccrj.mpi.patterns.StageComputation} into stages and ends with the papers' reduction.
 */
package io.ccrj.mpi.patterns;
