package io.ccrj.bench.mpi;

import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.mpi.MpiReport.Baseline;
import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.overhead.OverheadExperiment;
import io.ccrj.bench.overhead.Stats;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Progress;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
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
@SuppressWarnings("try") // the worlds and parties it closes may throw InterruptedException
final class MpiExperiment {
    /** Most operations in one round (keeps a mis-estimated pilot from running for minutes). */
    private static final int MAX_OPS_PER_ROUND = 5_000_000;

    private final MpiRunner.Options options;
    private final int unitsPerStage;
    private final boolean mpjInstalled;
    private final int cores;
    private final List<Figure> figures = new ArrayList<>();
    private final Progress progress;
    private final PrintStream err;

    /**
     * @param unitsPerStage basic units of computation per stage (stage experiment)
     * @param mpjInstalled whether MPJ Express can be started
     * @param err where progress goes
     */
    MpiExperiment(MpiRunner.Options options, int unitsPerStage, boolean mpjInstalled, int cores, PrintStream err) {
        this.options = options;
        this.unitsPerStage = unitsPerStage;
        this.mpjInstalled = mpjInstalled;
        this.cores = cores;
        this.err = err;
        int backends = options.backends().size();
        int planned = options.experiments().stream().mapToInt(e -> switch (e) {
            case STAGES -> 3 * options.ranks().size() * backends;
            // ping-pong, 3 collectives, the floor, native MPI at each rank count
            case LATENCY -> (1 + 3 * options.ranks().size()) * backends + 1 + options.ranks().size();
            case BANDWIDTH -> options.sizes().size() * (CopyModel.values().length * backends + 2);
        }).sum();
        progress = new Progress(err, planned, planned, System::nanoTime);
    }

    /** Runs everything asked for and returns the figures. */
    List<Figure> run() throws InterruptedException {
        for (MpiRunner.Options.Part e : options.experiments()) {
            switch (e) {
                case STAGES -> stages();
                case LATENCY -> latency();
                case BANDWIDTH -> bandwidth();
            }
        }
        return List.copyOf(figures);
    }

    private void stages() throws InterruptedException {
        for (int ranks : options.ranks()) {
            for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE,
                    RendezvousPattern.EXCHANGE_AS_TWO_SHIFTS)) {
                AtomicLong totalUnits = new AtomicLong();
                onEveryBackend(String.format(Locale.ROOT, "%s %d ranks", p.paperName(), ranks), "stages", p, ranks, 0,
                        List.of("overhead_us", "messaging_us"), MpiKernels.stages(p, totalUnits::get),
                        (world, id) -> stageTimings(world, totalUnits, p, id, ranks));
            }
        }
    }

    private void stageTimings(DrivenWorld world, AtomicLong totalUnits, RendezvousPattern p, String id, int ranks)
            throws InterruptedException {
        int s = options.stages();
        long total = (long) unitsPerStage * s;
        long warmStart = System.nanoTime();                  // warm up (JIT, caches) by time
        do {
            totalUnits.set(total);
            world.round(s);
            totalUnits.set(0);
            world.round(s);
        } while (System.nanoTime() - warmStart < options.warmupMillis() * 1_000_000L);
        int reps = options.reps();
        long[] t1 = new long[reps];
        long[] ts = new long[reps];
        double[] l1 = new double[reps];
        double[] ls = new double[reps];
        totalUnits.set(total);
        for (int r = 0; r < reps; r++) {
            awaitQuiet();
            t1[r] = timed(world::round, 1, l1, r);
            ts[r] = timed(world::round, s, ls, r);
        }
        // The messaging alone: stages with no computation, in rounds sized like every other
        // timing (a round of S such stages lasts only a millisecond or two).
        totalUnits.set(0);
        Timing msg = timeOps(world::round);
        long[] q1 = Stats.quietSamples(t1, l1, OverheadExperiment.MAX_FOREIGN_LOAD);
        long[] qs = Stats.quietSamples(ts, ls, OverheadExperiment.MAX_FOREIGN_LOAD);
        double overhead = Stats.overheadPerStageMicros(Stats.median(q1), Stats.median(qs), s);
        figures.add(MpiReport.of(MpiReport.key("stages", p, id, ranks, 0, "overhead_us"), overhead,
                new Figure.Runs(Math.min(q1.length, qs.length), reps, maxQuiet(l1, ls))));
        figures.add(MpiReport.of(MpiReport.key("stages", p, id, ranks, 0, "messaging_us"), msg.medianNanosPerOp() / 1e3,
                msg.runs(), msg.perOp(1e-3)));
    }

    /** Ping-pong at 2 ranks (whatever {@code --ranks} says) and the floor, then the collectives at every rank count. */
    private void latency() throws InterruptedException {
        latency(LatencyOp.PING_PONG, 2);
        // Right after the backends' ping-pong: the same hand-off with nothing but a shared counter.
        step("core-to-core hand-off floor, 2 threads", () -> {
            Timing t = timeOps(new CoreToCorePingPong()::round);
            figures.add(MpiReport.of(MpiReport.key("latency", Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us"),
                    t.medianNanosPerOp() / 2 / 1e3, t.runs(), t.perOp(1e-3 / 2)));
        });
        for (LatencyOp op : List.of(LatencyOp.BARRIER, LatencyOp.BCAST, LatencyOp.ALLREDUCE)) {
            for (int ranks : options.ranks()) {
                latency(op, ranks);
            }
        }
        nativeLatency();
    }

    /** The backend name of native MPI's figures. */
    static final String NATIVE = "native-mpi";

    /**
     * The same operations in C on the machine's native MPI (built now), at every rank count; its
     * figures are marked "not installed" when there is none.
     */
    private void nativeLatency() throws InterruptedException {
        List<String> why = new ArrayList<>();
        Optional<NativeMpi> nativeMpi;
        try {
            nativeMpi = NativeMpi.build(Files.createTempDirectory("ccrj-native-mpi"), why);
        } catch (IOException e) {
            why.add("cannot make a folder to build the native MPI program in: " + e.getMessage());
            nativeMpi = Optional.empty();
        }
        why.forEach(w -> err.println("ccrj mpi: " + w + "; its column says \"not installed\""));
        for (int ranks : options.ranks()) {
            Optional<NativeMpi> n = nativeMpi;
            step(String.format(Locale.ROOT, "native MPI, %d ranks", ranks), () -> {
                if (n.isEmpty()) {
                    for (LatencyOp op : LatencyOp.values()) {
                        if (op != LatencyOp.PING_PONG || ranks == 2) {
                            figures.add(MpiReport.missing(MpiReport.key("latency", op, NATIVE, ranks, 0, "latency_us")));
                        }
                    }
                    return;
                }
                try {
                            Map<LatencyOp, double[]> nanos = n.get().run(ranks, options.reps(),
                            ranks <= cores ? NATIVE_OPS : NATIVE_OPS_OVERSUBSCRIBED);
                    nanos.forEach((op, reps) -> {
                        if (op != LatencyOp.PING_PONG || ranks == 2) {
                            double[] micros = Arrays.stream(reps).map(v -> v / 1e3).toArray();
                            figures.add(MpiReport.of(MpiReport.key("latency", op, NATIVE, ranks, 0, "latency_us"),
                                    median(micros), new Figure.Runs(micros.length, micros.length, Double.NaN),
                                    micros));
                        }
                    });
                } catch (IOException e) {
                    err.println("ccrj mpi: native MPI at " + ranks + " ranks failed: " + e.getMessage());
                }
            });
        }
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /**
     * Calls per timed repetition of the native program: some tens of milliseconds at native MPI's
     * latencies, a few hundred nanoseconds while every process has a core, and tens of
     * microseconds when the processes outnumber the cores and take turns.
     */
    private static final long NATIVE_OPS = 100_000;
    private static final long NATIVE_OPS_OVERSUBSCRIBED = 2_000;

    private void latency(LatencyOp op, int ranks) throws InterruptedException {
        onEveryBackend(String.format(Locale.ROOT, "%s %d ranks", op.label, ranks), "latency", op, ranks, 0, List.of("latency_us"),
                MpiKernels.latency(op), (world, id) -> {
                    Timing t = timeOps(world::round);
                    figures.add(MpiReport.of(MpiReport.key("latency", op, id, ranks, 0, "latency_us"),
                            t.medianNanosPerOp() / op.opsPerIteration / 1e3, t.runs(), t.perOp(1e-3 / op.opsPerIteration)));
                });
    }

    private void bandwidth() throws InterruptedException {
        int ranks = options.bandwidthRanks();
        for (int size : options.sizes()) {
            for (CopyModel m : CopyModel.values()) {
                onEveryBackend(String.format(Locale.ROOT, "sendrecv %,d doubles, %s,", size, m.label), "bandwidth", m, ranks,
                        size, List.of("GB/s"), MpiKernels.ringShift(m, size),
                        (world, id) -> addBandwidth(m, id, ranks, size, timeOps(world::round)));
            }
            step(String.format(Locale.ROOT, "System.arraycopy %,d doubles, 1 thread", size),
                    () -> addBandwidth(Baseline.ARRAYCOPY_ONE, "java", 1, size, timeOps(new Arraycopies(1, size)::round)));
            step(String.format(Locale.ROOT, "System.arraycopy %,d doubles, %d threads", size, ranks),
                    () -> addBandwidth(Baseline.ARRAYCOPY_ALL, "java", ranks, size,
                            timeOps(new Arraycopies(ranks, size)::round)));
        }
    }

    private void addBandwidth(Enum<?> item, String backend, int threads, int size, Timing t) {
        double opNanos = t.medianNanosPerOp();
        figures.add(MpiReport.of(MpiReport.key("bandwidth", item, backend, threads, size, "op_us"), opNanos / 1e3, t.runs()));
        figures.add(MpiReport.of(MpiReport.key("bandwidth", item, backend, threads, size, "GB/s"), 8.0 * size * threads / opNanos,
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
            if (from.length == 1) {
                copy(0, n);
                return;
            }
            CountDownLatch go = new CountDownLatch(1);
            ThreadFactory named = Thread.ofPlatform().name("arraycopy-", 0).factory();
            try (ExecutorService threads = Executors.newThreadPerTaskExecutor(named)) {
                for (int t = 0; t < from.length; t++) {
                    int me = t;
                    threads.submit(() -> {
                        go.await();
                        copy(me, n);
                        return null;
                    });
                }
                go.countDown();
            }                                   // close() waits for the last copy
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

    /** One timing: the repetitions used (of {@code taken}; see Stats.quietSamples) and the largest share others took. */
    private record Timing(long[] nanos, int ops, int taken, double load) {
        double medianNanosPerOp() {
            return Stats.median(nanos) / ops;
        }

        /** @return each repetition's time per operation, in nanoseconds times {@code scale} */
        double[] perOp(double scale) {
            return Arrays.stream(nanos).mapToDouble(n -> n * scale / ops).toArray();
        }

        Figure.Runs runs() {
            return new Figure.Runs(nanos.length, taken, load);
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
        return new Timing(quiet, n, reps, maxQuiet(loads));
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

    /** Largest load among the repetitions that count as quiet, or among all if none does (NaN if none is known). */
    private static double maxQuiet(double[]... loads) {
        double[] all = Arrays.stream(loads).flatMapToDouble(Arrays::stream).filter(l -> !Double.isNaN(l)).toArray();
        double[] quiet = Arrays.stream(all).filter(l -> l <= OverheadExperiment.MAX_FOREIGN_LOAD).toArray();
        return Arrays.stream(quiet.length > 0 ? quiet : all).max().orElse(Double.NaN);
    }

    /** One step of the progress line. */
    @FunctionalInterface
    private interface Step {
        void run() throws InterruptedException;
    }

    private void step(String label, Step step) throws InterruptedException {
        long start = System.nanoTime();
        step.run();
        progress.done(label, 1, System.nanoTime() - start);
    }

    /** Times one configuration in a world of one backend ({@code id}: its name in the figures' keys). */
    @FunctionalInterface
    private interface Configuration {
        void time(DrivenWorld world, String id) throws InterruptedException;
    }

    /**
     * Times a configuration on every backend asked for, one after the other, each in a world of
     * {@code ranks} running {@code body}; MPJ Express, when it is not installed, gets its figures
     * ({@code metrics}) marked missing instead.
     */
    private void onEveryBackend(String label, String experiment, Enum<?> item, int ranks, long size, List<String> metrics,
                                DrivenWorld.RankBody body, Configuration configuration) throws InterruptedException {
        for (MpiBackend b : options.backends()) {
            step(label + " " + b.id, () -> {
                if (b == MpiBackend.MPJ_EXPRESS && !mpjInstalled) {
                    metrics.forEach(m -> figures.add(MpiReport.missing(MpiReport.key(experiment, item, b.id, ranks, size, m))));
                    return;
                }
                try (DrivenWorld world = new DrivenWorld(b, ranks, body)) {
                    configuration.time(world, b.id);
                }
            });
        }
    }
}
