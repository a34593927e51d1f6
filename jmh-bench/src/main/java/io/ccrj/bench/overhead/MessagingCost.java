package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Columns;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.Section;
import io.ccrj.bench.runner.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The cost of a stage with (almost) nothing to compute, from JMH: each stage runs one basic unit,
 * so a computation of S stages takes S times the stage's messaging cost plus S units, and the cost
 * per stage is read directly, {@code T(S) / S - unit}, instead of as the small difference of two
 * long runs.
 *
 * <p>Why beside the papers' method: with 28 µs of compute per stage, an overhead of 0.05 µs is
 * 0.2% of the run time, within the run-to-run spread of a small VM, so {@code (T(S) - T(1)) / S}
 * resolves a few tenths of a microsecond at best. This figure is sharp, but it is not the papers'
 * quantity: with back-to-back stages every worker takes every stage from the one shared dispatcher
 * queue, so at 2 ways it measures the queue under constant contention (each stage moves the
 * queue's cache lines between cores), a regime the papers' 28 µs stages never reach. One-way
 * Pipeline, one worker, is the same cost uncontended. The headline puts the papers' overhead per
 * stage beside both: the difference method, their own, and this direct measurement of what it
 * estimates, and {@link OverheadReport#methods} says which of the two resolves in the run and why.
 */
final class MessagingCost {
    /** Stages per computation: quick mode. */
    static final int QUICK_STAGES = 200_000;
    /** Stages per computation: full mode. */
    static final int FULL_STAGES = 1_000_000;

    private MessagingCost() {
    }

    /**
     * One computation timed: a pattern at some ways, one dispatcher thread per computation.
     *
     * @param pattern the message pattern
     * @param ways parallel computations
     */
    record Run(SpawnedPattern pattern, int ways) {
    }

    /** @return one-way Pipeline (the uncontended cost) first where {@code ways} is more than 1, then every pattern at {@code ways} */
    static List<Run> runs(List<SpawnedPattern> patterns, int ways) {
        List<Run> out = new ArrayList<>();
        if (ways != 1) {
            out.add(new Run(SpawnedPattern.PIPELINE, 1));
        }
        patterns.forEach(p -> out.add(new Run(p, ways)));
        return out;
    }

    /** @return the JMH benchmarks of the runs: {@code stages} stages of one unit each, match threads */
    static List<Jmh.Part> parts(List<Run> runs, int stages) {
        return runs.stream().map(r -> OverheadRunner.part(List.of(r.pattern()), r.ways(), ThreadMode.MATCH, List.of(stages), stages))
                .toList();
    }

    /** @return a run's key: the back-to-back method, the pattern, match threads, its ways and stages, µs of messaging */
    static FigureKey key(Run r, int stages) {
        return new FigureKey(Section.OVERHEAD, OverheadReport.Method.BACK_TO_BACK, r.pattern(), ThreadMode.MATCH, r.ways(), stages,
                Metric.MESSAGING_US);
    }

    /**
     * The figures ({@link #key}): the cost per stage in µs
     * with its interval over the forks ({@link Forks#estimate()}), the headline's figure without one
     * where there was a single fork ({@link Forks#acrossForks()}), beside the papers' overhead per
     * stage at the same ways (match threads) where they published one: the direct measurement of
     * what their difference method estimates.
     *
     * @param forks the whole JMH run's forks; fails naming a benchmark that is missing
     * @param unitMicros one basic unit's time, taken off every stage
     * @param cores the machine's processors (computations beyond them share cores)
     * @return one figure and its forks per run, in the runs' order
     */
    static List<Measured> figures(List<Run> runs, int stages, List<Forks> forks, double unitMicros, int cores) {
        List<Measured> out = new ArrayList<>();
        for (Run r : runs) {
            Forks f = OverheadRunner.find(forks, r.pattern(), r.ways(), ThreadMode.MATCH, stages, stages);
            // Computation time (JMH's unit) to µs of one stage of one computation, the basic unit taken off.
            double scale = OverheadCell.seconds(f.unit()) * 1e6 / stages * Math.min(r.ways(), cores) / r.ways();
            Estimate e = f.estimate();
            Estimate across = f.acrossForks();
            String published = OverheadReport.published("amd", r.pattern(), ThreadMode.MATCH, r.ways()).hasValue()
                    ? OverheadReport.publishedId("amd", r.pattern(), ThreadMode.MATCH, r.ways()) : null;
            Figure fig = Figure.of(key(r, stages), "spawned " + r.pattern().id() + ", back-to-back stages of one unit (direct), "
                    + r.ways() + "-way match, per stage", across.map(v -> v * scale - unitMicros), published);
            out.add(new Measured(fig, e.map(v -> v * scale - unitMicros), f, scale));
        }
        return out;
    }

    /**
     * One run's figure as measured.
     *
     * @param figure the headline's figure
     * @param estimate the table's: the forks' median with its interval
     * @param forks the JMH forks
     * @param scale from a fork's score to µs per stage (before the unit is taken off)
     */
    record Measured(Figure figure, Estimate estimate, Forks forks, double scale) {
        SpawnedPattern pattern() {
            return figure.typedKey().item(SpawnedPattern.class);
        }

        int ways() {
            return figure.typedKey().ranks();
        }

        long stages() {
            return figure.typedKey().size();
        }
    }

    /** @return the figures as CSV, every fork's cost per stage included */
    static Csv csv(List<Measured> figures, double unitMicros) {
        Csv csv = new Csv("pattern", "ways", "threads_mode", "stages", "us_per_stage", "low_us", "high_us", "forks", "modes",
                "fork_us_per_stage");
        for (Measured m : figures) {
            double[] forks = java.util.Arrays.stream(m.forks().scores()).map(v -> v * m.scale() - unitMicros).toArray();
            csv.row(m.pattern().id(), m.ways(), "match", m.stages(), Csv.num("%.4f", m.estimate().value()),
                    Csv.num("%.4f", m.estimate().low()), Csv.num("%.4f", m.estimate().high()), forks.length,
                    m.forks().modes().describe(m.scale()), Csv.samples("%.4f", forks));
        }
        return csv;
    }

    /**
     * @param context the run's verdict setting (full or not, the forks' spread)
     * @return a Markdown section: one row per run, beside the papers' overhead per stage at the same ways
     */
    static String markdown(List<Measured> figures, double unitMicros, Verdict.Context context) {
        String rerun = Headline.rerun("overhead", context.full());
        if (figures.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%n## Back-to-back stages: messaging cost per stage with nothing to compute, match threads%n%n"
                        + "Each stage runs one basic unit (%.3f µs, taken off); %,d stages per computation, timed by JMH, the median"
                        + " of the forks with its 95%% interval. Read directly rather than as the difference of two long runs, so it"
                        + " is sharp, but it is not the papers' quantity: with no compute between stages, every worker takes every"
                        + " stage from the one shared dispatcher queue, so beyond one way it measures that queue under constant"
                        + " contention, which the papers' 28 µs stages never reach. One-way Pipeline (one worker) is the same cost"
                        + " uncontended. Beside it, the papers' overhead per stage at the same ways (Qiu, Fox & Ho 2006, Table 2-AMD,"
                        + " match threads; their difference method), which the headline compares with both methods.%n%n",
                unitMicros, figures.get(0).stages()));
        MarkdownTable t = Columns.<Measured>of()
                .left("pattern", m -> m.pattern().paperName())
                .right("ways", Measured::ways)
                .right("µs per stage (95% interval)", m -> Headline.show(m.estimate(), rerun))
                .left("forks (µs per stage, unit included)", m -> m.forks().modes().describe(m.scale()))
                .right("published AMD µs", m -> Headline.fmt(m.figure().published()))
                .left("ours vs published", m -> m.figure().publishedId() == null ? "-"
                        : Verdict.of(m.figure().ours(), Estimate.point(m.figure().published()), true, context).text())
                .table(figures);
        return sb.append(t).toString();
    }
}
