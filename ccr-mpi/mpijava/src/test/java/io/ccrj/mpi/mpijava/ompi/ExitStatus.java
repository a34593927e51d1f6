package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/**
 * The last rank calls {@code System.exit(77)} (a test harness's "skipped") after a barrier, while
 * the others wait in a receive that never comes: the launcher names the rank and its status and
 * exits 77, as Open MPI's {@code mpirun} does.
 */
public class ExitStatus {

    /**
     * Exits from the last rank.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int n = MPI.COMM_WORLD.getSize();
        MPI.COMM_WORLD.barrier();
        if (MPI.COMM_WORLD.getRank() == n - 1) {
            System.exit(77);
        }
        MPI.COMM_WORLD.recv(new int[1], 1, MPI.INT, n - 1, 0);
        System.out.println("not reached on rank " + MPI.COMM_WORLD.getRank());
        MPI.Finalize();
    }
}
