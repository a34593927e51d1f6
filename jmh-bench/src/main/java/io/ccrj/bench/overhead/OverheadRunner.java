package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Experiment;
import io.ccrj.bench.runner.Report;
import io.ccrj.bench.machine.ForeignLoad;
import io.ccrj.bench.machine.MachineInfo;
import io.ccrj.core.Dispatcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code bin/ccrj overhead}: the stage-overhead experiment of seed 000, section 2 (Tables 1-2), for
 * the spawned patterns of its Figure 7 on ccr-core. Prints the seeds' table layout with their AMD
 * figures beside ours, and writes {@code overhead.csv}, {@code overhead.md} and
 * {@code overhead-per-stage.png} into the output folder.
 *
 */
public final class OverheadRunner implements Experiment<OverheadOptions> {
    @Override
    public String usage() {
        return OverheadOptions.USAGE;
    }

    @Override
    public OverheadOptions parse(String... args) {
        return OverheadOptions.parse(args);
    }

    @Override
    public Report run(OverheadOptions o, PrintStream out, PrintStream err) throws InterruptedException, IOException {
        List<Figure> figures = new ArrayList<>();
        List<Path> charts = new ArrayList<>();
        int cores = Runtime.getRuntime().availableProcessors();
        int defaultThreads;
        try (Dispatcher probe = new Dispatcher(0, "overhead-probe")) {
            defaultThreads = probe.workerCount();
        }
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
        Path dir = outputDir(o);
        String machine = machine(cores, defaultThreads);
        String params = String.format(Locale.ROOT,
                "basic unit %.4f µs here (seeds: 1.39 AMD, 1.48 INTEL); %d units per stage = %.2f µs compute per stage"
                        + " (asked %.1f µs; seeds 28 AMD / 30 INTEL);%n"
                        + "S = %,d stages per computation (%,d units, %.3f s of compute each); %d repetitions, medians;"
                        + " T(1) = one stage of the same %,d units%n"
                        + "patterns %s; ways %s; threads %s (match = ways, default = new Dispatcher(0) = %d)",
                cal.unitMicros(), units, stageMicros, o.stageMicros(), o.stages(), totalUnits,
                totalUnits * cal.unitMicros() / 1e6, o.reps(), totalUnits,
                o.patterns().stream().map(SpawnedPattern::id).collect(Collectors.joining(",")),
                o.ways().stream().map(String::valueOf).collect(Collectors.joining(",")),
                o.threadModes().stream().map(ThreadMode::id).collect(Collectors.joining(",")), defaultThreads);
        out.println("ccrj stage overhead (seed 000 section 2, Tables 1-2) — " + modeName(o) + " mode");
        out.println(machine);
        out.println(params);
        out.flush();

        OverheadExperiment exp = new OverheadExperiment(o, units, cal.unitMicros(), cores, defaultThreads, err);
        long start = System.nanoTime();
        List<CellTiming> results = exp.run();
        double took = (System.nanoTime() - start) / 1e9;
        for (CellTiming m : results) {
            if (m.ways() == 2 && m.mode() == ThreadMode.MATCH) {
                figures.add(Figure.of(List.of("overhead", "per-stage", m.pattern(), m.mode(), m.ways()), "spawned " + m.pattern().id()
                        + ", overhead per stage (T(S) - T(1)) / S, 2-way match", "µs", true, overheadEstimate(m),
                        "overhead.amd." + m.pattern().id() + ".match.2"));
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
        Files.createDirectories(dir);
        Path csv = dir.resolve("overhead.csv");
        Path md = dir.resolve("overhead.md");
        Path png = dir.resolve("overhead-per-stage.png");
        report.csv().write(csv);
        String heading = "# ccrj stage overhead (seed 000, section 2, Tables 1-2)\n\n"
                + "- " + machine.replace("\n", "\n- ") + "\n- " + params.replace(System.lineSeparator(), "\n- ")
                + String.format(Locale.ROOT, "%n- measured in %s; mode %s%n", Progress.clockTime(took), o.full() ? "full" : "quick")
                + "- " + observedLine + "\n"
                + "- overhead per stage = (T(S) - T(1)) / S, seed 000's definition; seed figures from Table 2-AMD and"
                + " Table 2-INTEL (4 cores, CCR June 2006, C#)\n";
        // Seed 000 Figs. 4-5: run time against stages at one configuration (2-way where it is run).
        int sweepWays = o.ways().contains(2) ? 2 : o.ways().stream().filter(w -> w >= 2).findFirst().orElse(0);
        List<SpawnedPattern> sweepPatterns = o.patterns().stream().filter(p -> p.appliesTo(sweepWays)).toList();
        String sweepSection = "";
        String messagingSection = "";
        if (sweepWays > 0 && !sweepPatterns.isEmpty()) {
            int[] counts = StageSweep.stageCounts(o.stages());
            int sweepReps = o.full() ? o.reps() : 1; // quick mode: one run per point keeps the main job under 5 minutes
            double runSeconds = OverheadExperiment.predictedSeconds(sweepWays, o.stages(), stageMicros, cores);
            Progress sweepProgress = new Progress(err, sweepPatterns.size() * counts.length * sweepReps,
                    sweepPatterns.size() * counts.length * sweepReps * runSeconds, System::nanoTime);
            List<Figure> sweep = StageSweep.run(sweepPatterns, sweepWays, o.stages(), units, sweepReps,
                    sweepProgress, runSeconds);
            Path sweepCsv = dir.resolve("overhead-sweep.csv");
            Path sweepPng = dir.resolve("overhead-runtime-vs-stages.png");
            StageSweep.csv(sweep).write(sweepCsv);
            charts.add(sweepPng);
            StageSweep.chart(sweep, sweepWays, String.format(Locale.ROOT, "%.0f µs/stage at S=%,d, %d cores",
                    stageMicros, o.stages(), cores), sweepPng);
            sweepSection = StageSweep.markdown(sweep, sweepWays, counts);
            for (SpawnedPattern p : sweepPatterns) {
                // Through S/16 .. S only: T(1) lacks the costs that come once per staged run.
                List<Figure> line = sweep.stream().filter(pt -> pt.key(2, SpawnedPattern.class) == p && pt.key(4, Integer.class) > 1)
                        .toList();
                figures.add(Figure.of(List.of("overhead", "slope", p, sweepWays), "spawned " + p.id()
                        + ", slope of run time on stages S/16 .. S, "
                        + sweepWays + "-way match", "µs", true, StageSweep.slopeEstimate(line),
                        sweepWays == 2 ? "overhead.amd." + p.id() + ".match.2" : null));
            }
            out.println();
            out.print(sweepSection);
            out.println("wrote " + sweepCsv);
            out.println("chart " + sweepPng);

            // The same patterns with one unit per stage: the cost per stage read directly (see MessagingCost).
            int messagingStages = o.full() ? MessagingCost.FULL_STAGES : Math.min(MessagingCost.QUICK_STAGES, 10 * o.stages());
            int messagingReps = MessagingCost.REPS;
            int messagingRuns = (sweepPatterns.size() + (sweepWays > 1 ? 1 : 0)) * messagingReps;
            Progress messagingProgress = new Progress(err, messagingRuns,
                    messagingRuns * MessagingCost.predictedSeconds(sweepWays, messagingStages, cores), System::nanoTime);
            List<Figure> messaging = MessagingCost.run(sweepPatterns, sweepWays, messagingStages, messagingReps,
                    cal.unitMicros(), cores, messagingProgress);
            Path messagingCsv = dir.resolve("overhead-messaging.csv");
            MessagingCost.csv(messaging).write(messagingCsv);
            messagingSection = MessagingCost.markdown(messaging, cal.unitMicros());
            figures.addAll(messaging);
            out.println();
            out.print(messagingSection);
            out.println("wrote " + messagingCsv);
        }
        out.println();
        String markdown = report.markdown(heading) + sweepSection + messagingSection;
        Files.writeString(md, markdown);
        report.chart(String.format(Locale.ROOT, "S=%,d, %.0f µs/stage, %d cores", o.stages(), stageMicros, cores), png);
        out.println("wrote " + csv);
        out.println("wrote " + md);
        out.println("chart " + png);
        out.printf(Locale.ROOT, "total %s%n", Progress.clockTime(took));
        charts.add(0, png);
        return new Report("Spawned patterns on ccr-core: stage overhead (seed 000 Tables 1-2)", markdown, figures, charts);
    }

    /**
     * (median T(S) - median T(1)) / S with its bootstrap interval: T(1) and T(S) repetitions are
     * resampled independently, as they were taken independently.
     */
    static Estimate overheadEstimate(CellTiming m) {
        double[] t1 = java.util.Arrays.stream(m.usedSingleStageNanos()).asDoubleStream().toArray();
        double[] ts = java.util.Arrays.stream(m.usedStagedNanos()).asDoubleStream().toArray();
        return Estimate.bootstrap(s -> Stats.overheadPerStageMicros(Estimate.medianOf(s[0]), Estimate.medianOf(s[1]), m.stages()),
                t1, ts);
    }

    private static String modeName(OverheadOptions o) {
        boolean seedsRanges = o.stages() == (o.full() ? OverheadOptions.FULL_STAGES : OverheadOptions.QUICK_STAGES)
                && o.stageMicros() == OverheadOptions.SEED_STAGE_MICROS;
        return (o.full() ? "full" : "quick") + (seedsRanges ? "" : " (custom stages)");
    }

    private static Path outputDir(OverheadOptions o) {
        return o.out() != null ? o.out() : MachineInfo.defaultResultsFolder("overhead");
    }

    private static String machine(int cores, int defaultThreads) {
        return MachineInfo.describe() + " (default dispatcher " + defaultThreads + " threads)";
    }
}
