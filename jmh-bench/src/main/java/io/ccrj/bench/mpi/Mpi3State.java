package io.ccrj.bench.mpi;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The JMH state of the MPI-3 benchmarks: as {@link WorldBenchmark}, but on ccr-mpi only, since the
 * MPJ Express backend has no MPI-3 operations (it throws for each of them). One
 * {@link DrivenWorld} per trial, started before the first iteration and closed after the last.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class Mpi3State {
    private DrivenWorld world;

    /** @return the world's rank count (read once the parameters are set) */
    abstract int worldSize();

    /** @return what every rank prepares and then runs, round after round */
    abstract DrivenWorld.RankBody body();

    /** Starts the world: every rank prepared and connected. */
    @Setup(Level.Trial)
    public void startWorld() {
        world = new DrivenWorld(MpiBackend.CCR_MPI, worldSize(), body());
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
