package io.ccrj.bench.mpi;

import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.ThreadLevel;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a thread level costs a rank's calls: ccr-mpi's 2-rank ping-pong (as
 * {@link PingPongBenchmark}) with both ranks at {@link ThreadLevel#FUNNELED} (the default of
 * {@code io.ccrj.mpi} and of {@code MPI.initThread(MPI.THREAD_FUNNELED, ...)}: no lock) and at
 * {@link ThreadLevel#MULTIPLE} (what a plain {@code MPI.Init} gives an mpiJava program: a per-rank
 * lock around the matching engine), in one run. The score is the half round trip.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ThreadLevelBenchmark {

    /** The thread level both ranks ask for before the first round. */
    @Param({"FUNNELED", "MULTIPLE"})
    public ThreadLevel level;

    private DrivenWorld world;

    /** Starts the world; every rank sets its level, then prepares the ping-pong. */
    @Setup(Level.Trial)
    public void startWorld() {
        DrivenWorld.RankBody pingPong = MpiKernels.latency(MpiKernels.LatencyOp.PING_PONG);
        ThreadLevel wanted = level;
        world = new DrivenWorld("thread-level", 2, comm -> {
            comm.requestThreadLevel(wanted);
            return pingPong.prepare(comm);
        }, k -> SpmdWorld.builder().size(2).name("bench-thread-level").build().run(k));
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

    /** One invocation: {@link PingPongBenchmark#ROUND_TRIPS} round trips; the score is per one-way message. */
    @Benchmark
    @OperationsPerInvocation(2 * PingPongBenchmark.ROUND_TRIPS)
    public void halfRoundTrip() {
        world.round(PingPongBenchmark.ROUND_TRIPS);
    }
}
