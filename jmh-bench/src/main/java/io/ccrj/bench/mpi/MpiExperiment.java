package io.ccrj.bench.mpi;

import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.overhead.OverheadExperiment;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.overhead.Stats;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

/**
 * Runs the experiments of {@code bin/ccrj mpi}, both backends side by side: for every
 * configuration the ccr-mpi world and the MPJ Express world are timed one after the other, with
 * the same rounds, before the next configuration starts, so slow drift of the machine hits both.
 *
 * <p>Each configuration keeps one {@link DrivenWorld} for all its timings (world start-up is not
 * timed). A timing is a round of {@code n} operations on every rank, {@code n} chosen from a pilot
 * round so that a round lasts about {@link MpiRunner.Options#roundMillis()}, after rounds of warm-up
 * for {@link MpiRunner.Options#warmupMillis()} (the JIT must compile the rank loops first); each is repeated
 * {@link MpiRunner.Options#reps()} times and the median of the repetitions during which other processes
 * left the machine alone is reported (all of them if none was quiet; see {@link ForeignLoad}).
 */
final class MpiExperiment {
    /** Most operations in one round (keeps a mis-estimated pilot from running for minutes). */
    static final int MAX_OPS_PER_ROUND = 5_000_000;

    private final MpiRunner.Options options;
    private final int unitsPerStage;
    private final boolean mpjInstalled;
    private final int cores;
    private final PrintStream err;
    private final List<Figure> figures = new ArrayList<>();
    private Progress progress;

    /**
     * @param options what to run
     * @param unitsPerStage basic units of computation per stage (stage experiment)
     * @param mpjInstalled whether MPJ Express can be started
     * @param cores available processors
     * @param err where progress goes
     */
    MpiExperiment(MpiRunner.Options options, int unitsPerStage, boolean mpjInstalled, int cores, PrintStream err) {
        this.options = options;
        this.unitsPerStage = unitsPerStage;
        this.mpjInstalled = mpjInstalled;
        this.cores = cores;
        this.err = err;
    }

    /** @return the configurations to time, for the progress line */
    int plannedConfigurations() {
        int n = 0;
        int backends = options.backends().size();
        for (Part e : options.experiments()) {
            n += switch (e) {
                case STAGES -> 3 * options.ranks().size() * backends;
                case LATENCY -> (int) latencyConfigs().count() * backends + 1; // + the core-to-core floor
                case BANDWIDTH -> options.sizes().size() * (CopyModel.values().length * backends + 2);
            };
        }
        return n;
    }

    private java.util.stream.Stream<int[]> latencyConfigs() {
        List<int[]> out = new ArrayList<>();
        for (LatencyOp op : LatencyOp.values()) {
            for (int r : options.ranks()) {
                if (op != LatencyOp.PING_PONG || r == 2) {
                    out.add(new int[] {op.ordinal(), r});
                }
            }
        }
        if (!options.ranks().contains(2)) {
            out.add(0, new int[] {LatencyOp.PING_PONG.ordinal(), 2});
        }
        return out.stream();
    }

    /** Runs everything asked for and returns the figures. */
    List<Figure> run() throws InterruptedException {
        int planned = plannedConfigurations();
        progress = new Progress(err, planned, planned, System::nanoTime);
        for (Part e : options.experiments()) {
            switch (e) {
                case STAGES -> stages();
                case LATENCY -> latency();
                case BANDWIDTH -> bandwidth();
            }
        }
        return List.copyOf(figures);
    }

    // --- stages ------------------------------------------------------------------------------

    private void stages() throws InterruptedException {
        RendezvousPattern[] patterns = {RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE,
                RendezvousPattern.EXCHANGE_AS_TWO_SHIFTS};
        for (int ranks : options.ranks()) {
            for (RendezvousPattern p : patterns) {
                onEveryBackend(String.format(Locale.ROOT, "%s %d ranks", p.seedName(), ranks), "stages", p, ranks, 0,
                        List.of("overhead_us", "messaging_us"), b -> stageConfig(p, b, ranks));
            }
        }
    }

    private void stageConfig(RendezvousPattern p, MpiBackend b, int ranks) throws InterruptedException {
        int s = options.stages();
        MpiKernels.StageSettings settings = new MpiKernels.StageSettings();
        long total = (long) unitsPerStage * s;
        try (DrivenWorld world = new DrivenWorld(b, ranks, MpiKernels.stages(p, settings))) {
            long warmStart = System.nanoTime();                  // warm up (JIT, caches) by time
            do {
                settings.totalUnits = total;
                world.round(s);
                settings.totalUnits = 0;
                world.round(s);
            } while (System.nanoTime() - warmStart < options.warmupMillis() * 1_000_000L);
            int reps = options.reps();
            long[] t1 = new long[reps];
            long[] ts = new long[reps];
            double[] l1 = new double[reps];
            double[] ls = new double[reps];
            settings.totalUnits = total;
            for (int r = 0; r < reps; r++) {
                awaitQuiet();
                t1[r] = timed(world::round, 1, l1, r);
                ts[r] = timed(world::round, s, ls, r);
            }
            // The messaging alone: stages with no computation, in rounds sized like every other
            // timing (a round of S such stages lasts only a millisecond or two).
            settings.totalUnits = 0;
            Timing msg = timeOps(world::round);
            long[] q1 = Stats.quietSamples(t1, l1, OverheadExperiment.MAX_FOREIGN_LOAD);
            long[] qs = Stats.quietSamples(ts, ls, OverheadExperiment.MAX_FOREIGN_LOAD);
            String id = MpiRunner.Options.id(b);
            double overhead = Stats.overheadPerStageMicros(Stats.median(q1), Stats.median(qs), s);
            figures.add(MpiFigures.of(MpiFigures.key("stages", p, id, ranks, 0, "overhead_us"), overhead,
                    new Figure.Runs(Math.min(q1.length, qs.length), reps, maxQuiet(l1, ls))));
            figures.add(MpiFigures.of(MpiFigures.key("stages", p, id, ranks, 0, "messaging_us"), msg.medianNanosPerOp() / 1e3,
                    msg.runs(), msg.perOp(1e-3)));
        }
    }

    // --- latency -----------------------------------------------------------------------------

    private void latency() throws InterruptedException {
        for (int[] c : latencyConfigs().toList()) {
            LatencyOp op = LatencyOp.values()[c[0]];
            int ranks = c[1];
            onEveryBackend(String.format(Locale.ROOT, "%s %d ranks", op.label, ranks), "latency", op, ranks, 0, List.of("latency_us"),
                    b -> {
                        try (DrivenWorld world = new DrivenWorld(b, ranks, MpiKernels.latency(op))) {
                            Timing t = timeOps(world::round);
                            figures.add(MpiFigures.of(MpiFigures.key("latency", op, MpiRunner.Options.id(b), ranks, 0, "latency_us"),
                                    t.medianNanosPerOp() / op.opsPerIteration / 1e3, t.runs(), t.perOp(1e-3 / op.opsPerIteration)));
                        }
                    });
            if (op == LatencyOp.PING_PONG) {
                // Right after the backends' ping-pong: the same hand-off with nothing but a shared counter.
                long start = System.nanoTime();
                CoreToCorePingPong floor = new CoreToCorePingPong();
                Timing t = timeOps(floor::round);
                figures.add(MpiFigures.of(MpiFigures.key("latency", MpiFigures.Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us"),
                        t.medianNanosPerOp() / 2 / 1e3, t.runs(), t.perOp(1e-3 / 2)));
                progress.done("core-to-core hand-off floor, 2 threads", 1, System.nanoTime() - start);
            }
        }
    }

    // --- bandwidth ---------------------------------------------------------------------------

    private void bandwidth() throws InterruptedException {
        int ranks = options.bandwidthRanks();
        for (int size : options.sizes()) {
            for (CopyModel m : CopyModel.values()) {
                onEveryBackend(String.format(Locale.ROOT, "sendrecv %,d doubles, %s,", size, m.label), "bandwidth", m, ranks, size,
                        List.of("GB/s"), b -> {
                            try (DrivenWorld world = new DrivenWorld(b, ranks, MpiKernels.ringShift(m, size))) {
                                addBandwidth(m, MpiRunner.Options.id(b), ranks, size, timeOps(world::round));
                            }
                        });
            }
            long start = System.nanoTime();
            addBandwidth(MpiFigures.Baseline.ARRAYCOPY_ONE, "java", 1, size, timeOps(new Arraycopies(1, size)::round));
            progress.done(String.format(Locale.ROOT, "System.arraycopy %,d doubles, 1 thread", size), 1, System.nanoTime() - start);
            start = System.nanoTime();
            addBandwidth(MpiFigures.Baseline.ARRAYCOPY_ALL, "java", ranks, size, timeOps(new Arraycopies(ranks, size)::round));
            progress.done(String.format(Locale.ROOT, "System.arraycopy %,d doubles, %d threads", size, ranks), 1,
                    System.nanoTime() - start);
        }
    }


    private void addBandwidth(Enum<?> item, String backend, int threads, int size, Timing t) {
        double opNanos = t.medianNanosPerOp();
        figures.add(MpiFigures.of(MpiFigures.key("bandwidth", item, backend, threads, size, "op_us"), opNanos / 1e3, t.runs()));
        figures.add(MpiFigures.of(MpiFigures.key("bandwidth", item, backend, threads, size, "GB/s"), 8.0 * size * threads / opNanos,
                t.runs(), Arrays.stream(t.perOp(1)).map(ns -> 8.0 * size * threads / ns).toArray()));
    }

    /**
     * {@code threads} platform threads each copying its own array of {@code size} doubles
     * {@code n} times, all at once; a round ends when the last finishes.
     */
    private static final class Arraycopies {
        private final double[][] from;
        private final double[][] to;

        Arraycopies(int threads, int size) {
            from = new double[threads][size];
            to = new double[threads][size];
            for (double[] f : from) {
                Arrays.fill(f, 1.5);
            }
        }

        void round(int n) {
            int threads = from.length;
            if (threads == 1) {
                copy(0, n);
                return;
            }
            CountDownLatch go = new CountDownLatch(1);
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int me = t;
                ts[t] = Thread.ofPlatform().name("arraycopy-" + t).start(() -> {
                    try {
                        go.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    copy(me, n);
                });
            }
            go.countDown();
            for (Thread t : ts) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while copying", e);
                }
            }
        }

        private void copy(int t, int n) {
            double[] f = from[t];
            double[] d = to[t];
            for (int i = 0; i < n; i++) {
                System.arraycopy(f, 0, d, 0, f.length);
                f[0] = d[f.length - 1] + 1;     // each copy depends on the last: none can be skipped
            }
        }
    }

    // --- timing ------------------------------------------------------------------------------

    /** Repetitions of one timing. */
    private record Timing(long[] nanos, int ops, int used, int taken, double load) {
        double medianNanosPerOp() {
            return Stats.median(nanos) / ops;
        }

        /** @return each repetition's time per operation, in nanoseconds times {@code scale} */
        double[] perOp(double scale) {
            return Arrays.stream(nanos).mapToDouble(n -> n * scale / ops).toArray();
        }

        Figure.Runs runs() {
            return new Figure.Runs(used, taken, load);
        }
    }

    /**
     * Times rounds of operations: a pilot round sizes {@code n} to the target round length, one
     * warm-up round, then the repetitions.
     */
    private Timing timeOps(IntConsumer round) throws InterruptedException {
        long pilotStart = System.nanoTime();
        round.accept(16);
        double perOp = Math.max(1, (System.nanoTime() - pilotStart) / 16.0);
        int n = opsPerRound(perOp);
        // Warm-up by time, not by count: until the JIT has compiled the rank loops (the first
        // rounds of a fresh loop run interpreted, 10-100x slower), resizing n each round.
        long warmStart = System.nanoTime();
        while (System.nanoTime() - warmStart < options.warmupMillis() * 1_000_000L) {
            long begin = System.nanoTime();
            round.accept(n);
            perOp = Math.max(1, (System.nanoTime() - begin) / (double) n);
            n = opsPerRound(perOp);
        }
        int reps = options.reps();
        long[] nanos = new long[reps];
        double[] loads = new double[reps];
        for (int r = 0; r < reps; r++) {
            awaitQuiet();
            nanos[r] = timed(round, n, loads, r);
        }
        long[] quiet = Stats.quietSamples(nanos, loads, OverheadExperiment.MAX_FOREIGN_LOAD);
        return new Timing(quiet, n, quiet.length, reps, maxQuiet(loads));
    }

    private int opsPerRound(double nanosPerOp) {
        return (int) Math.max(16, Math.min(MAX_OPS_PER_ROUND, options.roundMillis() * 1e6 / nanosPerOp));
    }

    private long timed(IntConsumer round, int n, double[] loads, int r) {
        ForeignLoad.Sample before = ForeignLoad.sample();
        long start = System.nanoTime();
        round.accept(n);
        long took = System.nanoTime() - start;
        // /proc/stat counts in 10 ms ticks: over a 40 ms round on 2 cores one tick is 12% of the
        // machine, so the share other processes took is only known to within two ticks.
        double slack = 2 * 10e6 / ((double) took * cores);
        loads[r] = Math.max(0, ForeignLoad.between(before, ForeignLoad.sample(), cores) - slack);
        return took;
    }

    private void awaitQuiet() throws InterruptedException {
        if (!options.ignoreLoad()) {
            ForeignLoad.awaitQuiet(OverheadExperiment.MAX_FOREIGN_LOAD, 50, 5_000, cores);
        }
    }

    /** Largest load among the repetitions that count as quiet, or among all if none does. */
    private static double maxQuiet(double[]... loads) {
        double quiet = Double.NaN;
        double all = Double.NaN;
        for (double[] ls : loads) {
            for (double l : ls) {
                if (Double.isNaN(l)) {
                    continue;
                }
                all = Double.isNaN(all) ? l : Math.max(all, l);
                if (l <= OverheadExperiment.MAX_FOREIGN_LOAD) {
                    quiet = Double.isNaN(quiet) ? l : Math.max(quiet, l);
                }
            }
        }
        return Double.isNaN(quiet) ? all : quiet;
    }

    /** Times one configuration on one backend. */
    @FunctionalInterface
    private interface Configuration {
        void time(MpiBackend b) throws InterruptedException;
    }

    /**
     * Times a configuration on every backend asked for, one after the other; MPJ Express, when it
     * is not installed, gets its figures ({@code metrics}) marked missing instead.
     */
    private void onEveryBackend(String label, String experiment, Enum<?> item, int ranks, long size, List<String> metrics,
                                Configuration configuration) throws InterruptedException {
        for (MpiBackend b : options.backends()) {
            long start = System.nanoTime();
            String id = MpiRunner.Options.id(b);
            if (b == MpiBackend.MPJ_EXPRESS && !mpjInstalled) {
                metrics.forEach(metric -> figures.add(MpiFigures.missing(MpiFigures.key(experiment, item, id, ranks, size, metric))));
            } else {
                configuration.time(b);
            }
            progress.done(label + " " + id, 1, System.nanoTime() - start);
        }
    }

}
