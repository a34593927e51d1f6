package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of one collective, back to back on every rank: barrier, broadcast of one double from
 * rank 0, allreduce (SUM) of one double, at 2, 4 and 8 ranks, on ccr-mpi and MPJ Express in the
 * same run. The project's targets for them are in docs/results.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CollectiveLatencyBenchmark extends WorldBenchmark {

    static final int OPS = 1_000;

    /** The collective timed. */
    public enum Collective {
        /** {@code barrier()}. */
        BARRIER(MpiKernels.LatencyOp.BARRIER),
        /** {@code bcast} of one double from rank 0. */
        BCAST(MpiKernels.LatencyOp.BCAST),
        /** {@code allreduce} (SUM) of one double. */
        ALLREDUCE(MpiKernels.LatencyOp.ALLREDUCE);

        final MpiKernels.LatencyOp op;

        Collective(MpiKernels.LatencyOp op) {
            this.op = op;
        }
    }

    @Param({"2", "4", "8"})
    public int ranks;

    @Param({"BARRIER", "BCAST", "ALLREDUCE"})
    public Collective collective;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        return MpiKernels.latency(collective.op);
    }

    /** One invocation: {@link #OPS} collectives on every rank; the score is per collective. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void collective() {
        round(OPS);
    }
}
