package io.ccrj.bench.overhead;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
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
 * The papers' spawned patterns (Qiu, Fox &amp; Ho 2006, section 2, Fig. 7) on ccr-core as JMH benchmarks: each
 * of {@code ways} parallel computations does {@code totalUnits} basic units split into
 * {@code stages} stages, every stage a fresh handler fired by the previous stage's message(s).
 * The score is the run time of one whole computation. With {@code stages=1} the score is the
 * papers' T(1), the same work as one stage, so {@code (score(S) - score(1)) / S} for the same
 * ways and threads is their overhead per stage; the slope between two stage counts,
 * {@code (score(S2) - score(S1)) / (S2 - S1)}, is the same figure read as in their Figs. 4-5.
 * {@code bin/ccrj overhead} runs these with the calibrated {@code totalUnits} of its stage time
 * and prints the papers' tables.
 *
 * <p>Two concrete classes, because the papers' tables have a 1-way column for Pipeline only:
 * {@link SpawnedPipelineBenchmark} (1, 2, 3, 4, 8 ways) and {@link SpawnedPatternBenchmark}
 * (Shift, Two Shifts, Exchange at 2, 3, 4, 8 ways). Threads: {@code MATCH} = one dispatcher thread
 * per computation, {@code DEFAULT} = {@code new Dispatcher(0)} (one per core), as in the papers'
 * Tables 1-2. One exception, for T(1) only: where the dispatcher's threads cannot share the
 * one-stage computations evenly (3-way on 2 threads: two run, the third waits, 2 x instead of
 * 1.5 x the work), T(1) runs with one thread per computation, which the OS time-slices evenly,
 * as the papers' Table 1 figures imply ({@link #unbalancedSingleStage}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class SpawnedComputationBenchmark {

    /** Match or default dispatcher threads. */
    @Param({"MATCH", "DEFAULT"})
    public ThreadMode threads;

    /** 1,000 stages of 1,000 units and 10,000 stages of 100 units: coarse and fine stages over the same computation. */
    @Param({"1000", "10000"})
    public int stages;

    /**
     * Basic units per computation, a multiple of {@code stages}: by default a computation long
     * enough that a stage's overhead is a small part of it; {@code bin/ccrj overhead} passes S times
     * its calibrated units per stage.
     */
    @Param({"1000000"})
    public int totalUnits;

    /** Calls of a one-unit computation before anything is timed: past the JIT's thresholds for a compiled method. */
    static final int UNIT_WARMUP_CALLS = 20_000;

    /** Where the unit's warm-up calls go, so that the JIT keeps them. */
    static volatile double sink;

    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    /** @return the message pattern timed */
    abstract SpawnedPattern pattern();

    /** @return the number of parallel computations */
    abstract int ways();

    /** A computation that takes longer than this has hung: 2 minutes, plus 1 µs per unit of every way. */
    private Duration timeout;

    /**
     * Whether T(1) needs one thread per computation: fewer threads than computations, and the
     * computations not a multiple of the threads (3-way on 2 threads).
     */
    static boolean unbalancedSingleStage(int ways, int threads) {
        return threads < ways && ways % threads != 0;
    }

    /** @return the dispatcher's worker count: the thread mode's, or one per computation for an unbalanced T(1) */
    static int dispatcherThreads(ThreadMode mode, int ways, int stages, int defaultThreads) {
        int threads = mode.threads(ways, defaultThreads);
        return stages == 1 && unbalancedSingleStage(ways, threads) ? ways : threads;
    }

    /** Starts the dispatcher; fails naming the parameter that does not fit. */
    @Setup(Level.Trial)
    public void start() {
        if (!pattern().appliesTo(ways())) {
            throw new IllegalStateException(pattern().id() + " needs at least 2 parallel computations, got " + ways());
        }
        if (stages < 1 || totalUnits < stages || totalUnits % stages != 0) {
            throw new IllegalStateException("totalUnits must be a positive multiple of stages: " + totalUnits + ", " + stages);
        }
        timeout = Duration.ofSeconds(120 + (long) totalUnits * ways() / 1_000_000);
        // Every fork compiles the unit the way the staged runs call it, thousands of short calls: T(1)
        // calls it once per computation, too few calls for the JIT to compile the method itself, so
        // without this T(1) would run its long loop as on-stack-replaced code entered from the
        // interpreter, other machine code than T(S) runs, and their difference would be that, not the stages.
        double s = 0;
        for (int i = 0; i < UNIT_WARMUP_CALLS; i++) {
            s += BasicUnit.compute(1);
        }
        sink = s;
        dispatcher = new Dispatcher(dispatcherThreads(threads, ways(), stages, ThreadMode.defaultThreads()),
                "spawned-" + pattern().id());
        queue = dispatcher.createQueue("stages");
        // Every fork, T(1)'s included, also runs the pattern's stages before anything is timed, so that
        // ccr-core's hand-off paths are compiled in both: a computation is long (0.1-60 s) and JMH's
        // warm-up may be only one or two of them, and a JIT still compiling the stage path while
        // T(S) is timed steals the cores from it and reads as stage overhead.
        try {
            for (int i = 0; i < STAGE_WARMUP_RUNS; i++) {
                SpawnedPatterns.run(pattern(), queue, ways(), STAGE_WARMUP_STAGES, 1, timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while warming up the stage path", e);
        }
    }

    /** Warm-up computations of {@link #STAGE_WARMUP_STAGES} one-unit stages each, per fork. */
    static final int STAGE_WARMUP_RUNS = 20;
    /** Stages of each warm-up computation: 20 x 2,000 stages, some milliseconds, well past the JIT's thresholds. */
    static final int STAGE_WARMUP_STAGES = 2_000;

    /** Closes the dispatcher. */
    @TearDown(Level.Trial)
    public void stop() {
        dispatcher.close();
    }

    /** One whole computation per parallel way; returns its checksum so that JMH keeps it. */
    @Benchmark
    public double computation() throws InterruptedException {
        return SpawnedPatterns.run(pattern(), queue, ways(), stages, totalUnits / stages, timeout).checksum();
    }
}
