package io.ccrj.mpi.mpijava.programs;

import mpi.MPI;
import mpi.MPIException;

/**
 * {@code Initialized} and {@code Finalized} through a rank's life, and the calls MPI forbids
 * around them ({@code Finalize} twice, {@code Init} after {@code Finalize}). {@code Finalized}
 * is not in MPJ Express 0.44, so this program runs on ccr-mpi only.
 */
public class LifecycleProgram {

    /**
     * Runs the program; rank 0 prints one line of states and error messages.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        StringBuilder out = new StringBuilder();
        out.append(MPI.Initialized()).append(' ').append(MPI.Finalized());
        MPI.Init(args);
        out.append(" | ").append(MPI.Initialized()).append(' ').append(MPI.Finalized());
        MPI.COMM_WORLD.Barrier();
        int rank = MPI.COMM_WORLD.Rank();
        MPI.Finalize();
        out.append(" | ").append(MPI.Initialized()).append(' ').append(MPI.Finalized());
        for (Runnable r : new Runnable[] {MPI::Finalize, () -> MPI.Init(args)}) {
            try {
                r.run();
                out.append(" | no exception");
            } catch (MPIException e) {
                out.append(" | ").append(e.getMessage());
            }
        }
        if (rank == 0) {
            System.out.println(out);
        }
    }
}
