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
 * of {@code ways} parallel computations does {@value #TOTAL_UNITS} basic units split into
 * {@code stages} stages, every stage a fresh handler fired by the previous stage's message(s).
 * The score is the run time of one whole computation; the overhead per stage is the slope of run
 * time against stages (Qiu, Fox &amp; Ho 2006, Figs. 4-5), {@code (score(S2) - score(S1)) / (S2 - S1)} for the
 * same pattern, ways and threads, read off one run. With {@code -p stages=1,...} the papers' own
 * T(1) is timed too, and {@code (score(S) - score(1)) / S} is their definition
 * ({@code bin/ccrj overhead} prints their tables).
 *
 * <p>Two concrete classes, because the papers' tables have a 1-way column for Pipeline only:
 * {@link SpawnedPipelineBenchmark} (1, 2, 3, 4, 8 ways) and {@link SpawnedPatternBenchmark}
 * (Shift, Two Shifts, Exchange at 2, 3, 4, 8 ways). Threads: {@code MATCH} = one dispatcher thread
 * per computation, {@code DEFAULT} = {@code new Dispatcher(0)} (one per core), as in the papers'
 * Tables 1-2.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public abstract class SpawnedComputationBenchmark {

    /** Basic units per computation: a computation long enough that a stage's overhead is a small part of it. */
    static final int TOTAL_UNITS = 1_000_000;

    @Param({"MATCH", "DEFAULT"})
    public ThreadMode threads;

    /** 1,000 stages of 1,000 units and 10,000 stages of 100 units: coarse and fine stages over the same computation. */
    @Param({"1000", "10000"})
    public int stages;

    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    /** @return the message pattern timed */
    abstract SpawnedPattern pattern();

    /** @return the number of parallel computations */
    abstract int ways();

    @Setup(Level.Trial)
    public void start() {
        if (!pattern().appliesTo(ways())) {
            throw new IllegalStateException(pattern().id() + " needs at least 2 parallel computations, got " + ways());
        }
        dispatcher = new Dispatcher(threads.threads(ways(), ThreadMode.defaultThreads()), "spawned-" + pattern().id());
        queue = dispatcher.createQueue("stages");
    }

    @TearDown(Level.Trial)
    public void stop() {
        dispatcher.close();
    }

    /** One whole computation per parallel way; returns its checksum so that JMH keeps it. */
    @Benchmark
    public double computation() throws InterruptedException {
        return SpawnedPatterns.run(pattern(), queue, ways(), stages, TOTAL_UNITS / stages, Duration.ofMinutes(2)).checksum();
    }
}
