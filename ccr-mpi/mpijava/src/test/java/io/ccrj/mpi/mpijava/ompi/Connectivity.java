package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/**
 * Open MPI's connectivity test kind of program: every pair of processes exchanges a message, the
 * lower rank sending first; each checks it heard from every other rank.
 */
public class Connectivity {

    /**
     * Runs the exchanges.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int np = MPI.COMM_WORLD.getSize();
        int heard = 0;
        int[] out = {rank};
        int[] in = new int[1];
        for (int i = 0; i < np; i++) {
            if (rank == i) {
                for (int j = i + 1; j < np; j++) {
                    MPI.COMM_WORLD.send(out, 1, MPI.INT, j, rank);
                    Status s = MPI.COMM_WORLD.recv(in, 1, MPI.INT, j, j);
                    heard += (s.getSource() == j && in[0] == j) ? 1 : 0;
                }
            } else if (rank > i) {
                Status s = MPI.COMM_WORLD.recv(in, 1, MPI.INT, i, i);
                heard += (s.getSource() == i && in[0] == i) ? 1 : 0;
                MPI.COMM_WORLD.send(out, 1, MPI.INT, i, rank);
            }
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("Connectivity test on " + np + " processes PASSED.");
        }
        Out.check("connectivity", "peers heard", heard, np - 1);
        MPI.Finalize();
    }
}
