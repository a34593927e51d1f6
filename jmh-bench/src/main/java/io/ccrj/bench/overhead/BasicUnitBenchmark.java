package io.ccrj.bench.overhead;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The papers' basic computation unit ({@link BasicUnit}) timed by JMH: {@value #UNITS} units per
 * operation, so the score divided by {@value #UNITS} is one unit's time, from which
 * {@code bin/ccrj overhead} chooses the units per stage that give the papers' time per stage (the
 * SALSA CCR/MPI page times the unit at 1.39 µs on the AMD machine, 1.48 µs on the INTEL one). The
 * units are chained ({@link BasicUnit}), so the JIT cannot fold the repetitions away, and the sum is
 * returned for JMH to consume.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class BasicUnitBenchmark {
    /** Units per operation: about a millisecond on a current core, long next to JMH's per-call cost. */
    public static final int UNITS = 10_000;

    /** @return the sum of {@value #UNITS} units */
    @Benchmark
    public double units() {
        return BasicUnit.compute(UNITS);
    }
}
