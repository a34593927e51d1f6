package io.ccrj.bench.mpi;

import io.ccrj.mpi.patterns.RendezvousExchange;
import io.ccrj.mpi.patterns.StageComputation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Per-stage overhead of the papers' rendezvous patterns (Qiu, Fox &amp; Ho 2006, section 2; Qiu et al. 2007, Table 1) on
 * ccr-mpi and MPJ Express in the same run. Each stage does {@code units} of the papers' basic
 * computation unit ({@link StageComputation#basicUnits}) and then the pattern's messaging:
 * Rendezvous Shift (one {@code sendrecv} to the right), Rendezvous Exchange (ccr-mpi's dedicated
 * {@link RendezvousExchange#exchange}: irecv, irecv, send, send, wait, wait), Exchange as two
 * shifts (two {@code sendrecv}), or nothing ({@code COMPUTE_ONLY}). The papers' overhead per
 * stage, {@code (T(S) - T(1)) / S} for a fixed total computation, is here the score of a pattern
 * minus the score of {@code COMPUTE_ONLY} at the same backend and rank count.
 *
 * <p>The committed figures are in docs/results.md.
 */
public class StageOverheadBenchmark extends WorldBenchmark {

    static final int STAGES = 1_000;

    @Param({"2", "4", "8"})
    public int ranks;

    @Param({"RENDEZVOUS_SHIFT", "RENDEZVOUS_EXCHANGE", "EXCHANGE_AS_TWO_SHIFTS", "COMPUTE_ONLY"})
    public RendezvousPattern pattern;

    /**
     * Basic units per stage: 100 gives stages of the order of the papers' ~15 µs on a current
     * core; 0 leaves only the messaging, whose time is then the whole overhead (sharper for
     * sub-microsecond overheads, which subtracting a stage of many microseconds cannot resolve on
     * a shared machine).
     */
    @Param({"0", "100"})
    public int units;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        long totalUnits = (long) units * STAGES;
        return MpiKernels.stages(pattern, () -> totalUnits);
    }

    /** One invocation: {@link #STAGES} stages on every rank; the score is per stage. */
    @Benchmark
    @OperationsPerInvocation(STAGES)
    public void stage() {
        round(STAGES);
    }
}
