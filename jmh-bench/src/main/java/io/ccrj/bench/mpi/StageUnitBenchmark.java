package io.ccrj.bench.mpi;

import io.ccrj.mpi.patterns.StageComputation;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One of the papers' basic computation units ({@link StageComputation#basicUnit}) on one thread,
 * chained as {@link MpiKernels#stages} chains them in a stage. {@code bin/ccrj mpi} runs it first
 * to turn {@code --stage-us} (the papers' compute per stage) into a number of units per stage for
 * {@link StageOverheadBenchmark}; the stage benchmark's {@code COMPUTE_ONLY} score is then the
 * compute per stage actually measured.
 *
 * <p>Not shared: each benchmark thread has its own {@code carry} (JMH's {@code Scope.Thread}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class StageUnitBenchmark {
    /** Units per invocation: enough that JMH's call overhead is far below one unit's share. */
    static final int UNITS = 1_000;

    /** Carried from one invocation to the next, so that no invocation's work can be dropped. */
    private double carry = 1;

    /**
     * {@link #UNITS} basic units, each starting from the last one's result.
     *
     * @return the last unit's result
     */
    @Benchmark
    @OperationsPerInvocation(UNITS)
    public double unit() {
        double x = carry * 0.5;
        for (int u = 0; u < UNITS; u++) {
            x = StageComputation.basicUnit(x);
        }
        carry = x;
        return x;
    }
}
