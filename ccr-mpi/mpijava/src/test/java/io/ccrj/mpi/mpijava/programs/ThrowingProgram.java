package io.ccrj.mpi.mpijava.programs;

import mpi.MPI;

/**
 * The last rank throws from two calls deep in the program while the others wait for it: the
 * launcher reports that rank's exception once and one line for each of the others.
 */
public class ThrowingProgram {
    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int last = MPI.COMM_WORLD.Size() - 1;
        if (me == last) {
            compute(me);
        } else {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, last, 1);
        }
        MPI.Finalize();
    }

    private static void compute(int me) {
        check(me);
    }

    private static void check(int me) {
        throw new IllegalStateException("rank " + me + " found a bad value");
    }
}
