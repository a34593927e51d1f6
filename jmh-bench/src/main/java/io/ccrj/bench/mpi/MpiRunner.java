package io.ccrj.bench.mpi;

import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.mpi.MpiReport.Baseline;
import io.ccrj.bench.mpi.MpiReport.Measured;
import io.ccrj.bench.mpi.MpiReport.Source;
import io.ccrj.bench.mpi.MpiRunner.Options.Part;
import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import io.ccrj.mpi.mpjexpress.MpjExpressHome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj mpi}: ccr-mpi beside MPJ Express in one run, every figure of theirs from JMH
 * ({@link Jmh}: forked JVMs, JMH's warm-up and iterations, JMH's JSON kept as
 * {@code mpi-jmh.json}). Prints the papers' rendezvous table (Qiu et al. 2007, Table 1) with both
 * backends ({@link StageOverheadBenchmark}), the latency table ({@link PingPongBenchmark},
 * {@link CollectiveLatencyBenchmark}, the core-to-core floor {@link CoreToCoreBenchmark}) beside
 * native MPI in C ({@link NativeMpi}, timed by the program itself: no JVM to run JMH in), and the
 * bandwidth tables (Qiu, Fox &amp; Ho 2006 Table 3: {@link RingSendrecvBandwidthBenchmark} beside
 * {@link ArraycopyBaseline} and {@link ArraycopyRanksBenchmark}), the MPI-3 table ({@link Mpi3Op}:
 * {@link IallreduceLatencyBenchmark}, {@link IallreduceOverlapBenchmark}, {@link WindowLatencyBenchmark},
 * {@link NeighborAlltoallBenchmark} on ccr-mpi beside {@link NativeMpi3}'s C program), and writes
 * {@code mpi.csv}, {@code mpi.md} and PNG charts into the output folder.
 *
 * <p>This class only chooses the benchmarks, their parameters and JMH's settings, and turns the
 * forks into figures ({@link MpiReport}). MPJ Express, when it is not installed, is left out of
 * the JMH run and its figures say "not installed"; so are native MPI's without mpicc and mpirun.
 */
public final class MpiRunner implements Experiment<MpiRunner.Options> {
    /**
     * The options of {@code bin/ccrj mpi}. Mode defaults (quick or {@code --full}) apply to whatever
     * the command line does not set, whatever the order of the arguments.
     *
     * @param full the papers' ranges: ranks 2, 4 and 8, arrays up to 10^7 doubles, 5 forks
     * @param experiments what to run, in report order
     * @param backends ccr-mpi and/or MPJ Express
     * @param ranks rank counts of the stage experiment and the collectives, ascending (ping-pong is at 2)
     * @param bandwidthRanks rank count of the bandwidth experiment
     * @param sizes array sizes (doubles) of the bandwidth experiment, ascending
     * @param stageMicros compute per stage of the stage experiment (the rendezvous runs of Qiu et al.
     *     2007: 17 µs); 0 runs the messaging alone
     * @param jmh JMH's forks and iterations per benchmark (0 forks: in this JVM, a wiring check for smoke runs only)
     * @param out output folder, or {@code null} for {@code results/mpi-<timestamp>}
     */
    public record Options(boolean full, List<Part> experiments, List<MpiBackend> backends, List<Integer> ranks,
                          int bandwidthRanks, List<Integer> sizes, double stageMicros, Jmh.Settings jmh, Path out) {

        /** The runner's experiments, in report order. */
        public enum Part {
            /** Per-stage overhead of the rendezvous patterns (Qiu et al. 2007, Table 1). */
            STAGES,
            /** Ping-pong, barrier, bcast and allreduce latency. */
            LATENCY,
            /** Sendrecv bandwidth into the papers' three copy models beside System.arraycopy (Qiu, Fox &amp; Ho 2006, Table 3). */
            BANDWIDTH,
            /**
             * ccr-mpi's MPI-3 operations beside native MPI's ({@link Mpi3Op}): nonblocking allreduce
             * latency and overlap, one-sided windows, a neighbourhood all-to-all.
             */
            MPI3;

            /** @return the experiment an {@code --only} name (the constant's, any case) means */
            static Part parse(String s) {
                return Arrays.stream(values()).filter(e -> e.name().equalsIgnoreCase(s)).findFirst().orElseThrow(() ->
                        new IllegalArgumentException("unknown experiment '" + s + "' (known: stages, latency, bandwidth, mpi3)"));
            }
        }

        /**
         * Quick: 1 fork of 4 + 3 iterations of 100 ms per benchmark (a fork's start is most of its
         * time). The four warm-up iterations are what a 2-rank benchmark needs before its JIT and
         * its ranks' threads settle: with two, the first measured iteration of a sub-microsecond
         * exchange could still be ten times the later ones, and a single fork's score (the mean of
         * its iterations) carried it. One fork cannot show the forks' modes, so a ratio from it is a
         * bound ({@link io.ccrj.bench.runner.Verdict}). Full: 5 forks of 2 + 4 iterations of 300 ms,
         * the forks that show the modes (a sub-microsecond operation runs about a million times per
         * iteration).
         */
        static final Jmh.Settings QUICK = new Jmh.Settings(1, 4, 3, 100);
        /**
         * Quick: the bandwidth sizes of the headline (10^5, the papers' "small") and of the latency end
         * (10^3). 10^6 ("large") is left to {@code --full}: MPJ Express is slow at 10^6 doubles, so
         * its three copy models there would take a large share of the main job's quick run for a
         * size the quick headline does not show.
         */
        static final List<Integer> QUICK_SIZES = List.of(1_000, 100_000);
        static final Jmh.Settings FULL = new Jmh.Settings(5, 2, 4, 300);

        /** {@code --only}'s items. */
        static final class PartName extends Commands.Items<Part> {
            PartName() {
                super(Part::parse);
            }
        }

        /** {@code --backend}'s items. */
        static final class BackendName extends Commands.Items<MpiBackend> {
            BackendName() {
                super(Options::backend);
            }
        }

        /** {@code --ranks} and {@code --bandwidth-ranks}: 2 to 64. */
        static final class RankCount extends Commands.WholeIn {
            RankCount() {
                super(2, 64);
            }
        }

        /** {@code --sizes}: 1 to 50,000,000 doubles. */
        static final class ArraySize extends Commands.WholeIn {
            ArraySize() {
                super(1, 50_000_000);
            }
        }

        /** {@code --stage-us}: 0 to 10^6 µs. */
        static final class StageMicros extends Commands.NumberIn {
            StageMicros() {
                super(0, 1e6);
            }
        }

        /** The command line, declared for picocli; a fresh one per parse. */
        @Command(name = "bin/ccrj mpi", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
                description = {"ccr-mpi beside MPJ Express in the same JMH run (forked JVMs): the rendezvous patterns'"
                        + " overhead per stage (a stage with the pattern minus a stage of compute alone; Qiu et al. 2007,"
                        + " Table 1), ping-pong and collective latency beside a core-to-core hand-off floor and native MPI"
                        + " in C (built with the machine's mpicc, run with its mpirun and timed by itself, when Open MPI"
                        + " is installed), and sendrecv bandwidth into the papers' three copy models beside"
                        + " System.arraycopy (Qiu, Fox & Ho 2006, Table 3), and ccr-mpi's MPI-3 operations (iallreduce"
                        + " latency and overlap, window put/get/fence/fetch-and-op/compare-and-swap, 1 MB put bandwidth,"
                        + " neighbour all-to-all) beside native MPI in C. Writes mpi.csv, mpi.md, three PNG charts and"
                        + " JMH's JSON (mpi-jmh.json).", ""})
        static final class Line implements Commands.ShowsDefaults {
            @Option(names = "--full", description = "the papers' ranges: ranks 2,4,8, arrays up to 10^7 doubles, 5 JMH forks"
                    + " of 2 + 4 iterations of 300 ms (the expected time is printed first)")
            boolean full;

            @Option(names = {"--only", "--parts"}, paramLabel = "LIST", split = ",", hideParamSyntax = true,
                    converter = PartName.class, description = "stages, latency, bandwidth and/or mpi3 (default: all four)")
            List<Part> only;

            @Option(names = {"--backend", "--backends"}, paramLabel = "LIST", split = ",", hideParamSyntax = true,
                    converter = BackendName.class, description = "ccr-mpi and/or mpj-express (default: both; MPJ Express"
                    + " rows say \"not installed\" when it is missing)")
            List<MpiBackend> backends;

            @Option(names = "--ranks", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = RankCount.class,
                    description = "rank counts of stages and the collectives; ping-pong is at 2 (default: ${DEFAULT-VALUE})")
            List<Integer> ranks;

            @Option(names = "--bandwidth-ranks", paramLabel = "N", converter = RankCount.class,
                    description = "ranks of the bandwidth experiment (default: ${DEFAULT-VALUE})")
            Integer bandwidthRanks;

            @Option(names = "--sizes", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = ArraySize.class,
                    description = "bandwidth array sizes in doubles (default: ${DEFAULT-VALUE})")
            List<Integer> sizes;

            @Option(names = "--stage-us", paramLabel = "MICROS", converter = StageMicros.class,
                    description = "compute per stage, 17 in the AMD rendezvous runs of Qiu et al. 2007; 0: messaging"
                            + " alone (default: ${DEFAULT-VALUE})")
            Double stageMicros;

            @Mixin
            Jmh.SettingsMixin jmh = new Jmh.SettingsMixin(QUICK, FULL);

            @Mixin
            Commands.OutFolder out = new Commands.OutFolder("mpi");

            @Mixin
            Commands.Help help = new Commands.Help();

            @Override
            public String shownDefault(String option) {
                Options quick = defaults(false);
                Options full = defaults(true);
                return switch (option) {
                    case "--ranks" -> Commands.quickOrFull(quick.ranks(), full.ranks());
                    case "--bandwidth-ranks" -> Commands.quickOrFull(quick.bandwidthRanks(), full.bandwidthRanks());
                    case "--sizes" -> Commands.quickOrFull(quick.sizes(), full.sizes());
                    case "--stage-us" -> Commands.quickOrFull(quick.stageMicros(), full.stageMicros());
                    default -> null;
                };
            }
        }

        /**
         * Parses a command line. Mode defaults (quick or {@code --full}) apply to whatever it does not set.
         *
         * @param args the arguments
         * @return the options
         * @throws IllegalArgumentException one line naming the bad option as typed
         */
        public static Options parse(String... args) {
            Line l = Commands.parse(new Line(), args);
            Options d = defaults(l.full);
            return new Options(d.full(), Commands.sorted(l.only, d.experiments()), Commands.sorted(l.backends, d.backends()),
                    Commands.sorted(l.ranks, d.ranks()), Objects.requireNonNullElse(l.bandwidthRanks, d.bandwidthRanks()),
                    Commands.sorted(l.sizes, d.sizes()), Objects.requireNonNullElse(l.stageMicros, d.stageMicros()),
                    l.jmh.settings(l.full), l.out.folder());
        }

        /**
         * The options of a command line that sets nothing else; 17 µs per stage is the compute
         * per stage of the AMD rendezvous runs in Qiu et al. 2007.
         *
         * @param full the papers' ranges
         * @return the options
         */
        public static Options defaults(boolean full) {
            return new Options(full, List.of(Part.values()), List.of(MpiBackend.values()), full ? List.of(2, 4, 8) : List.of(2), 2,
                    full ? List.of(1_000, 10_000, 100_000, 1_000_000, 10_000_000) : QUICK_SIZES,
                    17.0, full ? FULL : QUICK, null);
        }

        /**
         * @param mode quick, full, or smoke: JMH in this JVM, 2 ranks, one array size, 1 µs stages
         * @param out the output folder, or {@code null}
         * @return the options of that mode
         */
        public static Options of(RunMode mode, Path out) {
            Options d = defaults(mode == RunMode.FULL);
            return mode == RunMode.SMOKE
                    ? new Options(false, d.experiments(), d.backends(), List.of(2), 2, List.of(1_000), 1, Jmh.SMOKE, out)
                    : d.with(d.experiments(), d.jmh(), out);
        }

        /**
         * @param parts the experiments to run
         * @param jmh JMH's settings
         * @param folder the output folder
         * @return these options running only {@code parts} with {@code jmh}, writing into {@code folder}
         */
        public Options with(List<Part> parts, Jmh.Settings jmh, Path folder) {
            return new Options(full, parts, backends, ranks, bandwidthRanks, sizes, stageMicros, jmh, folder);
        }

        /** @return the backend a command-line name means ({@link MpiBackend#id} or an alias) */
        static MpiBackend backend(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "ccr-mpi", "ccr_mpi", "ccr" -> MpiBackend.CCR_MPI;
                case "mpj-express", "mpj_express", "mpj" -> MpiBackend.MPJ_EXPRESS;
                default -> throw new IllegalArgumentException("unknown backend '" + s + "' (known: ccr-mpi, mpj-express)");
            };
        }
    }

    /** JMH's own JSON of the run, the section's raw file. */
    static final String RAW = "mpi-jmh.json";
    /** JMH's JSON of the basic unit's timing, which sizes the stages before the run. */
    static final String UNIT_RAW = "mpi-unit-jmh.json";

    static final String UNIT = StageUnitBenchmark.class.getName() + ".unit";
    static final String STAGE = StageOverheadBenchmark.class.getName() + ".stage";
    static final String PING_PONG = PingPongBenchmark.class.getName() + ".halfRoundTrip";
    static final String FLOOR = CoreToCoreBenchmark.class.getName() + ".handOff";
    static final String COLLECTIVE = CollectiveLatencyBenchmark.class.getName() + ".collective";
    static final String RING = RingSendrecvBandwidthBenchmark.class.getName() + ".shift";
    static final String COPY_ONE = ArraycopyBaseline.class.getName() + ".arraycopy";
    static final String COPY_ALL = ArraycopyRanksBenchmark.class.getName() + ".copy";
    static final String IALLREDUCE = IallreduceLatencyBenchmark.class.getName() + ".iallreduce";
    static final String OVERLAP = IallreduceOverlapBenchmark.class.getName() + ".operation";
    static final String WINDOW = WindowLatencyBenchmark.class.getName() + ".operation";
    static final String NEIGHBOR = NeighborAlltoallBenchmark.class.getName() + ".neighborAlltoall";
    /** JMH's JSON of the overlap's pure iallreduce, timed first to size the computation of the other two phases. */
    static final String OVERLAP_PURE_RAW = "mpi-overlap-pure-jmh.json";

    /** The patterns whose overhead the stage experiment measures; {@code COMPUTE_ONLY} is their subtrahend. */
    static final List<RendezvousPattern> PATTERNS = List.of(RendezvousPattern.RENDEZVOUS_SHIFT,
            RendezvousPattern.RENDEZVOUS_EXCHANGE, RendezvousPattern.EXCHANGE_AS_TWO_SHIFTS);
    static final List<LatencyOp> COLLECTIVES = List.of(LatencyOp.BARRIER, LatencyOp.BCAST, LatencyOp.ALLREDUCE);

    /** Forks of the core-to-core floor, whatever the settings: enough to show how far forks vary on the machine. */
    public static final int FLOOR_FORKS = 3;

    /** A fork's start on a 2-core machine, MPJ Express's world included, for the expected duration only. */
    private static final double FORK_START_SECONDS = 1.2;

    @Override
    public String usage() {
        return Commands.usage(new Options.Line());
    }

    @Override
    public Options parse(String... args) {
        return Options.parse(args);
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return Options.of(mode, out);
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        boolean mpj = o.backends().contains(MpiBackend.MPJ_EXPRESS) && mpjInstalled(err);
        List<MpiBackend> timed = o.backends().stream().filter(b -> b != MpiBackend.MPJ_EXPRESS || mpj).toList();
        String machine = MachineInfo.describe();
        out.println("ccrj mpi — ccr-mpi beside MPJ Express under JMH (" + (o.full() ? "full" : "quick") + " mode)");
        out.println(machine);
        out.flush();
        OutputFolder dir = new OutputFolder(o.out(), "mpi", out);
        long start = System.nanoTime();

        int units = 0;
        double unitNanos = Double.NaN;
        if (o.experiments().contains(Part.STAGES) && o.stageMicros() > 0 && !timed.isEmpty()) {
            err.println("ccrj mpi: timing the basic unit of computation (JMH, 1 fork) to size the stages ...");
            Jmh.Settings s = o.jmh();
            List<Forks> unit = Jmh.run(List.of(new Jmh.Part(UNIT, Map.of(), null)),
                    new Jmh.Settings(Math.min(1, s.forks()), s.warmupIterations(), s.iterations(), s.iterationMillis()),
                    dir.path(UNIT_RAW), err);
            dir.wrote(UNIT_RAW);
            // The fastest iteration, as a calibration takes the fastest trial: other processes only
            // ever make an iteration slower, and the stages' size should not follow their load.
            unitNanos = unit.get(0).iterations().stream().flatMapToDouble(Arrays::stream).min().orElseThrow();
            units = unitsPerStage(o.stageMicros(), unitNanos);
        }
        List<Forks> pure = List.of();
        long computeNanos = 0;
        if (mpi3OnCcr(o)) {
            err.println("ccrj mpi: timing ccr-mpi's iallreduce of 10^5 doubles alone (JMH) to size the overlap's computation ...");
            pure = Jmh.run(List.of(overlapPure()), o.jmh(), dir.path(OVERLAP_PURE_RAW), err);
            dir.wrote(OVERLAP_PURE_RAW);
            computeNanos = computeNanos(pure.get(0));
        }
        List<Jmh.Part> parts = parts(o, timed, units, computeNanos);
        int benchmarks = parts.stream().mapToInt(MpiRunner::benchmarks).sum();
        String params = String.format(Locale.ROOT,
                "experiments %s; backends %s%s; ranks %s (ping-pong 2, bandwidth %d); %s; JMH %s per benchmark",
                o.experiments().stream().map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(",")),
                o.backends().stream().map(b -> b.id).collect(Collectors.joining(",")),
                o.backends().contains(MpiBackend.MPJ_EXPRESS) && !mpj ? " (MPJ Express not installed)" : "",
                o.ranks().stream().map(String::valueOf).collect(Collectors.joining(",")), o.bandwidthRanks(),
                units == 0 ? "stages of messaging alone" : String.format(Locale.ROOT,
                        "stages of %d basic units (%.1f µs asked; unit %.1f ns, JMH's fastest iteration)", units, o.stageMicros(), unitNanos),
                o.jmh().describe());
        out.println(params);
        out.printf(Locale.ROOT, "%d benchmarks: expected about %s, then native MPI%n", benchmarks,
                Progress.clockTime(expectedSeconds(benchmarks, o.jmh())));
        out.flush();

        List<Forks> forks = new ArrayList<>(pure);
        if (!parts.isEmpty()) {
            forks.addAll(Jmh.run(parts, o.jmh(), dir.path(RAW), err));
            dir.wrote(RAW);
        }
        List<Measured> measured = measured(forks, o, units, mpj);
        if (o.experiments().contains(Part.LATENCY)) {
            measured = insertNative(measured, nativeLatency(o, cores, err), Part.LATENCY);
        }
        if (o.experiments().contains(Part.MPI3)) {
            measured = insertNative(measured, nativeMpi3(o, cores, dir.path(CAS_LOG), err), Part.MPI3);
        }
        double took = (System.nanoTime() - start) / 1e9;
        MpiReport report = new MpiReport(measured, o, ForkSpread.of(forks), cores);
        String tables = report.tables();
        out.println();
        out.print(tables);

        dir.write("mpi.csv", report.csv());
        String markdown = "- " + machine + "\n- " + params + "\n"
                + String.format(Locale.ROOT, "- measured in %s%n%n", Progress.clockTime(took)) + tables;
        dir.write("mpi.md", "# ccrj mpi — ccr-mpi beside MPJ Express\n\n" + markdown);
        String subtitle = cores + " cores";
        for (var chart : List.of(Map.entry("mpi-stage-overhead.png", report.stagePanels(subtitle)),
                Map.entry("mpi-latency.png", report.latencyPanels(subtitle)),
                Map.entry("mpi-bandwidth.png", report.bandwidthPanels(subtitle)))) {
            if (!chart.getValue().isEmpty()) {
                dir.chart(chart.getKey(), png -> Charts.write(chart.getValue(), png));
            }
        }
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("ccr-mpi beside MPJ Express: rendezvous patterns, latency, bandwidth (Qiu et al. 2007, Table 1;"
                + " Qiu, Fox & Ho 2006, Table 3); MPI-3 beside native MPI", markdown, report.headline(), dir.charts(), report.spread());
    }

    /** @return basic units per stage for {@code stageMicros} of compute, at least 1 */
    static int unitsPerStage(double stageMicros, double unitNanos) {
        if (!(unitNanos > 0)) {
            throw new IllegalStateException("the basic unit's time came out as " + unitNanos + " ns");
        }
        return (int) Math.max(1, Math.round(stageMicros * 1e3 / unitNanos));
    }

    /** @return what the benchmarks should take on a 2-core machine: every fork's start and iterations */
    static double expectedSeconds(int benchmarks, Jmh.Settings s) {
        double fork = (s.forks() == 0 ? 0.2 : FORK_START_SECONDS)
                + (s.warmupIterations() + s.iterations()) * s.iterationMillis() / 1e3;
        return benchmarks * Math.max(1, s.forks()) * fork;
    }

    private static int benchmarks(Jmh.Part p) {
        return p.params().values().stream().mapToInt(List::size).reduce(1, (a, b) -> a * b);
    }

    /** @return whether the run times ccr-mpi's MPI-3 operations (MPJ Express has none) */
    static boolean mpi3OnCcr(Options o) {
        return o.experiments().contains(Part.MPI3) && o.backends().contains(MpiBackend.CCR_MPI);
    }

    /** @return the overlap's pure iallreduce at 2 ranks, timed before the other benchmarks ({@link #computeNanos}) */
    static Jmh.Part overlapPure() {
        return new Jmh.Part(OVERLAP, params("ranks", List.of(String.valueOf(Mpi3Op.IALLREDUCE_OVERLAP.ranks)), "phase",
                List.of(IallreduceOverlapBenchmark.Phase.PURE.name())), null);
    }

    /**
     * The overlap's computation, as the OSU micro-benchmarks size it: as long as the pure
     * iallreduce (the median of its forks' scores), at least a microsecond.
     */
    static long computeNanos(Forks pure) {
        return Math.max(1_000, Math.round(Estimate.medianOf(pure.scores()) * micros(pure) * 1e3));
    }

    /**
     * The JMH parts of a run, in report order; the backends are those installed ({@code timed}).
     * A part whose every backend is missing is left out (JMH has no empty parameter). The MPI-3
     * experiment's overlap is here without its pure iallreduce ({@link #overlapPure}, timed
     * first): its computation and overall phases with {@code computeNanos} of computation.
     */
    static List<Jmh.Part> parts(Options o, List<MpiBackend> timed, int units, long computeNanos) {
        List<String> backends = timed.stream().map(Enum::name).toList();
        List<String> ranks = o.ranks().stream().map(String::valueOf).toList();
        List<Jmh.Part> parts = new ArrayList<>();
        boolean any = !backends.isEmpty();
        for (Part e : o.experiments()) {
            switch (e) {
                case STAGES -> {
                    if (any) {
                        parts.add(new Jmh.Part(STAGE, params("backend", backends, "ranks", ranks, "pattern", names(PATTERNS),
                                "units", units > 0 ? List.of("0", String.valueOf(units)) : List.of("0")), null));
                        if (units > 0) {
                            parts.add(new Jmh.Part(STAGE, params("backend", backends, "ranks", ranks, "pattern",
                                    List.of(RendezvousPattern.COMPUTE_ONLY.name()), "units", List.of(String.valueOf(units))), null));
                        }
                    }
                }
                case LATENCY -> {
                    if (any) {
                        parts.add(new Jmh.Part(PING_PONG, params("backend", backends), null));
                    }
                    // Several forks in every mode: the run's measure of how far forks vary here (ForkSpread).
                    parts.add(new Jmh.Part(FLOOR, Map.of(), null, FLOOR_FORKS));
                    if (any) {
                        parts.add(new Jmh.Part(COLLECTIVE, params("backend", backends, "ranks", ranks, "collective",
                                names(COLLECTIVES)), null));
                    }
                }
                case BANDWIDTH -> {
                    List<String> sizes = o.sizes().stream().map(String::valueOf).toList();
                    List<String> r = List.of(String.valueOf(o.bandwidthRanks()));
                    if (any) {
                        parts.add(new Jmh.Part(RING, params("backend", backends, "ranks", r, "doubles", sizes, "model",
                                names(List.of(CopyModel.values()))), null));
                    }
                    parts.add(new Jmh.Part(COPY_ONE, params("doubles", sizes), null));
                    // A baseline: its ranks are threads of a ccr-mpi world, whichever backends are compared.
                    parts.add(new Jmh.Part(COPY_ALL, params("backend", List.of(MpiBackend.CCR_MPI.name()), "ranks", r,
                            "doubles", sizes), null));
                }
                case MPI3 -> {
                    if (mpi3OnCcr(o)) {
                        parts.add(new Jmh.Part(IALLREDUCE, params("ranks", ranksOf(Mpi3Op.IALLREDUCE)), null));
                        parts.add(new Jmh.Part(OVERLAP, params("ranks", ranksOf(Mpi3Op.IALLREDUCE_OVERLAP), "phase",
                                List.of(IallreduceOverlapBenchmark.Phase.COMPUTE.name(), IallreduceOverlapBenchmark.Phase.OVERALL.name()),
                                "computeNanos", List.of(String.valueOf(computeNanos))), null));
                        parts.add(new Jmh.Part(WINDOW, params("ranks", ranksOf(Mpi3Op.PUT_FLUSH), "operation",
                                WINDOW_OPS.values().stream().map(Enum::name).toList()), null));
                        parts.add(new Jmh.Part(NEIGHBOR, params("ranks", ranksOf(Mpi3Op.NEIGHBOR_ALLTOALL), "count", List.of("1"),
                                "nonblocking", List.of("false")), null));
                    }
                }
            }
        }
        return parts;
    }

    /** The MPI-3 rows timed by {@link WindowLatencyBenchmark}, with its operation for each (all at 2 ranks). */
    static final Map<Mpi3Op, WindowLatencyBenchmark.Operation> WINDOW_OPS = windowOps();

    private static Map<Mpi3Op, WindowLatencyBenchmark.Operation> windowOps() {
        Map<Mpi3Op, WindowLatencyBenchmark.Operation> m = new java.util.EnumMap<>(Mpi3Op.class);
        m.put(Mpi3Op.PUT_FLUSH, WindowLatencyBenchmark.Operation.PUT_FLUSH);
        m.put(Mpi3Op.GET_FLUSH, WindowLatencyBenchmark.Operation.GET_FLUSH);
        m.put(Mpi3Op.PUT_FENCE, WindowLatencyBenchmark.Operation.PUT_FENCE);
        m.put(Mpi3Op.FETCH_AND_OP, WindowLatencyBenchmark.Operation.FETCH_AND_OP);
        m.put(Mpi3Op.COMPARE_AND_SWAP, WindowLatencyBenchmark.Operation.COMPARE_AND_SWAP);
        m.put(Mpi3Op.PUT_1MB, WindowLatencyBenchmark.Operation.PUT_1MB_FLUSH);
        return java.util.Collections.unmodifiableMap(m);
    }

    private static List<String> ranksOf(Mpi3Op op) {
        return List.of(String.valueOf(op.ranks));
    }

    /**
     * Every figure of the JMH run, in report order, the backends not installed marked so; fails if
     * JMH left out a benchmark of the run.
     */
    static List<Measured> measured(List<Forks> forks, Options o, int units, boolean mpjInstalled) {
        List<Measured> out = new ArrayList<>();
        for (Part e : o.experiments()) {
            switch (e) {
                case STAGES -> stages(out, forks, o, units, mpjInstalled);
                case LATENCY -> latency(out, forks, o, mpjInstalled);
                case BANDWIDTH -> bandwidth(out, forks, o, mpjInstalled);
                case MPI3 -> mpi3(out, forks, o);
            }
        }
        return out;
    }

    /** The stage experiment's figures: each pattern's overhead and messaging per backend and ranks, then the compute alone. */
    private static void stages(List<Measured> out, List<Forks> forks, Options o, int units, boolean mpjInstalled) {
        for (RendezvousPattern p : PATTERNS) {
            for (int r : o.ranks()) {
                for (MpiBackend b : o.backends()) {
                    if (!installed(b, mpjInstalled)) {
                        if (units > 0) {
                            out.add(MpiReport.missing(MpiReport.key(Part.STAGES, p, Source.of(b), r, 0, Metric.OVERHEAD_US), "not installed"));
                        }
                        out.add(MpiReport.missing(MpiReport.key(Part.STAGES, p, Source.of(b), r, 0, Metric.MESSAGING_US), "not installed"));
                        continue;
                    }
                    Forks messaging = find(forks, STAGE, "backend", b.name(), "ranks", r, "pattern", p.name(), "units", 0);
                    if (units > 0) {
                        out.add(MpiReport.difference(MpiReport.key(Part.STAGES, p, Source.of(b), r, 0, Metric.OVERHEAD_US),
                                find(forks, STAGE, "backend", b.name(), "ranks", r, "pattern", p.name(), "units", units),
                                find(forks, STAGE, "backend", b.name(), "ranks", r, "pattern",
                                        RendezvousPattern.COMPUTE_ONLY.name(), "units", units), micros(messaging)));
                    }
                    out.add(MpiReport.time(MpiReport.key(Part.STAGES, p, Source.of(b), r, 0, Metric.MESSAGING_US), messaging,
                            micros(messaging)));
                }
            }
        }
        for (int r : units > 0 ? o.ranks() : List.<Integer>of()) {
            for (MpiBackend b : o.backends()) {
                if (installed(b, mpjInstalled)) {
                    Forks c = find(forks, STAGE, "backend", b.name(), "ranks", r, "pattern",
                            RendezvousPattern.COMPUTE_ONLY.name(), "units", units);
                    out.add(MpiReport.time(MpiReport.key(Part.STAGES, RendezvousPattern.COMPUTE_ONLY, Source.of(b), r, 0,
                            Metric.COMPUTE_US), c, micros(c)));
                }
            }
        }
    }

    /** The latency figures: ping-pong per backend, the core-to-core floor, then every collective at every rank count. */
    private static void latency(List<Measured> out, List<Forks> forks, Options o, boolean mpjInstalled) {
        for (MpiBackend b : o.backends()) {
            FigureKey key = MpiReport.key(Part.LATENCY, LatencyOp.PING_PONG, Source.of(b), 2, 0, Metric.LATENCY_US);
            Forks f = installed(b, mpjInstalled) ? find(forks, PING_PONG, "backend", b.name()) : null;
            out.add(f == null ? MpiReport.missing(key, "not installed") : MpiReport.time(key, f, micros(f)));
        }
        Forks floor = find(forks, FLOOR);
        out.add(MpiReport.time(MpiReport.key(Part.LATENCY, Baseline.CORE_TO_CORE, Source.JAVA, 2, 0, Metric.LATENCY_US), floor,
                micros(floor)));
        for (LatencyOp op : COLLECTIVES) {
            for (int r : o.ranks()) {
                for (MpiBackend b : o.backends()) {
                    FigureKey key = MpiReport.key(Part.LATENCY, op, Source.of(b), r, 0, Metric.LATENCY_US);
                    Forks f = installed(b, mpjInstalled)
                            ? find(forks, COLLECTIVE, "backend", b.name(), "ranks", r, "collective", op.name()) : null;
                    out.add(f == null ? MpiReport.missing(key, "not installed") : MpiReport.time(key, f, micros(f)));
                }
            }
        }
    }

    /** The bandwidth figures: every copy model per backend and size, then System.arraycopy on one thread and on every rank's. */
    private static void bandwidth(List<Measured> out, List<Forks> forks, Options o, boolean mpjInstalled) {
        int r = o.bandwidthRanks();
        for (int size : o.sizes()) {
            for (CopyModel m : CopyModel.values()) {
                for (MpiBackend b : o.backends()) {
                    if (!installed(b, mpjInstalled)) {
                        out.add(MpiReport.missing(MpiReport.key(Part.BANDWIDTH, m, Source.of(b), r, size, Metric.OP_US), "not installed"));
                        out.add(MpiReport.missing(MpiReport.key(Part.BANDWIDTH, m, Source.of(b), r, size, Metric.GB_PER_S), "not installed"));
                        continue;
                    }
                    bandwidth(out, m, Source.of(b), r, size, find(forks, RING, "backend", b.name(), "ranks", r, "doubles", size,
                            "model", m.name()));
                }
            }
            bandwidth(out, Baseline.ARRAYCOPY_ONE, Source.JAVA, 1, size, find(forks, COPY_ONE, "doubles", size));
            bandwidth(out, Baseline.ARRAYCOPY_ALL, Source.JAVA, r, size, find(forks, COPY_ALL, "backend",
                    MpiBackend.CCR_MPI.name(), "ranks", r, "doubles", size));
        }
    }

    /** ccr-mpi's MPI-3 figures, one per {@link Mpi3Op}: "not run" where {@code --backend} left ccr-mpi out. */
    private static void mpi3(List<Measured> out, List<Forks> forks, Options o) {
        for (Mpi3Op op : Mpi3Op.values()) {
            FigureKey key = MpiReport.key(Part.MPI3, op, Source.CCR_MPI, op.ranks, 0, MpiReport.metric(op));
            if (!mpi3OnCcr(o)) {
                out.add(MpiReport.missing(key, "not run (--backend)"));
                continue;
            }
            String r = String.valueOf(op.ranks);
            switch (op) {
                case IALLREDUCE -> {
                    Forks f = find(forks, IALLREDUCE, "ranks", r);
                    out.add(MpiReport.time(key, f, micros(f)));
                }
                case IALLREDUCE_OVERLAP -> out.add(MpiReport.overlap(key,
                        find(forks, OVERLAP, "ranks", r, "phase", IallreduceOverlapBenchmark.Phase.PURE.name()),
                        find(forks, OVERLAP, "ranks", r, "phase", IallreduceOverlapBenchmark.Phase.COMPUTE.name()),
                        find(forks, OVERLAP, "ranks", r, "phase", IallreduceOverlapBenchmark.Phase.OVERALL.name())));
                case NEIGHBOR_ALLTOALL -> {
                    Forks f = find(forks, NEIGHBOR, "ranks", r, "count", 1, "nonblocking", false);
                    out.add(MpiReport.time(key, f, micros(f)));
                }
                default -> {
                    Forks f = find(forks, WINDOW, "ranks", r, "operation", WINDOW_OPS.get(op).name());
                    out.add(op.kind == Mpi3Op.Kind.BANDWIDTH ? MpiReport.megabytesPerSecond(key, f, micros(f), Mpi3Op.MB_BYTES)
                            : MpiReport.time(key, f, micros(f)));
                }
            }
        }
    }

    /** One operation's time and the bandwidth of {@code threads} x {@code size} doubles moved by it. */
    private static void bandwidth(List<Measured> out, Enum<?> item, Source backend, int threads, int size, Forks f) {
        out.add(MpiReport.time(MpiReport.key(Part.BANDWIDTH, item, backend, threads, size, Metric.OP_US), f, micros(f)));
        out.add(MpiReport.rate(MpiReport.key(Part.BANDWIDTH, item, backend, threads, size, Metric.GB_PER_S), f, micros(f), 8.0 * size * threads));
    }

    private static boolean installed(MpiBackend b, boolean mpjInstalled) {
        return b != MpiBackend.MPJ_EXPRESS || mpjInstalled;
    }

    /** @return the factor from a benchmark's JMH score to µs per operation (stages: per stage) */
    static double micros(Forks f) {
        return switch (f.unit()) {
            case "ns/op" -> 1e-3;
            case "us/op" -> 1;
            case "ms/op" -> 1e3;
            default -> throw new IllegalArgumentException("unexpected JMH unit " + f.unit() + " of " + f.benchmark());
        };
    }

    /** @return the one benchmark of {@code forks} with these parameters (name, value, ...); fails if JMH gave none */
    private static Forks find(List<Forks> forks, String benchmark, Object... params) {
        Map<String, String> wanted = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            wanted.put((String) params[i], String.valueOf(params[i + 1]));
        }
        return forks.stream().filter(f -> f.benchmark().equals(benchmark) && f.params().entrySet().containsAll(wanted.entrySet()))
                .findFirst().orElseThrow(() -> new IllegalStateException("JMH gave no result for " + benchmark + " " + wanted));
    }

    private static Map<String, List<String>> params(Object... pairs) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) pairs[i + 1];
            m.put((String) pairs[i], values);
        }
        return m;
    }

    private static List<String> names(List<? extends Enum<?>> constants) {
        return constants.stream().map(Enum::name).toList();
    }

    /** The figures with native MPI's after the last JMH figure of {@code part}, so the tables keep their order. */
    private static List<Measured> insertNative(List<Measured> measured, List<Measured> nativeFigures, Part part) {
        List<Measured> out = new ArrayList<>(measured);
        int last = -1;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).key().experiment() == part) {
                last = i;
            }
        }
        out.addAll(last + 1, nativeFigures);
        return out;
    }

    /**
     * Calls per timed repetition of the native program: some milliseconds at native MPI's
     * latencies, a few hundred nanoseconds while every process has a core, and tens of
     * microseconds when the processes outnumber the cores and take turns.
     */
    private static final long NATIVE_OPS = 20_000;
    private static final long NATIVE_OPS_OVERSUBSCRIBED = 2_000;

    /**
     * The same operations in C on the machine's native MPI (built now), at every rank count, timed
     * by the program itself (as many repetitions as JMH's forks, at least 3; 1 in a smoke run);
     * its figures are marked "not installed" when there is none.
     */
    private static List<Measured> nativeLatency(Options o, int cores, PrintStream err) {
        List<String> why = new ArrayList<>();
        Optional<NativeMpi> nativeMpi;
        try {
            nativeMpi = NativeMpi.build(Files.createTempDirectory("ccrj-native-mpi"), why);
        } catch (IOException e) {
            why.add("cannot make a folder to build the native MPI program in: " + e.getMessage());
            nativeMpi = Optional.empty();
        }
        why.forEach(w -> err.println("ccrj mpi: " + w + "; its column says \"not installed\""));
        int reps = o.jmh().forks() == 0 ? 1 : Math.max(3, o.jmh().forks());
        List<Measured> out = new ArrayList<>();
        for (int ranks : o.ranks()) {
            if (nativeMpi.isEmpty()) {
                for (LatencyOp op : LatencyOp.values()) {
                    if (op != LatencyOp.PING_PONG || ranks == 2) {
                        out.add(MpiReport.missing(MpiReport.key(Part.LATENCY, op, Source.NATIVE_MPI, ranks, 0, Metric.LATENCY_US),
                                "not installed"));
                    }
                }
                continue;
            }
            err.printf(Locale.ROOT, "ccrj mpi: native MPI at %d ranks (mpirun, %d repetitions timed by the program) ...%n", ranks,
                    reps);
            try {
                Map<LatencyOp, double[]> nanos = nativeMpi.get().run(ranks, reps,
                        ranks <= cores ? NATIVE_OPS : NATIVE_OPS_OVERSUBSCRIBED);
                nanos.forEach((op, perRep) -> {
                    if (op != LatencyOp.PING_PONG || ranks == 2) {
                        out.add(MpiReport.external(MpiReport.key(Part.LATENCY, op, Source.NATIVE_MPI, ranks, 0, Metric.LATENCY_US),
                                Arrays.stream(perRep).map(v -> v / 1e3).toArray()));
                    }
                });
            } catch (IOException e) {
                err.println("ccrj mpi: native MPI at " + ranks + " ranks failed: " + e.getMessage());
            }
        }
        return out;
    }

    /** Calls per timed repetition of the native MPI-3 program's 10^5-double allreduce and 1 MB put (each tens of µs or more). */
    private static final long NATIVE_LARGE_OPS = 100;
    /** mpirun's arguments for Open MPI's point-to-point one-sided component, the fallback where the default one fails. */
    static final List<String> OSC_PT2PT = List.of("--mca", "osc", "pt2pt");

    /**
     * The MPI-3 operations in C on the machine's native MPI (built now), each at its ranks, timed
     * by the program itself (repetitions as {@link #nativeLatency}); "not installed" without one,
     * "failed" where mpirun failed (the reason goes to {@code err}). Where the default one-sided
     * component fails on compare-and-swap (Open MPI 4.1's shared-memory RDMA component crashes on a
     * compare-and-swap of a 64-bit integer), it is run once more with the point-to-point
     * component, and its row says so ({@link #runNativeMpi3}).
     *
     * @param casLog where the failed first attempt of compare-and-swap is kept, if it fails
     */
    private static List<Measured> nativeMpi3(Options o, int cores, Path casLog, PrintStream err) {
        List<String> why = new ArrayList<>();
        Optional<NativeMpi3> program;
        try {
            program = NativeMpi3.build(Files.createTempDirectory("ccrj-native-mpi3"), why);
        } catch (IOException e) {
            why.add("cannot make a folder to build the native MPI program in: " + e.getMessage());
            program = Optional.empty();
        }
        why.forEach(w -> err.println("ccrj mpi: " + w + "; its MPI-3 column says \"not installed\""));
        int reps = o.jmh().forks() == 0 ? 1 : Math.max(3, o.jmh().forks());
        List<Measured> out = new ArrayList<>();
        if (program.isEmpty()) {
            for (Mpi3Op op : Mpi3Op.values()) {
                out.add(MpiReport.missing(nativeKey(op), "not installed"));
            }
            return out;
        }
        // One mpirun per rank count, and compare-and-swap in one of its own, so that its fallback reruns only it.
        List<List<Mpi3Op>> runs = new ArrayList<>();
        for (int ranks : Arrays.stream(Mpi3Op.values()).mapToInt(op -> op.ranks).distinct().sorted().toArray()) {
            runs.add(Arrays.stream(Mpi3Op.values()).filter(op -> op.ranks == ranks && op != Mpi3Op.COMPARE_AND_SWAP).toList());
            if (Mpi3Op.COMPARE_AND_SWAP.ranks == ranks) {
                runs.add(List.of(Mpi3Op.COMPARE_AND_SWAP));
            }
        }
        Map<Mpi3Op, Measured> byOp = new java.util.EnumMap<>(Mpi3Op.class);
        for (List<Mpi3Op> ops : runs) {
            int ranks = ops.get(0).ranks;
            long calls = ranks <= cores ? NATIVE_OPS : NATIVE_OPS_OVERSUBSCRIBED;
            err.printf(Locale.ROOT, "ccrj mpi: native MPI-3 %s at %d ranks (mpirun, %d repetitions timed by the program) ...%n",
                    ops.stream().map(op -> op.nativeName).collect(Collectors.joining(",")), ranks, reps);
            NativeMpi3 built = program.get();
            NativeAttempt a = runNativeMpi3(ops, ranks, mca -> built.run(ranks, reps, calls, NATIVE_LARGE_OPS, ops, mca), casLog, err);
            Map<Mpi3Op, double[]> figures = a.figures();
            String note = a.note();
            for (Mpi3Op op : ops) {
                byOp.put(op, figures == null ? MpiReport.missing(nativeKey(op), "failed (the run's log says why)")
                        : MpiReport.external(nativeKey(op), figures.get(op), note));
            }
        }
        for (Mpi3Op op : Mpi3Op.values()) {
            out.add(byOp.get(op));
        }
        return out;
    }

    /** The file in the section's folder that keeps compare-and-swap's failed attempt on the default one-sided component. */
    static final String CAS_LOG = "native-mpi3-compare-and-swap-default-osc.log";

    /** One mpirun of the native MPI-3 program with mpirun's {@code mca} arguments (none for Open MPI's defaults). */
    @FunctionalInterface
    interface NativeMpi3Run {
        /** @return per operation, its repetitions' figures ({@link NativeMpi3#run}) */
        Map<Mpi3Op, double[]> run(List<String> mca) throws IOException;
    }

    /**
     * What one native MPI-3 run gave.
     *
     * @param figures per operation, its repetitions' figures; {@code null} where mpirun failed
     * @param note for the rows: how the figures were measured, where not with the defaults; else empty
     */
    record NativeAttempt(Map<Mpi3Op, double[]> figures, String note) {
    }

    /**
     * Runs some of the native MPI-3 operations at one rank count, and compare-and-swap (run on its
     * own) once more on Open MPI's point-to-point one-sided component ({@link #OSC_PT2PT}) where the
     * default component fails on it. That failure is a known crash of the default component, not
     * of the run, yet Open MPI's segfault report reads like one: so the console gets one line saying
     * what happened, and the report goes to {@code casLog} in the run's folder for whoever wants it.
     * Any other failure is the run's and its first lines go to {@code err}.
     *
     * @param ops the operations of this mpirun
     * @param ranks its rank count, for messages
     * @param run the mpirun itself
     * @param casLog where compare-and-swap's failed first attempt is written
     * @param err the console's error stream
     * @return the figures, or none where mpirun failed (and failed again on the fallback)
     */
    static NativeAttempt runNativeMpi3(List<Mpi3Op> ops, int ranks, NativeMpi3Run run, Path casLog, PrintStream err) {
        try {
            return new NativeAttempt(run.run(List.of()), "");
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            if (!ops.equals(List.of(Mpi3Op.COMPARE_AND_SWAP))) {
                err.println("ccrj mpi: native MPI-3 at " + ranks + " ranks failed: " + firstOf(m));
                return new NativeAttempt(null, "");
            }
            String where;
            try {
                Files.writeString(casLog, "mpirun with Open MPI's default one-sided component, compare-and-swap at " + ranks
                        + " ranks; the runner fell back to " + String.join(" ", OSC_PT2PT) + ".\n\n" + m + "\n");
                where = casLog.toString();
            } catch (IOException notWritten) {
                // Without the file the console is the only place left for the report's first lines.
                where = "not written: " + notWritten.getMessage() + "; its start: " + firstOf(m);
            }
            err.println("native MPI compare-and-swap: the default one-sided component failed; falling back to "
                    + String.join(" ", OSC_PT2PT) + " (trace in " + where + ")");
            try {
                return new NativeAttempt(run.run(OSC_PT2PT), "measured with Open MPI's point-to-point one-sided component ("
                        + String.join(" ", OSC_PT2PT) + "): mpirun with the default component failed on it here");
            } catch (IOException again) {
                err.println("ccrj mpi: native MPI-3 compare-and-swap failed again with " + String.join(" ", OSC_PT2PT) + ": "
                        + firstOf(String.valueOf(again.getMessage())));
                return new NativeAttempt(null, "");
            }
        }
    }

    /** A failure's message as the console shows it: a crash's whole report is long, its start names the signal and the call. */
    private static String firstOf(String message) {
        return message.length() > 600 ? message.substring(0, 600) + " ..." : message;
    }

    private static FigureKey nativeKey(Mpi3Op op) {
        return MpiReport.key(Part.MPI3, op, Source.NATIVE_MPI, op.ranks, 0, MpiReport.metric(op));
    }

    private static boolean mpjInstalled(PrintStream err) {
        try {
            MpjExpressHome.detect().verify();
            return true;
        } catch (IllegalStateException e) {
            err.println("ccrj mpi: " + e.getMessage() + " — its rows say \"not installed\"");
            return false;
        }
    }
}
