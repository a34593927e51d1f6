package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Plans and runs the cells of the papers' tables on ccr-core.
 *
 * <p>One dispatcher per (ways, thread mode), created before its runs and closed after them. Each
 * repetition first times T(1), the whole computation as a single stage (no message between stages,
 * so it is the same for every pattern and measured once per dispatcher configuration), then T(S)
 * of each pattern, so slow drift of the machine hits both sides of T(S) - T(1) alike. Where the
 * dispatcher's threads cannot share the one-stage computations evenly (3-way on 2 threads), T(1)
 * runs on a second dispatcher with one thread per computation (see
 * {@link #unbalancedSingleStage}).
 *
 * <p>The machine is shared (2 cores, other people's builds): before each timed run the experiment
 * waits for a quiet moment, and a run during which other processes took more than
 * {@link #MAX_FOREIGN_LOAD} of the machine is repeated (see {@link ForeignLoad}); the share they
 * took is reported with each cell.
 *
 * <p>"default" is {@code new Dispatcher(0, ...)}: one thread per core. Where that equals the
 * number of ways (2-way on a 2-core machine) the configuration is the same as "match", so it is
 * measured once and filed under both rows, marked.
 *
 * @param options what to run
 * @param unitsPerStage basic units per stage
 * @param stageMicros calibrated compute time per stage
 * @param cores available processors
 * @param defaultThreads the worker count of {@code new Dispatcher(0, ...)}
 * @param err where progress goes
 */
public record OverheadExperiment(OverheadRunner.Options options, int unitsPerStage, double stageMicros, int cores,
                                 int defaultThreads, PrintStream err) {
    /**
     * One dispatcher configuration and what runs on it.
     *
     * @param ways parallel computations
     * @param mode match or default
     * @param threads worker threads
     * @param patterns the patterns defined for that many ways
     * @param sameAsMatch measured under "match" already (identical configuration)
     */
    record Config(int ways, ThreadMode mode, int threads, List<SpawnedPattern> patterns, boolean sameAsMatch) {
        /** @return timed runs per repetition: T(1) plus one T(S) per pattern; 0 when reused */
        int runsPerRep() {
            return sameAsMatch ? 0 : 1 + patterns.size();
        }
    }

    /** A run during which other processes used more than this share of the machine is repeated. */
    public static final double MAX_FOREIGN_LOAD = 0.10;
    /** Attempts per run at most; the least disturbed one is kept. */
    static final int MAX_ATTEMPTS = 3;

    /**
     * Whether T(1) needs its own dispatcher: with fewer threads than computations and the
     * computations not a multiple of the threads (3-way on 2 threads), one-stage computations cannot
     * be spread evenly (two run, the third waits: 2 x 14 s instead of 1.5 x 14 s), so T(1) is taken
     * with one thread per computation, which the OS time-slices evenly, as under "match".
     */
    static boolean unbalancedSingleStage(int ways, int threads) {
        return threads < ways && ways % threads != 0;
    }

    /** @return the configurations to run, skipping those with no pattern defined */
    static List<Config> plan(List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> modes, int defaultThreads) {
        List<Config> out = new ArrayList<>();
        for (int w : ways) {
            List<SpawnedPattern> ps = patterns.stream().filter(p -> p.appliesTo(w)).toList();
            if (ps.isEmpty()) {
                continue;
            }
            for (ThreadMode m : modes) {
                int threads = m.threads(w, defaultThreads);
                boolean same = m == ThreadMode.DEFAULT && modes.contains(ThreadMode.MATCH) && threads == w;
                out.add(new Config(w, m, threads, ps, same));
            }
        }
        return out;
    }

    /** Predicted wall time of one run, s: each computation's S stages of compute, computations sharing the cores. */
    static double predictedSeconds(int ways, int stages, double stageMicros, int cores) {
        return (double) ways * stages * stageMicros / Math.min(ways, cores) / 1e6;
    }

    /** @return how long a run predicted to take {@code predictedSeconds} may take before it counts as hung */
    static Duration timeout(double predictedSeconds) {
        return Duration.ofSeconds((long) (predictedSeconds * 20) + 120);
    }

    /** @return one measurement per (pattern, ways, mode) */
    List<CellTiming> run() throws InterruptedException {
        List<Config> configs = plan(options.patterns(), options.ways(), options.threadModes(), defaultThreads);
        int stages = options.stages();
        int reps = options.reps();
        warmUp();
        int totalRuns = reps * configs.stream().mapToInt(Config::runsPerRep).sum();
        double totalPredicted = reps * configs.stream()
                .mapToDouble(c -> c.runsPerRep() * predictedSeconds(c.ways(), stages, stageMicros, cores)).sum();
        Progress progress = new Progress(err, totalRuns, totalPredicted, System::nanoTime);
        List<CellTiming> out = new ArrayList<>();
        for (Config c : configs) {
            if (c.sameAsMatch()) {
                out.addAll(out.stream().filter(m -> m.ways() == c.ways() && m.mode() == ThreadMode.MATCH)
                        .map(m -> m.as(ThreadMode.DEFAULT, "default = match here: " + defaultThreads
                                + " threads (one per core) for " + c.ways() + "-way; measured once")).toList());
                continue;
            }
            double predicted = predictedSeconds(c.ways(), stages, stageMicros, cores);
            Duration timeout = timeout(predicted);
            long[] single = new long[reps];
            long[][] staged = new long[c.patterns().size()][reps];
            double[] singleLoads = new double[reps];
            double[][] stagedLoads = new double[c.patterns().size()][reps];
            String where = String.format(Locale.ROOT, "%d-way %s(%d)", c.ways(), c.mode().id(), c.threads());
            try (Dispatcher d = new Dispatcher(c.threads(), "overhead-" + c.ways() + "-" + c.mode().id());
                 Dispatcher own = unbalancedSingleStage(c.ways(), c.threads())
                         ? new Dispatcher(c.ways(), "overhead-t1-" + c.ways()) : null) {
                DispatcherQueue q = d.createQueue("stages");
                DispatcherQueue singleStageQueue = own != null ? own.createQueue("single-stage") : q;
                int totalUnits = Math.multiplyExact(stages, unitsPerStage);
                for (int r = 0; r < reps; r++) {
                    Timed t1 = timed(SpawnedPattern.PIPELINE, singleStageQueue, c.ways(), 1, totalUnits, timeout);
                    single[r] = t1.nanos();
                    singleLoads[r] = t1.foreignLoad();
                    progress.done(String.format(Locale.ROOT, "%-9s %s T(1) rep %d/%d%s", "1 stage", where, r + 1, reps,
                            t1.note()), predicted, t1.nanos());
                    for (int i = 0; i < c.patterns().size(); i++) {
                        SpawnedPattern p = c.patterns().get(i);
                        Timed ts = timed(p, q, c.ways(), stages, unitsPerStage, timeout);
                        staged[i][r] = ts.nanos();
                        stagedLoads[i][r] = ts.foreignLoad();
                        progress.done(String.format(Locale.ROOT, "%-9s %s T(S) rep %d/%d%s", p.id(), where, r + 1, reps,
                                ts.note()), predicted, ts.nanos());
                    }
                }
            }
            for (int i = 0; i < c.patterns().size(); i++) {
                out.add(new CellTiming(c.patterns().get(i), c.ways(), c.mode(), c.threads(), stages, unitsPerStage,
                        single, staged[i], singleLoads, stagedLoads[i], null));
            }
        }
        return out;
    }

    /**
     * A kept attempt.
     *
     * @param nanos its time
     * @param foreignLoad share of the machine other processes used meanwhile (NaN if unknown)
     * @param attempts how many attempts were made
     */
    record Timed(long nanos, double foreignLoad, int attempts) {
        String note() {
            String load = Double.isNaN(foreignLoad) ? "" : String.format(Locale.ROOT, " load %.0f%%", foreignLoad * 100);
            return load + (attempts > 1 ? " (" + attempts + " tries)" : "");
        }
    }

    /** Runs until other processes leave the machine alone (at most {@link #MAX_ATTEMPTS} tries). */
    private Timed timed(SpawnedPattern pattern, DispatcherQueue queue, int ways, int stages, int units, Duration timeout)
            throws InterruptedException {
        long bestNanos = 0;
        double bestLoad = Double.POSITIVE_INFINITY;
        for (int attempts = 1; ; attempts++) {
            if (!options.ignoreLoad()) {
                // Before each attempt, wait for one quiet 100 ms window, but no longer than 20 s.
                ForeignLoad.awaitQuiet(MAX_FOREIGN_LOAD, 100, 20_000, cores);
            }
            ForeignLoad.Sample before = ForeignLoad.sample();
            long nanos = SpawnedPatterns.run(pattern, queue, ways, stages, units, timeout).elapsedNanos();
            double load = ForeignLoad.between(before, ForeignLoad.sample(), cores);
            if (Double.isNaN(load)) {
                return new Timed(nanos, load, attempts);
            }
            if (load < bestLoad) {
                bestNanos = nanos;
                bestLoad = load;
            }
            if (load <= MAX_FOREIGN_LOAD || options.ignoreLoad() || attempts == MAX_ATTEMPTS) {
                return new Timed(bestNanos, bestLoad, attempts);
            }
            err.printf(Locale.ROOT, "  other processes used %.0f%% of the machine during that run: repeating it%n", load * 100);
        }
    }

    /** Compiles the handlers and the unit loop before anything is timed. */
    private void warmUp() throws InterruptedException {
        int stages = Math.min(options.stages(), 2_000);
        err.printf(Locale.ROOT, "warm-up: every pattern, 2-way, %d stages, twice ...%n", stages);
        try (Dispatcher d = new Dispatcher(2, "overhead-warmup")) {
            DispatcherQueue q = d.createQueue("warmup");
            Duration timeout = timeout(predictedSeconds(2, stages, stageMicros, cores));
            for (int round = 0; round < 2; round++) {
                SpawnedPatterns.run(SpawnedPattern.PIPELINE, q, 2, 1, stages * unitsPerStage, timeout);
                for (SpawnedPattern p : options.patterns()) {
                    SpawnedPatterns.run(p, q, 2, stages, unitsPerStage, timeout);
                }
            }
        }
    }
}
