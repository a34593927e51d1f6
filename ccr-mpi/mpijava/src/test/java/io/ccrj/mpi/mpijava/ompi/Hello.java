package io.ccrj.mpi.mpijava.ompi;

import mpi.MPI;
import mpi.MPIException;

/** Open MPI's examples/Hello.java kind of program: every process says who it is. */
public class Hello {

    /**
     * Prints one greeting per process.
     *
     * @param args passed to {@code MPI.Init}
     * @throws MPIException if MPI fails
     */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int myrank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello world from rank " + myrank + " of " + size);
        MPI.Finalize();
    }
}
