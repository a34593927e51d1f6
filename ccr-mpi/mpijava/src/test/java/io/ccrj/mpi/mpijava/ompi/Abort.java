package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/** Rank 1 calls {@code abort(77)} while the others wait in a barrier: every rank stops, the run exits 77. */
public class Abort {

    /**
     * Aborts from rank 1.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 1 % MPI.COMM_WORLD.getSize()) {
            MPI.COMM_WORLD.abort(77);
        }
        MPI.COMM_WORLD.barrier();
        System.out.println("not reached on rank " + MPI.COMM_WORLD.getRank());
        MPI.Finalize();
    }
}
