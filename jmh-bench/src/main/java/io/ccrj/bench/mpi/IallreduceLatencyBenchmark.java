package io.ccrj.bench.mpi;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.Request;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Latency of a nonblocking allreduce (SUM) of one double, started and waited for at once,
 * back to back on every rank ({@code MPI_Iallreduce} + {@code MPI_Wait}), at 2, 4 and 8 ranks on
 * ccr-mpi; the blocking allreduce of {@link CollectiveLatencyBenchmark} is the comparison.
 */
public class IallreduceLatencyBenchmark extends Mpi3State {

    static final int OPS = 1_000;

    @Param({"2", "4", "8"})
    public int ranks;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        return comm -> {
            double[] in = {comm.rank() + 1.0};
            double[] out = new double[1];
            return n -> {
                for (int i = 0; i < n; i++) {
                    Request r = comm.iallreduce(in, 0, out, 0, 1, Datatype.DOUBLE, Op.SUM);
                    r.waitFor();
                }
            };
        };
    }

    /** One invocation: {@link #OPS} iallreduce-and-wait on every rank; the score is per collective. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void iallreduce() {
        round(OPS);
    }
}
