package io.ccrj.bench.mpi;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Datatype;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * A neighbourhood all-to-all on a periodic 2-D Cartesian grid (2 x 2 at 4 ranks): each rank sends
 * {@link #count} doubles to each of its four neighbours and receives as many from each, back to
 * back, blocking ({@code MPI_Neighbor_alltoall}) or started and waited for at once
 * ({@code MPI_Ineighbor_alltoall}), on ccr-mpi.
 */
public class NeighborAlltoallBenchmark extends Mpi3State {

    static final int OPS = 200;

    @Param({"4"})
    public int ranks;

    /** Doubles per neighbour. */
    @Param({"1", "1000"})
    public int count;

    @Param({"false", "true"})
    public boolean nonblocking;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        int m = count;
        boolean nb = nonblocking;
        int n = ranks;
        return comm -> {
            int[] dims = new int[2];
            CartComm.dimsCreate(n, dims);
            CartComm grid = comm.createCart(dims, new boolean[] {true, true}, false);
            double[] send = new double[4 * m];
            double[] recv = new double[4 * m];
            java.util.Arrays.fill(send, grid.rank());
            return k -> {
                for (int i = 0; i < k; i++) {
                    if (nb) {
                        grid.ineighborAlltoall(send, 0, m, Datatype.DOUBLE, recv, 0, m, Datatype.DOUBLE).waitFor();
                    } else {
                        grid.neighborAlltoall(send, 0, m, Datatype.DOUBLE, recv, 0, m, Datatype.DOUBLE);
                    }
                }
            };
        };
    }

    /** One invocation: {@link #OPS} exchanges on every rank; the score is per exchange. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void neighborAlltoall() {
        round(OPS);
    }
}
