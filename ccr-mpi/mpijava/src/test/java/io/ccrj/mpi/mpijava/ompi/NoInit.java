package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/** Forgets {@code MPI.Init}: the launcher says so in one line instead of a bare NullPointerException. */
public class NoInit {

    /**
     * Asks for the rank without starting MPI.
     *
     * @param args unused
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        System.out.println("rank " + MPI.COMM_WORLD.getRank());
    }
}
