package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH state the MPI benchmarks share: the backend parameter and one {@link DrivenWorld} per
 * trial, started before the first iteration (an MPJ Express world's start-up is not timed) and
 * closed after the last. A subclass says how many ranks the world has and what each rank runs; its
 * benchmark method runs one {@link #round(int)}. The run settings below are inherited (JMH's
 * annotations are {@code @Inherited}); a subclass that needs others annotates itself.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class WorldBenchmark {
    /** The MPI implementation: ccr-mpi or MPJ Express, side by side in one run. */
    @Param({"CCR_MPI", "MPJ_EXPRESS"})
    public MpiBackend backend;

    private DrivenWorld world;

    /** @return the world's rank count (read once the parameters are set) */
    abstract int worldSize();

    /** @return what every rank prepares and then runs, round after round */
    abstract DrivenWorld.RankBody body();

    /** Starts the world: every rank prepared and connected. */
    @Setup(Level.Trial)
    public void startWorld() {
        world = new DrivenWorld(backend, worldSize(), body());
    }

    /**
     * Stops the world.
     *
     * @throws InterruptedException if interrupted while the ranks finish
     */
    @TearDown(Level.Trial)
    public void stopWorld() throws InterruptedException {
        world.close();
    }

    /** Runs {@code n} operations on every rank and returns when all have finished. */
    final void round(int n) {
        world.round(n);
    }
}
