package io.ccrj.mpi.mpijava.programs;

import mpi.MPI;

/**
 * A program in the mpiJava test tradition that swallows every exception around its body: rank 1
 * receives rank 0's ints into a double buffer, which fails; the program drops the exception and
 * rank 1 returns, while rank 0 waits for rank 1's answer that never comes. The launcher must
 * still name the failed call and its rank.
 */
public class SwallowingProgram {
    /**
     * Runs the program.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        try {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            if (me == 0) {
                MPI.COMM_WORLD.Send(new int[] {1, 2}, 0, 2, MPI.INT, 1, 5);
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 6);
            } else if (me == 1) {
                MPI.COMM_WORLD.Recv(new double[2], 0, 2, MPI.DOUBLE, MPI.ANY_SOURCE, 5);
                MPI.COMM_WORLD.Send(new int[] {3}, 0, 1, MPI.INT, 0, 6);
            }
            MPI.Finalize();
        } catch (Exception e) {
            // the tradition: say nothing
        }
    }
}
