import mpi.MPI;

/**
 * An mpiJava 1.2 / MPJ Express program: every process sums the ranks with Allreduce and rank 0
 * prints the total. Compiles against ccrj's package mpi or MPJ Express's mpj.jar.
 */
public class HelloMpiJava {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] mine = {rank};
        int[] sum = new int[1];
        MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        System.out.println("mpiJava: rank " + rank + " of " + size + ", sum of ranks " + sum[0]);
        MPI.Finalize();
    }
}
