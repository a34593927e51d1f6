package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The baseline of {@link RingSendrecvBandwidthBenchmark}: {@code System.arraycopy} of the same
 * number of doubles on one thread; bandwidth {@code 8 * doubles / score}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ArraycopyBaseline {

    @Param({"1000", "10000", "100000", "1000000"})
    public int doubles;

    private double[] from;
    private double[] to;

    @Setup
    public void allocate() {
        from = new double[doubles];
        to = new double[doubles];
        java.util.Arrays.fill(from, 1.5);
    }

    @Benchmark
    public double[] arraycopy() {
        System.arraycopy(from, 0, to, 0, doubles);
        return to;
    }
}
