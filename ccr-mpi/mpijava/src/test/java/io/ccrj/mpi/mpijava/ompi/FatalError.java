package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/** Sends to a rank that does not exist under the default error handler, which ends the run. */
public class FatalError {

    /**
     * Sends to rank size + 1 from rank 0; the others wait in a barrier.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 0) {
            try {
                MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, MPI.COMM_WORLD.getSize() + 1, 0);
            } catch (MPIException e) {
                System.out.println("caught " + e.getErrorClass());
                throw e;
            }
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
