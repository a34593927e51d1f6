package io.ccrj.bench.overhead;

import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.bench.runner.Commands;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.runner.RunMode;
import io.ccrj.bench.runner.Section;
import io.ccrj.bench.runner.Verdict;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Map;
import java.util.function.ToDoubleBiFunction;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/ccrj overhead}: the stage-overhead experiment of Qiu, Fox &amp; Ho 2006, section 2 (Tables
 * 1-2), for the spawned patterns of its Figure 7 on ccr-core, every figure from JMH ({@link Jmh}:
 * forked JVMs, JMH's warm-up and iterations, JMH's JSON kept as {@value #RAW}).
 *
 * <p>First JMH times the papers' basic unit ({@link BasicUnitBenchmark}, its JSON kept as
 * {@value #CALIBRATION_RAW}), which gives the units per stage of the papers' time per stage. Then,
 * for every (ways, threads) configuration, JMH runs T(S), each pattern's computation in S stages,
 * and T(1), the same work as one stage ({@link SpawnedComputationBenchmark}); a cell's overhead per
 * stage is {@code (T(S) - T(1)) / S} from the medians of the two benchmarks' forks, with a
 * bootstrap interval over both ({@link OverheadCell}). Last, the back-to-back stages of one unit
 * ({@link MessagingCost}). Prints the papers' table layout with their AMD figures beside ours, and
 * writes {@code overhead.csv}, {@code overhead.md}, {@code overhead-messaging.csv} and
 * {@code overhead-per-stage.png} into the output folder.
 */
public final class OverheadRunner implements Experiment<OverheadRunner.Options> {
    /**
     * The options of {@code bin/ccrj overhead}. Mode defaults (quick or {@code --full}) apply to
     * whatever the command line does not set, whatever the order of the arguments.
     *
     * @param full the papers' stage time and ways (1-, 2-, 3-, 4- and 8-way) in 50,000-stage computations, 5 forks
     * @param patterns patterns to run, in table order
     * @param ways parallel computations, ascending
     * @param threadModes match and/or default
     * @param stageMicros compute time per stage (the papers': 28 µs on the AMD machine)
     * @param stages S, stages per computation
     * @param jmh JMH's forks and iterations per benchmark (0 forks: in this JVM, a wiring check for smoke runs only)
     * @param out output folder, or {@code null} for the default {@code results/overhead-<timestamp>}
     */
    public record Options(boolean full, List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> threadModes,
                          double stageMicros, int stages, Jmh.Settings jmh, Path out) {
        /** Quick mode: stages per computation, about 140 ms of compute per 1-way computation. */
        public static final int QUICK_STAGES = 5_000;
        /**
         * Full mode: stages per computation, 1.4 s of compute per 1-way computation. The papers ran
         * {@link #PAPER_STAGES}; the overhead's resolution is the run's relative noise times the stage
         * time, whatever S is, so a tenth of their length with two measured computations per fork
         * resolves as finely in a tenth of the time.
         */
        public static final int FULL_STAGES = 50_000;
        /** Qiu, Fox &amp; Ho 2006, Tables 1-2: stages per computation ({@code --full --stages 500000}, ten times as long). */
        public static final int PAPER_STAGES = 500_000;
        /** The papers' time per stage on the AMD machine: 10^7 units of 1.4 µs in 500,000 stages. */
        public static final double PAPER_STAGE_MICROS = 28.0;
        /**
         * Quick: 2 forks of 2 + 2 iterations of 200 ms per benchmark (a computation of 0.14-0.28 s,
         * so one or two per iteration); two warm-up iterations because a back-to-back computation's
         * first one or two still run partly interpreted: after one warm-up iteration the first
         * measured one is still cold, and slower than the second; full: 5 forks of 2 measured
         * iterations, each one computation of 1.4-5.6 s. Full needs no warm-up iteration: every fork
         * compiles the basic unit and the stage path in its set-up before JMH times anything.
         */
        public static final Jmh.Settings QUICK = new Jmh.Settings(2, 2, 2, 200);
        /** See {@link #QUICK}. */
        public static final Jmh.Settings FULL = new Jmh.Settings(5, 0, 2, 1_000);
        /**
         * Quick: 1- and 2-way only. The difference method resolves no cell in a quick run on a small
         * machine (its resolution, the run's relative noise times the 28 µs stage, is coarser than
         * the overhead), so the oversubscribed 4-way columns would only lengthen the main job's quick
         * run; {@code --full} runs the papers' ways.
         */
        public static final List<Integer> QUICK_WAYS = List.of(1, 2);

        /**
         * @param mode quick, full, or smoke: JMH in this JVM, 50 stages of 2 µs at 1 and 2 ways
         * @param out the output folder, or {@code null}
         * @return the options of that mode
         */
        public static Options of(RunMode mode, Path out) {
            Options d = defaults(mode == RunMode.FULL);
            return mode == RunMode.SMOKE
                    ? new Options(false, d.patterns(), List.of(1, 2), d.threadModes(), 2, 50, Jmh.SMOKE, out)
                    : new Options(d.full(), d.patterns(), d.ways(), d.threadModes(), d.stageMicros(), d.stages(), d.jmh(), out);
        }

        /**
         * @param only the patterns to run
         * @return these options running those patterns
         */
        public Options withPatterns(List<SpawnedPattern> only) {
            return new Options(full, only, ways, threadModes, stageMicros, stages, jmh, out);
        }

        /** @return the options of a command line that sets nothing but {@code --full} or not */
        public static Options defaults(boolean full) {
            return new Options(full, List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS),
                    full ? List.of(1, 2, 3, 4, 8) : QUICK_WAYS, List.of(ThreadMode.MATCH, ThreadMode.DEFAULT),
                    PAPER_STAGE_MICROS, full ? FULL_STAGES : QUICK_STAGES, full ? FULL : QUICK, null);
        }
    }

    /** JMH's own JSON of the run, the section's raw file. */
    static final String RAW = "overhead-jmh.json";
    /** JMH's JSON of the basic unit's timing, taken first. */
    static final String CALIBRATION_RAW = "overhead-calibration-jmh.json";
    /** The basic unit's timing: one short fork, whatever the mode (one JVM's unit time is all it is for). */
    static final Jmh.Settings CALIBRATION = new Jmh.Settings(1, 1, 3, 200);
    /** A guess at a stage's messaging cost, µs: for the prediction only. */
    static final double MESSAGING_GUESS_MICROS = 0.3;
    /** A fork's start (JVM, JMH, the dispatcher) on a 2-core machine: for the prediction only. */
    static final double FORK_START_SECONDS = 1.0;

    /** {@code --pattern}'s items. */
    static final class PatternName extends Commands.Items<SpawnedPattern> {
        PatternName() {
            super(SpawnedPattern::parse);
        }
    }

    /** {@code --threads}' items. */
    static final class ThreadModeName extends Commands.Items<ThreadMode> {
        ThreadModeName() {
            super(ThreadMode::parse);
        }
    }

    /** {@code --ways}: 1 to 64. */
    static final class WaysRange extends Commands.WholeIn {
        WaysRange() {
            super(1, 64);
        }
    }

    /** {@code --stages}: 1 to 10^8. */
    static final class StagesRange extends Commands.WholeIn {
        StagesRange() {
            super(1, 100_000_000);
        }
    }

    /** {@code --stage-us}: 10^-3 to 10^7 µs. */
    static final class StageMicros extends Commands.NumberIn {
        StageMicros() {
            super(1e-3, 1e7);
        }
    }

    /** The command line, declared for picocli; a fresh one per parse. */
    @Command(name = "bin/ccrj overhead", usageHelpWidth = 100, sortOptions = false, abbreviateSynopsis = true,
            description = {"The stage-overhead experiment of Qiu, Fox & Ho 2006, section 2, on ccr-core, under JMH"
                    + " (forked JVMs): a fixed computation per parallel computation split into S stages, T(S), and the same"
                    + " work as one stage, T(1); overhead per stage = (T(S) - T(1)) / S from the medians of their forks,"
                    + " with a bootstrap 95%% interval. Then the back-to-back stages of one unit (the messaging cost read"
                    + " directly). Prints the predicted duration (fork starts included) before the benchmarks start.", ""})
    static final class Line implements Commands.ShowsDefaults {
        @Option(names = "--full", description = "the papers' stage time and ways (1,2,3,4,8) in 50,000-stage computations, 5 JMH forks"
                + " (--stages 500000 runs the papers' length, ten times as long; the predicted time is printed before it"
                + " starts)")
        boolean full;

        @Option(names = {"--pattern", "--patterns"}, paramLabel = "LIST", split = ",", hideParamSyntax = true,
                converter = PatternName.class, description = "Pipeline, Shift, TwoShifts and/or Exchange"
                + " (default: Pipeline,Shift,TwoShifts)")
        List<SpawnedPattern> patterns;

        @Option(names = "--ways", paramLabel = "LIST", split = ",", hideParamSyntax = true, converter = WaysRange.class,
                description = "parallel computations (default: ${DEFAULT-VALUE})")
        List<Integer> ways;

        @Option(names = "--threads", paramLabel = "LIST", split = ",", hideParamSyntax = true,
                converter = ThreadModeName.class, description = "match (threads = ways) and/or default (one per core)"
                + " (default: match,default)")
        List<ThreadMode> threads;

        @Option(names = "--stage-us", paramLabel = "MICROS", converter = StageMicros.class,
                description = "compute time per stage, 28 in the papers' AMD runs (default: ${DEFAULT-VALUE})")
        Double stageMicros;

        @Option(names = "--stages", paramLabel = "N", converter = StagesRange.class,
                description = "stages per computation (default: ${DEFAULT-VALUE})")
        Integer stages;

        @Mixin
        Jmh.SettingsMixin jmh = new Jmh.SettingsMixin(Options.QUICK, Options.FULL);

        @Mixin
        Commands.OutFolder out = new Commands.OutFolder("overhead");

        @Mixin
        Commands.Help help = new Commands.Help();

        @Override
        public String shownDefault(String option) {
            Options quick = Options.defaults(false);
            Options full = Options.defaults(true);
            return switch (option) {
                case "--ways" -> Commands.quickOrFull(quick.ways(), full.ways());
                case "--stage-us" -> Commands.quickOrFull(quick.stageMicros(), full.stageMicros());
                case "--stages" -> Commands.quickOrFull(quick.stages(), full.stages());
                default -> null;
            };
        }
    }

    @Override
    public String usage() {
        return Commands.usage(new Line());
    }

    /** Parses a command line; throws naming the bad option. Mode defaults apply to whatever it does not set. */
    @Override
    public Options parse(String... args) {
        Line l = Commands.parse(new Line(), args);
        Options d = Options.defaults(l.full);
        return new Options(d.full(), Commands.sorted(l.patterns, d.patterns()), Commands.sorted(l.ways, d.ways()),
                Commands.sorted(l.threads, d.threadModes()), Objects.requireNonNullElse(l.stageMicros, d.stageMicros()),
                Objects.requireNonNullElse(l.stages, d.stages()), l.jmh.settings(l.full), l.out.folder());
    }

    @Override
    public Options options(RunMode mode, Path out) {
        return Options.of(mode, out);
    }

    /** The full name of a benchmark method of {@code c}. */
    private static String computation(Class<? extends SpawnedComputationBenchmark> c) {
        return c.getCanonicalName() + ".computation";
    }

    /**
     * The JMH benchmarks of some patterns at one configuration: Pipeline through
     * {@link SpawnedPipelineBenchmark}, the others through {@link SpawnedPatternBenchmark}.
     *
     * @param patterns one or more, all of one class: Pipeline alone, or none of it
     * @param stages the stage counts (1 is T(1))
     * @param totalUnits basic units per computation, a multiple of every stage count
     */
    static Jmh.Part part(List<SpawnedPattern> patterns, int ways, ThreadMode mode, List<Integer> stages, int totalUnits) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        boolean pipeline = patterns.equals(List.of(SpawnedPattern.PIPELINE));
        if (!pipeline) {
            if (patterns.contains(SpawnedPattern.PIPELINE)) {
                throw new IllegalArgumentException("Pipeline is a benchmark class of its own: " + patterns);
            }
            params.put("pattern", patterns.stream().map(Enum::name).toList());
        }
        params.put("ways", List.of(String.valueOf(ways)));
        params.put("threads", List.of(mode.name()));
        params.put("stages", stages.stream().map(String::valueOf).toList());
        params.put("totalUnits", List.of(String.valueOf(totalUnits)));
        return new Jmh.Part(computation(pipeline ? SpawnedPipelineBenchmark.class : SpawnedPatternBenchmark.class), params, null);
    }

    /** The forks of one computation in the run; fails naming it if JMH gave none. */
    static Forks find(List<Forks> all, SpawnedPattern pattern, int ways, ThreadMode mode, int stages, int totalUnits) {
        boolean pipeline = pattern == SpawnedPattern.PIPELINE;
        String benchmark = computation(pipeline ? SpawnedPipelineBenchmark.class : SpawnedPatternBenchmark.class);
        return all.stream().filter(f -> f.benchmark().equals(benchmark) && (pipeline || f.param("pattern").equals(pattern.name()))
                        && f.param("ways").equals(String.valueOf(ways)) && f.param("threads").equals(mode.name())
                        && f.param("stages").equals(String.valueOf(stages)) && f.param("totalUnits").equals(String.valueOf(totalUnits)))
                .findFirst().orElseThrow(() -> new IllegalStateException("JMH gave no result for " + pattern.id() + " " + ways + "-way "
                        + mode.id() + " S=" + stages + " units=" + totalUnits));
    }

    /**
     * One dispatcher configuration of the tables and the patterns defined for it.
     *
     * @param ways parallel computations
     * @param mode match or default
     * @param threads T(S)'s dispatcher threads
     * @param patterns the patterns defined for that many ways
     * @param sameAsMatch identical to the "match" configuration, which is measured (filed twice, run once)
     */
    record Config(int ways, ThreadMode mode, int threads, List<SpawnedPattern> patterns, boolean sameAsMatch) {
    }

    /** @return the configurations of the tables, skipping those with no pattern defined */
    static List<Config> plan(List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> modes, int defaultThreads) {
        List<Config> out = new ArrayList<>();
        for (int w : ways) {
            List<SpawnedPattern> ps = patterns.stream().filter(p -> p.appliesTo(w)).toList();
            if (ps.isEmpty()) {
                continue;
            }
            for (ThreadMode m : modes) {
                int threads = m.threads(w, defaultThreads);
                out.add(new Config(w, m, threads, ps, m == ThreadMode.DEFAULT && modes.contains(ThreadMode.MATCH) && threads == w));
            }
        }
        return out;
    }

    /** @return the JMH benchmarks of the configurations run: T(1) and T(S) of every pattern */
    static List<Jmh.Part> parts(List<Config> configs, int stages, int totalUnits) {
        List<Jmh.Part> parts = new ArrayList<>();
        for (Config c : configs) {
            if (c.sameAsMatch()) {
                continue;
            }
            // T(1) runs through the Pipeline class (one stage sends no message, so it is the same for every pattern).
            parts.add(part(List.of(SpawnedPattern.PIPELINE), c.ways(), c.mode(),
                    c.patterns().contains(SpawnedPattern.PIPELINE) ? List.of(1, stages) : List.of(1), totalUnits));
            List<SpawnedPattern> others = c.patterns().stream().filter(p -> p != SpawnedPattern.PIPELINE).toList();
            if (!others.isEmpty()) {
                parts.add(part(others, c.ways(), c.mode(), List.of(stages), totalUnits));
            }
        }
        return parts;
    }

    /** Predicted wall time of one computation, s: each of {@code ways} computations' stages of compute, sharing the cores. */
    static double computationSeconds(int ways, long stages, double stageMicros, int cores) {
        return (double) ways * stages * stageMicros / Math.min(ways, cores) / 1e6;
    }

    /**
     * Predicted wall time of one fork under JMH, s: its start, then every iteration, which runs whole
     * computations until it has lasted the iteration's time.
     */
    static double forkSeconds(Jmh.Settings s, double computationSeconds) {
        double iteration = s.iterationMillis() / 1e3;
        double perIteration = Math.max(1, Math.ceil(iteration / computationSeconds)) * computationSeconds;
        return (s.forks() == 0 ? 0.1 : FORK_START_SECONDS) + (s.warmupIterations() + s.iterations()) * perIteration;
    }

    /**
     * Predicted wall time of one fork of a computation benchmark, s, from its parameters: its
     * stages of {@code totalUnits / stages} units each, plus a guess at each stage's messaging.
     */
    static double forkSeconds(Jmh.Settings s, Map<String, String> params, double unitMicros, int cores) {
        int ways = Integer.parseInt(params.get("ways"));
        int stages = Integer.parseInt(params.get("stages"));
        double perStage = Double.parseDouble(params.get("totalUnits")) / stages * unitMicros + (stages > 1 ? MESSAGING_GUESS_MICROS : 0);
        return forkSeconds(s, computationSeconds(ways, stages, perStage, cores));
    }

    /**
     * The basic unit as JMH timed it in a fork of its own, and the stages sized from it: the units
     * per stage must be one number for every benchmark, or T(S) and T(1) would not do the same work.
     *
     * @param unitMicros one basic unit, µs
     * @param units basic units per stage
     * @param stageMicros compute per stage, µs
     * @param totalUnits units per computation
     */
    record Calibration(double unitMicros, int units, double stageMicros, int totalUnits) {
    }

    private static Calibration calibrate(Options o, OutputFolder dir, PrintStream err) throws Exception {
        Jmh.Settings calibration = o.jmh().forks() == 0 ? o.jmh() : CALIBRATION;
        err.println("timing the basic unit (JMH, " + calibration.describe() + ") ...");
        List<Forks> unit = Jmh.run(List.of(new Jmh.Part(BasicUnitBenchmark.class.getCanonicalName() + ".units", Map.of(), null)),
                calibration, dir.path(CALIBRATION_RAW), err);
        dir.wrote(CALIBRATION_RAW);
        double unitMicros = unit.get(0).estimate().value() * OverheadCell.seconds(unit.get(0).unit()) * 1e6 / BasicUnitBenchmark.UNITS;
        int units = (int) Math.max(1, Math.round(o.stageMicros() / unitMicros));
        long totalUnits = (long) units * o.stages();
        if (totalUnits > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("options --stages and --stage-us: " + totalUnits
                    + " units per computation is too many (at most " + Integer.MAX_VALUE + ")");
        }
        return new Calibration(unitMicros, units, units * unitMicros, (int) totalUnits);
    }

    /**
     * The back-to-back stages (the messaging cost read directly), at the 2-way configuration where
     * it is run, else the first with neighbours.
     *
     * @param runs the patterns and ways timed
     * @param stages stages per computation
     */
    record Messaging(List<MessagingCost.Run> runs, int stages) {
        static Messaging of(Options o) {
            int ways = o.ways().contains(2) ? 2 : o.ways().stream().filter(w -> w >= 2).findFirst().orElse(0);
            List<SpawnedPattern> patterns = o.patterns().stream().filter(p -> p.appliesTo(ways)).toList();
            int stages = o.full() ? MessagingCost.FULL_STAGES : Math.min(MessagingCost.QUICK_STAGES, 40 * o.stages());
            return new Messaging(ways > 0 ? MessagingCost.runs(patterns, ways) : List.of(), stages);
        }
    }

    /**
     * What a run will do once the basic unit is timed: the configurations, the back-to-back stages,
     * JMH's benchmarks and every fork's predicted time (printed before the run, and the progress
     * lines' ETA).
     *
     * @param cal the basic unit's timing and the stages sized from it
     * @param configs the tables' configurations
     * @param messaging the back-to-back stages
     * @param parts every JMH benchmark of the run
     * @param forkSeconds a fork's predicted time from its benchmark's parameters
     */
    record Plan(Calibration cal, List<Config> configs, Messaging messaging, List<Jmh.Part> parts,
                ToDoubleBiFunction<String, Map<String, String>> forkSeconds) {
        static Plan of(Options o, Calibration cal, int cores, int defaultThreads) {
            List<Config> configs = plan(o.patterns(), o.ways(), o.threadModes(), defaultThreads);
            Messaging messaging = Messaging.of(o);
            List<Jmh.Part> parts = new ArrayList<>(OverheadRunner.parts(configs, o.stages(), cal.totalUnits()));
            parts.addAll(MessagingCost.parts(messaging.runs(), messaging.stages()));
            return new Plan(cal, configs, messaging, List.copyOf(parts), (benchmark, p) -> OverheadRunner.forkSeconds(o.jmh(), p,
                    cal.unitMicros(), cores));
        }

        int benchmarks() {
            return parts.stream().mapToInt(p -> p.combinations().size()).sum();
        }

        /** @return the whole run's predicted time under JMH, s, fork starts included */
        double predicted(Jmh.Settings jmh) {
            return Math.max(1, jmh.forks()) * parts.stream().flatMap(p -> p.combinations().stream())
                    .mapToDouble(c -> forkSeconds.applyAsDouble("", c)).sum();
        }
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        int defaultThreads = ThreadMode.defaultThreads();
        OutputFolder dir = new OutputFolder(o.out(), "overhead", out);
        String machine = MachineInfo.describe() + " (default dispatcher " + defaultThreads + " threads)";
        out.println("ccrj stage overhead (Qiu, Fox & Ho 2006, section 2, Tables 1-2) under JMH — " + modeName(o) + " mode");
        out.println(machine);
        out.flush();

        Plan plan = Plan.of(o, calibrate(o, dir, err), cores, defaultThreads);
        String params = params(o, plan.cal(), plan.benchmarks(), defaultThreads);
        double predicted = plan.predicted(o.jmh());
        out.println(params);
        out.printf(Locale.ROOT, "predicted: about %s for %d benchmarks under JMH (fork starts included)%n",
                Progress.clockTime(predicted), plan.benchmarks());
        out.flush();
        long start = System.nanoTime();
        List<Forks> forks = Jmh.run(plan.parts(), o.jmh(), dir.path(RAW), err, plan.forkSeconds());
        double took = (System.nanoTime() - start) / 1e9;
        dir.wrote(RAW);

        Verdict.Context context = new Verdict.Context(Section.OVERHEAD.id(), o.full(), ForkSpread.of(forks));
        List<OverheadCell> cells = cells(plan.configs(), forks, o.stages(), plan.cal().units(), defaultThreads);
        String observedLine = observedLine(cells, plan.cal(), cores);
        OverheadReport report = writeDifference(o, cells, observedLine, plan.cal(), cores, dir, out);
        List<MessagingCost.Measured> messaging = MessagingCost.figures(plan.messaging().runs(), plan.messaging().stages(), forks,
                plan.cal().unitMicros(), cores);
        String messagingSection = writeBackToBack(messaging, plan.cal(), context, dir, out);
        List<Figure> difference = headline(cells);
        List<Figure> backToBack = messaging.stream().map(MessagingCost.Measured::figure).toList();
        String methods = OverheadReport.methods(difference, backToBack.stream().filter(f -> f.publishedId() != null).toList(),
                OverheadReport.medianWidth(cells.stream().filter(c -> c.sameAs() == null).map(OverheadCell::overhead).toList()),
                OverheadReport.medianWidth(messaging.stream().map(MessagingCost.Measured::estimate).toList()), plan.cal().stageMicros(),
                context);
        out.print(methods.isEmpty() ? "" : "\n" + methods);

        String markdown = report.markdown(heading(o, machine, params, observedLine, took, predicted)) + messagingSection
                + (methods.isEmpty() ? "" : "\n## Which method resolves\n\n" + methods);
        dir.write("overhead.md", markdown);
        out.printf(Locale.ROOT, "total %s under JMH (predicted %s)%n", Progress.clockTime(took), Progress.clockTime(predicted));
        List<Figure> figures = new ArrayList<>(difference);
        figures.addAll(backToBack);
        return new Report("Spawned patterns on ccr-core: stage overhead (Qiu, Fox & Ho 2006, Tables 1-2)", markdown, figures, dir.charts(),
                context.spread(), methods);
    }

    /** The compute per stage T(1) showed (the median over the measured configurations) beside the unit's prediction. */
    private static String observedLine(List<OverheadCell> cells, Calibration cal, int cores) {
        double observed = cells.stream().filter(c -> c.sameAs() == null).mapToDouble(c -> c.observedStageMicros(cores)).sorted()
                .skip(cells.isEmpty() ? 0 : (cells.size() - 1) / 2).findFirst().orElse(Double.NaN);
        return String.format(Locale.ROOT,
                "compute per stage as T(1) showed it: %.2f µs (median over configurations; the unit's timing predicted %.2f µs)",
                observed, cal.stageMicros());
    }

    /** Prints the papers' two tables of the difference method and writes {@code overhead.csv} and the chart. */
    private static OverheadReport writeDifference(Options o, List<OverheadCell> cells, String observedLine, Calibration cal, int cores,
                                                  OutputFolder dir, PrintStream out) throws java.io.IOException {
        OverheadReport report = new OverheadReport(cells, o.patterns(), o.ways(), o.threadModes());
        out.println();
        out.println(observedLine);
        out.print(report.runTimeTable());
        out.println();
        out.print(report.overheadTable());
        dir.write("overhead.csv", report.csv());
        dir.chart("overhead-per-stage.png", png -> report.chart(String.format(Locale.ROOT, "S=%,d, %.0f µs/stage, %d cores",
                o.stages(), cal.stageMicros(), cores), png));
        return report;
    }

    /** Prints the back-to-back stages' table and writes {@code overhead-messaging.csv}; the section's Markdown, empty if none ran. */
    private static String writeBackToBack(List<MessagingCost.Measured> messaging, Calibration cal, Verdict.Context context,
                                          OutputFolder dir, PrintStream out) throws java.io.IOException {
        String section = MessagingCost.markdown(messaging, cal.unitMicros(), context);
        if (!messaging.isEmpty()) {
            out.print(section);
            dir.write("overhead-messaging.csv", MessagingCost.csv(messaging, cal.unitMicros()));
        }
        return section;
    }

    /** overhead.md's opening: the machine, the run's parameters, its duration and the definition. */
    private static String heading(Options o, String machine, String params, String observedLine, double took, double predicted) {
        return "# ccrj stage overhead (Qiu, Fox & Ho 2006, section 2, Tables 1-2)\n\n"
                + "- " + machine.replace("\n", "\n- ") + "\n- " + params.replace(System.lineSeparator(), "\n- ")
                + String.format(Locale.ROOT, "%n- measured by JMH in %s (predicted %s); mode %s; JMH's JSON: %s, %s%n",
                        Progress.clockTime(took), Progress.clockTime(predicted), o.full() ? "full" : "quick", RAW, CALIBRATION_RAW)
                + "- " + observedLine + "\n"
                + "- overhead per stage = (T(S) - T(1)) / S, the definition of Qiu, Fox & Ho 2006; published figures from Table 2-AMD and"
                + " Table 2-INTEL (4 cores, CCR June 2006, C#)\n";
    }

    /** The run's parameters as the console and overhead.md print them, three lines. */
    private static String params(Options o, Calibration cal, int benchmarks, int defaultThreads) {
        return String.format(Locale.ROOT,
                "basic unit %.4f µs here (JMH; the SALSA CCR/MPI page: 1.39 AMD, 1.48 INTEL); %d units per stage = %.2f µs compute per"
                        + " stage (asked %.1f µs; Qiu, Fox & Ho 2006: 28 AMD / 30 INTEL);%n"
                        + "S = %,d stages per computation (%,d units, %.3f s of compute each); T(1) = one stage of the same %,d units;%n"
                        + "JMH: %s per benchmark, %d benchmarks; patterns %s; ways %s; threads %s (match = ways, default ="
                        + " new Dispatcher(0) = %d)",
                cal.unitMicros(), cal.units(), cal.stageMicros(), o.stageMicros(), o.stages(), cal.totalUnits(),
                cal.totalUnits() * cal.unitMicros() / 1e6, cal.totalUnits(), o.jmh().describe(), benchmarks,
                o.patterns().stream().map(SpawnedPattern::id).collect(Collectors.joining(",")),
                o.ways().stream().map(String::valueOf).collect(Collectors.joining(",")),
                o.threadModes().stream().map(ThreadMode::id).collect(Collectors.joining(",")), defaultThreads);
    }

    /** The headline's overhead figures: (T(S) - T(1)) / S of every pattern at 2-way match, beside the papers'. */
    private static List<Figure> headline(List<OverheadCell> cells) {
        List<Figure> figures = new ArrayList<>();
        for (OverheadCell c : cells) {
            if (c.ways() == 2 && c.mode() == ThreadMode.MATCH) {
                figures.add(Figure.of(new FigureKey(Section.OVERHEAD, OverheadReport.Method.DIFFERENCE, c.pattern(), c.mode(), c.ways(),
                                c.stages(), Metric.OVERHEAD_US), "spawned " + c.pattern().id()
                        + ", overhead per stage (T(S) - T(1)) / S, 2-way match", c.overheadAcrossForks(),
                        OverheadReport.publishedId("amd", c.pattern(), ThreadMode.MATCH, 2)));
            }
        }
        return figures;
    }

    /** The tables' cells from JMH's forks: every pattern of every configuration, "default = match" ones filed twice. */
    static List<OverheadCell> cells(List<Config> configs, List<Forks> forks, int stages, int units, int defaultThreads) {
        int totalUnits = stages * units;
        List<OverheadCell> out = new ArrayList<>();
        for (Config c : configs) {
            if (c.sameAsMatch()) {
                out.addAll(out.stream().filter(m -> m.ways() == c.ways() && m.mode() == ThreadMode.MATCH)
                        .map(m -> m.as(ThreadMode.DEFAULT, "default = match here: " + defaultThreads
                                + " threads (one per core) for " + c.ways() + "-way; measured once")).toList());
                continue;
            }
            Forks single = find(forks, SpawnedPattern.PIPELINE, c.ways(), c.mode(), 1, totalUnits);
            int singleThreads = SpawnedComputationBenchmark.dispatcherThreads(c.mode(), c.ways(), 1, defaultThreads);
            for (SpawnedPattern p : c.patterns()) {
                out.add(new OverheadCell(p, c.ways(), c.mode(), c.threads(), singleThreads, stages, units, single,
                        find(forks, p, c.ways(), c.mode(), stages, totalUnits), null));
            }
        }
        return out;
    }

    private static String modeName(Options o) {
        boolean modeStages = o.stages() == (o.full() ? Options.FULL_STAGES : Options.QUICK_STAGES);
        boolean paperStageTime = o.stageMicros() == Options.PAPER_STAGE_MICROS;
        String stages = !paperStageTime ? " (custom stages)" : modeStages ? ""
                : o.stages() == Options.PAPER_STAGES ? " (the papers' 500,000 stages)" : " (custom stages)";
        return (o.full() ? "full" : "quick") + stages;
    }
}
