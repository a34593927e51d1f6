package io.ccrj.bench.mpi;

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
 * The machine's floor for a one-way hand-off between two threads ({@link CoreToCorePingPong}: the
 * benchmark thread and one platform thread bounce a counter, nothing of ccr's involved), the
 * baseline beside {@link PingPongBenchmark}'s ccr-mpi figure. The score is per one-way hand-off.
 *
 * <p>Each invocation starts its partner thread anew (tens of microseconds), spread over
 * {@link #ROUND_TRIPS} round trips of some hundred nanoseconds each: about 1% of the score. More
 * round trips would make an invocation long on a loaded machine, where every hand-off may wait
 * for a scheduler time slice.
 * One benchmark thread only ({@code Scope.Benchmark} state, JMH's default of one thread).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(5)
public class CoreToCoreBenchmark {
    /** Round trips per invocation. */
    static final int ROUND_TRIPS = 20_000;

    private final CoreToCorePingPong pingPong = new CoreToCorePingPong();

    /**
     * {@link #ROUND_TRIPS} round trips with a partner thread.
     *
     * @return the counter, twice the round trips played so far
     */
    @Benchmark
    @OperationsPerInvocation(2 * ROUND_TRIPS)
    public long handOff() {
        pingPong.round(ROUND_TRIPS);
        return pingPong.moves();
    }
}
