package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Latency of one collective, back to back on every rank: barrier, broadcast of one double from
 * rank 0, allreduce (SUM) of one double, at 2, 4 and 8 ranks, on ccr-mpi and MPJ Express in the
 * same run. The project's targets for them are in docs/results.md.
 */
public class CollectiveLatencyBenchmark extends WorldBenchmark {

    static final int OPS = 1_000;

    @Param({"2", "4", "8"})
    public int ranks;

    /** The collective timed: the runner's latency operations but ping-pong ({@link PingPongBenchmark}). */
    @Param({"BARRIER", "BCAST", "ALLREDUCE"})
    public LatencyOp collective;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        return MpiKernels.latency(collective);
    }

    /** One invocation: {@link #OPS} collectives on every rank; the score is per collective. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void collective() {
        round(OPS);
    }
}
