package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.patterns.ExchangeAsTwoShifts;
import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.RendezvousShift;
import io.ccrj.mpi.patterns.StageComputation;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * ccr-mpi's rendezvous-model latencies: ping-pong, the papers' Rendezvous Shift and Rendezvous
 * Exchange stage overhead (Qiu et al. 2007, Table 1), barrier and allreduce of one double, at 2, 4 and 8
 * ranks.
 *
 * <p>Each invocation runs one world ({@link SpmdWorld#run}) whose ranks perform {@link #OPS}
 * operations back to back; JMH divides by {@code @OperationsPerInvocation}, so the score is the
 * time per operation (per stage for the patterns, per one-way message for ping-pong). Starting
 * the world's rank threads (tens of microseconds) is amortised over the operations and included.
 * The patterns run with zero computation per stage ({@code StageComputation.basicUnits(0)}), so the
 * time per stage is the whole overhead; the papers' method of a fixed computation split into S
 * stages gives the same per-stage figure once the computation is subtracted.
 *
 * <p>Rank threads are {@code RankThreads.AUTO}: platform threads spinning then parking while the
 * ranks fit the processors, virtual threads beyond (on a 2-vCPU machine: 2 ranks platform, 4 and
 * 8 virtual). Ping-pong at 4 and 8 ranks runs between ranks 0 and 1 on virtual threads while the
 * other ranks return at once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RendezvousLatencyBenchmark {

    /** Operations per world run. */
    static final int OPS = 20_000;

    @Param({"2", "4", "8"})
    int ranks;

    SpmdWorld world;

    static final StageComputation NO_WORK = StageComputation.basicUnits(0);

    static final Kernel<Void> PING_PONG = MpiKernels.once(MpiKernels.latency(LatencyOp.PING_PONG), OPS);
    static final Kernel<Void> BARRIER = MpiKernels.once(MpiKernels.latency(LatencyOp.BARRIER), OPS);
    static final Kernel<Void> ALLREDUCE = MpiKernels.once(MpiKernels.latency(LatencyOp.ALLREDUCE), OPS);

    @Setup
    public void setUp() {
        world = SpmdWorld.builder().size(ranks).name("bench").build();
    }

    /** Half a round trip of one double between ranks 0 and 1 (send + matching recv). */
    @Benchmark
    @OperationsPerInvocation(2 * OPS)
    public List<Void> pingPongHalfRoundTrip() {
        return world.run(PING_PONG);
    }

    /** One stage of the papers' Rendezvous Shift: a sendrecv around the ring per rank. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public double rendezvousShiftStage() {
        return RendezvousShift.run(world, OPS, NO_WORK);
    }

    /** One stage of the papers' Rendezvous Exchange: both neighbours, one dedicated exchange. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public double rendezvousExchangeStage() {
        return RendezvousExchange.run(world, OPS, NO_WORK);
    }

    /** One stage of the exchange done as a right shift and a left shift (two sendrecv). */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public double exchangeAsTwoShiftsStage() {
        return ExchangeAsTwoShifts.run(world, OPS, NO_WORK);
    }

    /** One dissemination barrier. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public List<Void> barrier() {
        return world.run(BARRIER);
    }

    /** One recursive-doubling allreduce (SUM) of one double. */
    @Benchmark
    @OperationsPerInvocation(OPS)
    public List<Void> allreduceOneDouble() {
        return world.run(ALLREDUCE);
    }
}
