package io.ccrj.mpi.mpijava.programs;

import java.nio.ByteBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * Prints the messages of two failed calls on rank 0: a truncating receive with wildcards, and a
 * buffered send with no buffer attached.
 */
public class ErrorTermsProgram {
    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        if (me == 0) {
            MPI.COMM_WORLD.Send(new int[] {1, 2}, 0, 2, MPI.INT, 0, 3);
            try {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            } catch (MPIException e) {
                System.out.println(e.getMessage());
            }
            try {
                MPI.COMM_WORLD.Bsend(new int[1], 0, 1, MPI.INT, 1, 4);
            } catch (MPIException e) {
                System.out.println(e.getMessage());
            }
            MPI.Buffer_attach(ByteBuffer.allocate(1024));
            MPI.COMM_WORLD.Bsend(new int[1], 0, 1, MPI.INT, 1, 4);
            MPI.Buffer_detach();
        } else {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 4);
        }
        MPI.Finalize();
    }
}
