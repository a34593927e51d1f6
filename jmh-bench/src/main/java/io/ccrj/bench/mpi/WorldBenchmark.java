package io.ccrj.bench.mpi;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The JMH state the MPI benchmarks share: the backend parameter and one {@link DrivenWorld} per
 * trial, started before the first iteration (an MPJ Express world's start-up is not timed) and
 * closed after the last. A subclass says how many ranks the world has and what each rank runs; its
 * benchmark method runs one {@link #round(int)}.
 */
@State(Scope.Benchmark)
public abstract class WorldBenchmark {
    /** The MPI implementation: ccr-mpi or MPJ Express, side by side in one run. */
    @Param({"CCR_MPI", "MPJ_EXPRESS"})
    public MpiBackend backend;

    private DrivenWorld world;

    /** Subclasses only: the benchmarks of this package. */
    WorldBenchmark() {
    }

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
