package io.ccrj.mpi.mpijava.programs;

import mpi.MPI;

/**
 * Keeps mutable statics, as many mpiJava codes do: each rank must see its own copy (its own class
 * loader), so every rank counts one start and sums to the number of ranks.
 */
public class StaticsProgram {
    private static int starts;
    private static String[] programArgs;

    /**
     * Runs the program.
     *
     * @param args printed back by rank 0
     */
    public static void main(String[] args) {
        starts++;
        programArgs = MPI.Init(args);
        int[] total = new int[1];
        MPI.COMM_WORLD.Allreduce(new int[] {starts}, 0, total, 0, 1, MPI.INT, MPI.SUM);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println("starts " + starts + " total " + total[0] + " args " + String.join(",", programArgs)
                    + " loader " + StaticsProgram.class.getClassLoader().getName());
        }
        MPI.Finalize();
    }
}
