package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;

/**
 * {@code sendrecv} bandwidth around a ring (Qiu, Fox &amp; Ho 2006, section 3) on both backends in the same run
 * ({@link SendrecvBandwidthBenchmark} times ccr-mpi alone at 2 ranks): every rank sends
 * {@code doubles} doubles to its right neighbour and receives as many from its left, at 2 and 4
 * ranks, on ccr-mpi and MPJ Express. The score is the time of one shift; the
 * bandwidth summed over ranks is {@code 8 * doubles * ranks / score}. {@link ArraycopyBaseline}
 * is the baseline (the committed figures are in docs/results.md; this machine's arraycopy
 * bandwidth is in docs/platform.md).
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class RingSendrecvBandwidthBenchmark extends WorldBenchmark {

    static final int SHIFTS = 100;

    @Param({"2", "4"})
    public int ranks;

    @Param({"1000", "10000", "100000", "1000000"})
    public int doubles;

    /**
     * Where the received array lands (Qiu, Fox &amp; Ho 2006, section 3): {@code OUTSIDE_THREAD} (one fixed
     * array per rank) is the plain sendrecv; the other two are the papers' other copy models.
     */
    @Param({"OUTSIDE_THREAD", "INSIDE_THREAD", "STEPPED_ARRAY"})
    public MpiKernels.CopyModel model;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        return MpiKernels.ringShift(model, doubles);
    }

    /** One invocation: {@link #SHIFTS} shifts; the score is per shift. */
    @Benchmark
    @OperationsPerInvocation(SHIFTS)
    public void shift() {
        round(SHIFTS);
    }
}
