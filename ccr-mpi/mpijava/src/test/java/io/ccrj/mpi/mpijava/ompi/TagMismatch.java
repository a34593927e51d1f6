package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/** Rank 0 sends with tag 5, rank 1 waits for tag 6: a deadlock whose report must show the queued message. */
public class TagMismatch {

    /**
     * Sends and receives with different tags.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        if (MPI.COMM_WORLD.getRank() == 0) {
            MPI.COMM_WORLD.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 5);
            MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, 1, 9);
        } else if (MPI.COMM_WORLD.getRank() == 1) {
            MPI.COMM_WORLD.recv(new int[3], 3, MPI.INT, 0, 6);
        }
        MPI.Finalize();
    }
}
