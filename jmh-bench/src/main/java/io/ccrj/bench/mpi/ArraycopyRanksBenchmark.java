package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;

/**
 * The second baseline of {@link RingSendrecvBandwidthBenchmark}: {@code System.arraycopy} on every
 * rank's thread at once, with no messaging. Each rank of a world copies its own array of
 * {@code doubles} doubles into its own target, {@link #COPIES} times per invocation, in the same
 * driven rounds ({@link DrivenWorld}) as the ring shift, so the two carry the same round cost.
 * The score is the time of one copy on every rank; the bandwidth summed over ranks is
 * {@code 8 * doubles * ranks / score}. {@code bin/ccrj mpi} runs it on ccr-mpi's world only (its
 * ranks are threads of the benchmark's JVM; the backend does not take part in a copy).
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx4g")
public class ArraycopyRanksBenchmark extends WorldBenchmark {
    /** Copies per rank per invocation: as many as the ring benchmark's shifts. */
    static final int COPIES = RingSendrecvBandwidthBenchmark.SHIFTS;

    /** Ranks, one copying thread each. */
    @Param({"2", "4"})
    public int ranks;

    /** Doubles per copy. */
    @Param({"1000", "10000", "100000", "1000000"})
    public int doubles;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        return MpiKernels.arraycopies(doubles);
    }

    /** One invocation: {@link #COPIES} copies on every rank; the score is per copy. */
    @Benchmark
    @OperationsPerInvocation(COPIES)
    public void copy() {
        round(COPIES);
    }
}
