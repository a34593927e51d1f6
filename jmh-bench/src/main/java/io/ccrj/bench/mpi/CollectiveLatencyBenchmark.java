package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Latency of one collective, back to back on every rank: barrier, broadcast of one double from
 * rank 0, allreduce (SUM) of one double, at 2, 4 and 8 ranks, on ccr-mpi and MPJ Express in the
 * same run. The project's targets for them are in docs/results.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CollectiveLatencyBenchmark {

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

    @Param({"CCR_MPI", "MPJ_EXPRESS"})
    public MpiBackend backend;

    @Param({"2", "4", "8"})
    public int ranks;

    @Param({"BARRIER", "BCAST", "ALLREDUCE"})
    public Collective collective;

    private DrivenWorld world;

    @Setup(Level.Trial)
    public void startWorld() {
        world = new DrivenWorld(backend, ranks, MpiKernels.latency(collective.op));
    }

    @TearDown(Level.Trial)
    public void stopWorld() throws InterruptedException {
        world.close();
    }

    /** One invocation: {@link #OPS} collectives on every rank; the score is per collective. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public void collective() {
        world.round(OPS);
    }
}
