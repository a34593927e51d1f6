package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.OutputFolder;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.machine.MachineInfo;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import io.ccrj.bench.runner.Cli;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

/**
 * {@code bin/ccrj overhead}: the stage-overhead experiment of Qiu, Fox &amp; Ho 2006, section 2 (Tables 1-2), for
 * the spawned patterns of its Figure 7 on ccr-core. Prints the papers' table layout with their AMD
 * figures beside ours, and writes {@code overhead.csv}, {@code overhead.md} and
 * {@code overhead-per-stage.png} into the output folder.
 */
public final class OverheadRunner implements Experiment<OverheadRunner.Options> {
    /**
     * The options of {@code bin/ccrj overhead}. Mode defaults (quick or {@code --full}) apply to
     * whatever the command line does not set, whatever the order of the arguments.
     *
     * @param full the papers' ranges: 500,000 stages, 1-, 2-, 3-, 4- and 8-way
     * @param patterns patterns to run, in table order
     * @param ways parallel computations, ascending
     * @param threadModes match and/or default
     * @param stageMicros compute time per stage (the papers': 28 µs on the AMD machine)
     * @param stages S, stages per computation
     * @param reps repetitions of each run (medians reported)
     * @param out output folder, or {@code null} for the default {@code results/overhead-<timestamp>}
     * @param ignoreLoad do not wait for other processes to leave the machine alone, nor repeat runs
     *     they disturbed (their share is still reported)
     */
    public record Options(boolean full, List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> threadModes,
                          double stageMicros, int stages, int reps, Path out, boolean ignoreLoad) {
        /** Quick mode: stages per computation. */
        public static final int QUICK_STAGES = 20_000;
        /** Qiu, Fox &amp; Ho 2006, Tables 1-2: stages per computation. */
        public static final int FULL_STAGES = 500_000;
        /** Repetitions in both modes (medians reported). */
        public static final int DEFAULT_REPS = 3;
        /** The papers' time per stage on the AMD machine: 10^7 units of 1.4 µs in 500,000 stages. */
        public static final double PAPER_STAGE_MICROS = 28.0;

        /** @return the options of a command line that sets nothing but {@code --full} or not */
        public static Options defaults(boolean full) {
            return new Options(full, List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS),
                    full ? List.of(1, 2, 3, 4, 8) : List.of(1, 2, 4, 8), List.of(ThreadMode.MATCH, ThreadMode.DEFAULT),
                    PAPER_STAGE_MICROS, full ? FULL_STAGES : QUICK_STAGES, DEFAULT_REPS, null, false);
        }
    }

    private static final OptionParser PARSER = Cli.parser();
    private static final OptionSpec<Void> FULL = Cli.flag(PARSER, "full",
            "the papers' ranges: 500,000 stages, 1,2,3,4,8-way (long; progress shows an ETA)");
    private static final OptionSpec<SpawnedPattern> PATTERN = Cli.list(PARSER, List.of("pattern", "patterns"),
            "Pipeline, Shift, TwoShifts (default) and/or Exchange", Cli.converter(SpawnedPattern.class, SpawnedPattern::parse, "LIST"));
    private static final OptionSpec<Integer> WAYS = Cli.list(PARSER, List.of("ways"),
            "parallel computations (default 1,2,4,8; --full 1,2,3,4,8)", Cli.WHOLE);
    private static final OptionSpec<ThreadMode> THREADS = Cli.list(PARSER, List.of("threads"),
            "match (threads = ways) and/or default (one per core); default both", Cli.converter(ThreadMode.class, ThreadMode::parse, "LIST"));
    private static final OptionSpec<Double> STAGE_US = Cli.number(PARSER, "stage-us",
            "compute time per stage (default 28, the papers' AMD figure)", "MICROS");
    private static final OptionSpec<Integer> STAGES = Cli.whole(PARSER, "stages",
            "stages per computation (default 20000; --full 500000)");
    private static final OptionSpec<Integer> REPS = Cli.whole(PARSER, "reps",
            "repetitions of every run, medians reported (default 3)");
    private static final OptionSpec<String> OUT = Cli.text(PARSER, "out",
            "output folder (default results/overhead-<timestamp>)", "DIR");
    private static final OptionSpec<Void> IGNORE_LOAD = Cli.flag(PARSER, "ignore-load",
            "do not wait out other processes' CPU use nor repeat the runs it disturbed (by default: wait up to 20 s, repeat up to 2 times)");

    @Override
    public String usage() {
        return Cli.usage("""
                Usage: bin/ccrj overhead [options]

                The stage-overhead experiment of Qiu, Fox & Ho 2006, section 2, on ccr-core: a fixed computation per
                parallel computation split into S stages; overhead per stage = (T(S) - T(1)) / S.
                """, PARSER);
    }

    /** Parses a command line; throws naming the bad option. Mode defaults apply to whatever it does not set. */
    @Override
    public Options parse(String... args) {
        OptionSet s = Cli.parse(PARSER, args);
        Options d = Options.defaults(s.has(FULL));
        return new Options(d.full(), Cli.sortedList(s, PATTERN, d.patterns()), Cli.intsIn(s, WAYS, d.ways(), 1, 64),
                Cli.sortedList(s, THREADS, d.threadModes()), Cli.doubleIn(s, STAGE_US, d.stageMicros(), 1e-3, 1e7),
                Cli.intIn(s, STAGES, d.stages(), 1, 100_000_000), Cli.intIn(s, REPS, d.reps(), 1, 1_000),
                Cli.folder(s, OUT), s.has(IGNORE_LOAD));
    }

    @Override
    public Report run(Options o, PrintStream out, PrintStream err) throws InterruptedException, IOException {
        List<Figure> figures = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        int defaultThreads = ThreadMode.defaultThreads();
        err.println("calibrating the basic unit ...");
        if (!o.ignoreLoad()) {
            ForeignLoad.awaitQuiet(OverheadExperiment.MAX_FOREIGN_LOAD, 200, 20_000, cores);
        }
        Calibration cal = Calibration.measure(9, 100_000);
        int units = cal.unitsPerStage(o.stageMicros());
        double stageMicros = units * cal.unitMicros();
        long totalUnits = (long) units * o.stages();
        if (totalUnits > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("options --stages and --stage-us: " + totalUnits
                    + " units per computation is too many (at most " + Integer.MAX_VALUE + ")");
        }
        OutputFolder dir = new OutputFolder(o.out(), "overhead", out);
        String machine = MachineInfo.describe() + " (default dispatcher " + defaultThreads + " threads)";
        String params = String.format(Locale.ROOT,
                "basic unit %.4f µs here (the SALSA CCR/MPI page: 1.39 AMD, 1.48 INTEL); %d units per stage = %.2f µs compute per stage"
                        + " (asked %.1f µs; Qiu, Fox & Ho 2006: 28 AMD / 30 INTEL);%n"
                        + "S = %,d stages per computation (%,d units, %.3f s of compute each); %d repetitions, medians;"
                        + " T(1) = one stage of the same %,d units%n"
                        + "patterns %s; ways %s; threads %s (match = ways, default = new Dispatcher(0) = %d)",
                cal.unitMicros(), units, stageMicros, o.stageMicros(), o.stages(), totalUnits,
                totalUnits * cal.unitMicros() / 1e6, o.reps(), totalUnits,
                o.patterns().stream().map(SpawnedPattern::id).collect(Collectors.joining(",")),
                o.ways().stream().map(String::valueOf).collect(Collectors.joining(",")),
                o.threadModes().stream().map(ThreadMode::id).collect(Collectors.joining(",")), defaultThreads);
        out.println("ccrj stage overhead (Qiu, Fox & Ho 2006, section 2, Tables 1-2) — " + modeName(o) + " mode");
        out.println(machine);
        out.println(params);
        out.flush();

        long start = System.nanoTime();
        List<CellTiming> results = new OverheadExperiment(o, units, stageMicros, cores, defaultThreads, err).run();
        double took = (System.nanoTime() - start) / 1e9;
        for (CellTiming m : results) {
            if (m.ways() == 2 && m.mode() == ThreadMode.MATCH) {
                figures.add(Figure.of(List.of("overhead", "per-stage", m.pattern(), m.mode(), m.ways()), "spawned " + m.pattern().id()
                        + ", overhead per stage (T(S) - T(1)) / S, 2-way match", "µs", true, overheadEstimate(m),
                        OverheadReport.publishedId("amd", m.pattern(), ThreadMode.MATCH, 2)));
            }
        }

        OverheadReport report = new OverheadReport(results, o.patterns(), o.ways(), o.threadModes());
        double observed = results.stream().filter(m -> m.sameAs() == null)
                .mapToDouble(m -> Stats.observedStageMicros(Stats.median(m.singleStageNanos()), m.ways(), cores, m.stages()))
                .sorted().skip(results.isEmpty() ? 0 : (results.size() - 1) / 2).findFirst().orElse(Double.NaN);
        String observedLine = String.format(Locale.ROOT,
                "compute per stage as T(1) showed it: %.2f µs (median over configurations; calibration predicted %.2f µs)",
                observed, stageMicros);
        out.println();
        out.println(observedLine);
        out.print(report.runTimeTable());
        out.println();
        out.print(report.overheadTable());
        out.println();
        // Tables 1-2 are on disk before the sweep and the back-to-back stages run.
        dir.write("overhead.csv", report.csv());
        dir.chart("overhead-per-stage.png", png -> report.chart(String.format(Locale.ROOT, "S=%,d, %.0f µs/stage, %d cores",
                o.stages(), stageMicros, cores), png));
        String heading = "# ccrj stage overhead (Qiu, Fox & Ho 2006, section 2, Tables 1-2)\n\n"
                + "- " + machine.replace("\n", "\n- ") + "\n- " + params.replace(System.lineSeparator(), "\n- ")
                + String.format(Locale.ROOT, "%n- measured in %s; mode %s%n", Progress.clockTime(took), o.full() ? "full" : "quick")
                + "- " + observedLine + "\n"
                + "- overhead per stage = (T(S) - T(1)) / S, the definition of Qiu, Fox & Ho 2006; published figures from Table 2-AMD and"
                + " Table 2-INTEL (4 cores, CCR June 2006, C#)\n";
        // Qiu, Fox & Ho 2006, Figs. 4-5: run time against stages at one configuration (2-way where it is run).
        int sweepWays = o.ways().contains(2) ? 2 : o.ways().stream().filter(w -> w >= 2).findFirst().orElse(0);
        List<SpawnedPattern> sweepPatterns = o.patterns().stream().filter(p -> p.appliesTo(sweepWays)).toList();
        String sweepSection = "";
        String messagingSection = "";
        if (sweepWays > 0 && !sweepPatterns.isEmpty()) {
            int sweepReps = o.full() ? o.reps() : 1; // quick mode: one run per point keeps the main job under 5 minutes
            List<Figure> sweep = StageSweep.run(sweepPatterns, sweepWays, o.stages(), units, sweepReps, err,
                    OverheadExperiment.predictedSeconds(sweepWays, o.stages(), stageMicros, cores));
            sweepSection = StageSweep.markdown(sweep, sweepWays);
            for (SpawnedPattern p : sweepPatterns) {
                // Through S/16 .. S only: T(1) lacks the costs that come once per staged run.
                List<Figure> line = sweep.stream().filter(pt -> pt.key(2, SpawnedPattern.class) == p && pt.key(4, Integer.class) > 1)
                        .toList();
                figures.add(Figure.of(List.of("overhead", "slope", p, sweepWays), "spawned " + p.id()
                        + ", slope of run time on stages S/16 .. S, "
                        + sweepWays + "-way match", "µs", true, StageSweep.slopeEstimate(line),
                        sweepWays == 2 ? OverheadReport.publishedId("amd", p, ThreadMode.MATCH, 2) : null));
            }
            out.println();
            out.print(sweepSection);
            dir.write("overhead-sweep.csv", StageSweep.csv(sweep));
            dir.chart("overhead-runtime-vs-stages.png", png -> StageSweep.chart(sweep, sweepWays,
                    String.format(Locale.ROOT, "%.0f µs/stage at S=%,d, %d cores", stageMicros, o.stages(), cores), png));

            // The same patterns with one unit per stage: the cost per stage read directly (see MessagingCost).
            int messagingStages = o.full() ? MessagingCost.FULL_STAGES : Math.min(MessagingCost.QUICK_STAGES, 10 * o.stages());
            int messagingRuns = (sweepPatterns.size() + (sweepWays > 1 ? 1 : 0)) * MessagingCost.REPS;
            Progress messagingProgress = new Progress(err, messagingRuns,
                    messagingRuns * MessagingCost.predictedSeconds(sweepWays, messagingStages, cores), System::nanoTime);
            List<Figure> messaging = MessagingCost.run(sweepPatterns, sweepWays, messagingStages, cal.unitMicros(), cores,
                    messagingProgress);
            messagingSection = MessagingCost.markdown(messaging, cal.unitMicros());
            figures.addAll(messaging);
            out.println();
            out.print(messagingSection);
            dir.write("overhead-messaging.csv", MessagingCost.csv(messaging));
        }
        out.println();
        String markdown = report.markdown(heading) + sweepSection + messagingSection;
        dir.write("overhead.md", markdown);
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        return new Report("Spawned patterns on ccr-core: stage overhead (Qiu, Fox & Ho 2006, Tables 1-2)", markdown, figures, dir.charts());
    }

    /**
     * (median T(S) - median T(1)) / S with its bootstrap interval: T(1) and T(S) repetitions are
     * resampled independently, as they were taken independently.
     */
    static Estimate overheadEstimate(CellTiming m) {
        double[] t1 = Arrays.stream(m.usedSingleStageNanos()).asDoubleStream().toArray();
        double[] ts = Arrays.stream(m.usedStagedNanos()).asDoubleStream().toArray();
        return Estimate.bootstrap(s -> Stats.overheadPerStageMicros(Estimate.medianOf(s[0]), Estimate.medianOf(s[1]), m.stages()),
                t1, ts);
    }

    private static String modeName(Options o) {
        boolean papersRanges = o.stages() == (o.full() ? Options.FULL_STAGES : Options.QUICK_STAGES)
                && o.stageMicros() == Options.PAPER_STAGE_MICROS;
        return (o.full() ? "full" : "quick") + (papersRanges ? "" : " (custom stages)");
    }
}
