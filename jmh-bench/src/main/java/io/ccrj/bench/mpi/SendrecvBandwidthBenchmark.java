package io.ccrj.bench.mpi;

import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code sendrecv} bandwidth between 2 ranks beside its baseline, one {@code System.arraycopy} of
 * the same array on one thread. Each operation is one {@code sendrecv} per rank (both ranks send
 * {@code doubles} elements to each other at once, as in a ring shift), so bytes moved per
 * operation = 2 x 8 x doubles; the baseline copies 8 x doubles per operation. From
 * {@value io.ccrj.bench.mpi.SendrecvBandwidthBenchmark#ZERO_COPY_FROM} elements on, sendrecv lends
 * the send buffer (one copy, receiver side); below, it copies twice (eager).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SendrecvBandwidthBenchmark {

    /** ccr-mpi's zero-copy threshold, for the javadoc above. */
    static final int ZERO_COPY_FROM = 256;

    static final int OPS = 2000;

    @Param({"1000", "100000", "1000000"})
    int doubles;

    SpmdWorld world;
    double[] source;
    double[] target;
    /** A world run of {@link #OPS} sendrecvs per rank: at 2 ranks a ring shift is an exchange with the other rank. */
    Kernel<Void> shift;

    @Setup
    public void setUp() {
        world = SpmdWorld.builder().size(2).name("bandwidth").build();
        source = new double[doubles];
        target = new double[doubles];
        shift = MpiKernels.once(MpiKernels.ringShift(MpiKernels.CopyModel.OUTSIDE_THREAD, doubles), OPS);
    }

    /** One sendrecv of {@code doubles} elements each way between 2 ranks (world start amortised). */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public List<Void> sendrecv() {
        return world.run(shift);
    }

    /** Baseline: one System.arraycopy of {@code doubles} elements on the benchmark thread. */
    @Benchmark
    public double[] arraycopy() {
        System.arraycopy(source, 0, target, 0, doubles);
        return target;
    }
}
