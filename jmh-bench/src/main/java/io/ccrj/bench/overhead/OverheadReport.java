package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Charts.Axis;
import io.ccrj.bench.runner.Charts.Series;
import io.ccrj.bench.runner.Columns;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.PublishedFigures;
import io.ccrj.bench.runner.PublishedFigures.Published;
import io.ccrj.bench.runner.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Renders measurements in the layout of Qiu, Fox &amp; Ho 2006, Tables 1 and 2 (rows: pattern × match/default;
 * columns: number of parallel computations), with the papers' figures beside ours, and as CSV and
 * markdown. The papers' figures are their published stage overheads in µs, read from {@link PublishedFigures}:
 * Qiu, Fox &amp; Ho 2006, Table 2-AMD (4-core HP xw9300, two dual-core Opteron 275 at 2.19 GHz, 28 µs per stage)
 * and Table 2-INTEL (4-core Dell PWS670, two dual-core Xeon at 2.8 GHz, 30 µs per stage), 500,000
 * stages, CCR June 2006, C#, at 1, 2, 3, 4 and 8 parallel computations.
 *
 * @param measurements the cells measured (JMH's forks of T(1) and T(S))
 * @param patterns the rows' patterns, in order
 * @param ways the columns, in order
 * @param modes the rows' thread modes, in order
 */
public record OverheadReport(List<OverheadCell> measurements, List<SpawnedPattern> patterns, List<Integer> ways,
                             List<ThreadMode> modes) {
    /** How a stage's cost is read, the experiment part of the overhead section's figure keys. */
    public enum Method {
        /** The papers' method: (T(S) - T(1)) / S, the difference of two long runs over the stages. */
        DIFFERENCE,
        /** Back-to-back stages of one unit: the run time is all messaging, read directly. */
        BACK_TO_BACK
    }

    /** The papers' column headings. */
    static final int[] PUBLISHED_WAYS = {1, 2, 3, 4, 8};

    private static final Published NOT_MEASURED = new Published("", Double.NaN, "–", "µs", "");

    /** @return the key in the papers' figures of a cell of Table 2-AMD ({@code machine} "amd") or 2-INTEL ("intel") */
    static String publishedId(String machine, SpawnedPattern pattern, ThreadMode mode, int ways) {
        return "overhead." + machine + "." + pattern.id() + "." + mode.id() + "." + ways;
    }

    /** @return the paper's cell (no value for "N/A" and "Error"); a "–" cell for a column the paper did not measure */
    static Published published(String machine, SpawnedPattern pattern, ThreadMode mode, int ways) {
        return PublishedFigures.find(publishedId(machine, pattern, mode, ways)).orElse(NOT_MEASURED);
    }

    private Optional<OverheadCell> find(SpawnedPattern p, ThreadMode m, int w) {
        return measurements.stream().filter(x -> x.pattern() == p && x.mode() == m && x.ways() == w).findFirst();
    }

    /**
     * @return the stage-overhead table in the Qiu, Fox &amp; Ho 2006, Table 2 layout (rows: pattern x threads,
     *     columns: ways), each cell "ccrj (published AMD, ccrj/AMD)", footnoted, Markdown
     */
    public String overheadTable() {
        MarkdownTable t = layout("Stage overhead (µs)");
        patterns.forEach(p -> modes.forEach(m -> row(t, p.paperName(), m, w -> overheadCell(p, m, w))));
        StringBuilder sb = new StringBuilder("Stage overhead per stage, µs: ccrj (Qiu, Fox & Ho 2006, Table 2-AMD, ratio ccrj/AMD as"
                + " the range ours' 95% interval allows)\n\n").append(t).append('\n').append(cellsNote()).append('\n');
        String notes = measurements.stream().map(OverheadCell::sameAs).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining("; "));
        if (!notes.isEmpty()) {
            sb.append("\n\\* ").append(notes).append('\n');
        }
        return sb.append(modesNote()).append(unbalancedNote()).toString();
    }

    /** @return run times in the Qiu, Fox &amp; Ho 2006, Table 1 layout: median T(S) per cell, and T(1) per thread mode, Markdown */
    public String runTimeTable() {
        MarkdownTable t = layout("Run time (s)");
        modes.forEach(m -> row(t, "T(1), one stage", m, w -> patterns.stream().map(p -> find(p, m, w)).flatMap(Optional::stream)
                .findFirst().map(x -> fmt("%.3f", x.singleStageSeconds())).orElse("–")));
        patterns.forEach(p -> modes.forEach(m -> row(t, p.paperName(), m,
                w -> !p.appliesTo(w) ? "N/A" : find(p, m, w).map(x -> fmt("%.3f", x.stagedSeconds())).orElse("–"))));
        return "Run time, s, the median of the JMH forks' scores: T(S) per pattern; T(1) = the same computation as one stage\n\n" + t;
    }

    /** Adds a row of the papers' layout: its label, the thread mode, then one cell per number of parallel computations. */
    private void row(MarkdownTable t, String label, ThreadMode m, IntFunction<String> cell) {
        List<Object> row = new ArrayList<>(List.of(label, m.id()));
        ways.forEach(w -> row.add(cell.apply(w)));
        t.row(row.toArray());
    }

    /** The measured cells in table order: pattern, then thread mode, then ways, as the options list them. */
    private List<OverheadCell> cells() {
        List<OverheadCell> out = new ArrayList<>();
        patterns.forEach(p -> modes.forEach(m -> ways.forEach(w -> find(p, m, w).ifPresent(out::add))));
        return out;
    }

    /** A table with the papers' rows (pattern, threads) and one column per number of parallel computations. */
    private MarkdownTable layout(String corner) {
        List<String> header = new ArrayList<>(List.of(corner, "threads"));
        ways.forEach(w -> header.add(w + "-way"));
        return new MarkdownTable("ll" + "r".repeat(ways.size()), header);
    }

    /** The note for cells whose T(1) was taken with one thread per computation, or "" if none. */
    private String unbalancedNote() {
        String cells = measurements.stream()
                .filter(m -> m.singleStageThreads() != m.threads())
                .map(m -> m.ways() + "-way " + m.mode().id() + " (" + m.threads() + " threads)").distinct()
                .collect(Collectors.joining(", "));
        return cells.isEmpty() ? "" : "\nT(1) of " + cells + " taken with one thread per"
                + " computation: that many one-stage computations cannot be spread evenly over the dispatcher's threads.\n";
    }

    /** The note for cells whose forks fell into two modes, or "" if none. */
    private String modesNote() {
        return measurements.stream().anyMatch(OverheadCell::split) ? "\n† the forks of T(1) or T(S) fell into two modes more than 1.5x"
                + " apart (see every cell): the median lies in one of them, and the interval spans both.\n" : "";
    }

    /** @return what the cells say where there is no figure, and what would narrow their intervals */
    String cellsNote() {
        return "ccrj: (median T(S) - median T(1)) / S over JMH's forks, with its bootstrap 95% interval over the"
                + " forks and their iterations; \"below resolution\" where"
                + " it came out below zero, \"not resolved\" where its interval reaches zero or spans more than 3x (rerun with "
                + Headline.rerun("overhead", fullForks()) + "); a ratio only where the published figure lies outside the interval.";
    }

    /** Whether every cell had the forks of {@code --full} (5 or more): then only more forks narrow an interval. */
    private boolean fullForks() {
        return !measurements.isEmpty() && measurements.stream()
                .allMatch(x -> Math.min(x.single().iterations().size(), x.staged().iterations().size()) >= 5);
    }

    /** "ccrj (AMD, ratio)" for one cell. */
    String overheadCell(SpawnedPattern p, ThreadMode m, int w) {
        if (!p.appliesTo(w)) {
            return "N/A";
        }
        Optional<OverheadCell> meas = find(p, m, w);
        Published amd = published("amd", p, m, w);
        if (meas.isEmpty()) {
            return "– (" + amd.text() + ")";
        }
        Estimate ours = meas.get().overheadAcrossForks();
        String mark = (meas.get().sameAs() != null ? "\\*" : "") + (meas.get().split() ? "†" : "");
        String ratio = ratio(ours, amd);
        return figure(ours) + mark + " (" + amd.text() + (ratio.equals("–") ? "" : ", " + ratio) + ")";
    }

    /**
     * Our overhead per stage as a table shows it: the figure where its 95% interval resolves it
     * ({@link Estimate#resolved()}), "below resolution" where it came out below zero (never a
     * negative figure), "not resolved" where its interval reaches zero or spans more than 3x.
     */
    static String figure(Estimate e) {
        return e.value() < 0 ? "below resolution" : e.resolved() ? fmt("%.3f", e.value()) : "not resolved";
    }

    /**
     * ccrj / published as the range ours' interval allows; "not resolved" where the published
     * figure lies inside it; "–" where there is no published figure or ours is not a figure (its
     * own cell says why).
     */
    static String ratio(Estimate ours, Published paper) {
        if (!paper.hasValue() || paper.value() <= 0 || ours.value() < 0 || !ours.resolved()) {
            return "–";
        }
        if (ours.contains(paper.value())) {
            return "not resolved";
        }
        return fmt("%.3f", ours.low() / paper.value()) + "-" + fmt("%.3f", ours.high() / paper.value());
    }

    /** @return CSV, one line per measured cell, with every fork's score */
    public Csv csv() {
        Csv csv = new Csv("pattern", "ways", "threads_mode", "dispatcher_threads", "t1_dispatcher_threads", "stages", "units_per_stage",
                "t1_forks", "ts_forks", "t1_s", "ts_s", "overhead_us", "overhead_low_us", "overhead_high_us", "published_amd_us",
                "published_intel_us", "ratio_to_amd", "ratio_to_intel", "same_as", "t1_modes", "ts_modes", "t1_fork_scores_s",
                "ts_fork_scores_s");
        for (OverheadCell x : cells()) {
            Published amd = published("amd", x.pattern(), x.mode(), x.ways());
            Published intel = published("intel", x.pattern(), x.mode(), x.ways());
            Estimate e = x.overheadAcrossForks();
            csv.row(x.pattern().id(), x.ways(), x.mode().id(), x.threads(), x.singleStageThreads(), x.stages(), x.unitsPerStage(),
                    x.single().iterations().size(), x.staged().iterations().size(), Csv.num("%.6f", x.singleStageSeconds()),
                    Csv.num("%.6f", x.stagedSeconds()), Csv.num("%.4f", e.value()), Csv.num("%.4f", e.low()), Csv.num("%.4f", e.high()),
                    csvPublished(amd), csvPublished(intel), amd.hasValue() ? Csv.num("%.4f", e.value() / amd.value()) : null,
                    intel.hasValue() ? Csv.num("%.4f", e.value() / intel.value()) : null, x.sameAs(),
                    x.single().modes().describe(OverheadCell.seconds(x.single().unit())),
                    x.staged().modes().describe(OverheadCell.seconds(x.staged().unit())), forkSeconds(x.single()), forkSeconds(x.staged()));
        }
        return csv;
    }

    private static String csvPublished(Published c) {
        return c.text().equals("–") ? "" : c.text();
    }

    private static String forkSeconds(io.ccrj.bench.runner.Forks f) {
        double scale = OverheadCell.seconds(f.unit());
        return Csv.samples("%.6f", Arrays.stream(f.scores()).map(v -> v * scale).toArray());
    }

    /**
     * @param heading a markdown preamble (machine, parameters)
     * @return the report as markdown: the papers' layout with "ccrj (AMD)" cells, then one row per cell
     */
    public String markdown(String heading) {
        StringBuilder sb = new StringBuilder(heading);
        sb.append("\n## Stage overhead per stage (µs), Qiu, Fox & Ho 2006, Table 2 layout\n\n").append(overheadTable());
        sb.append("\n## Run time (s), Qiu, Fox & Ho 2006, Table 1 layout\n\n").append(runTimeTable());
        sb.append("\n## Every cell\n\n");
        sb.append(EVERY_CELL.table(cells()));
        sb.append("\n" + cellsNote() + " Forks: how the JMH forks of T(1) and T(S) group (one mode, or two more than 1.5x apart, each"
                + " with its median in s).\n");
        return sb.toString();
    }

    /**
     * Which of the two methods resolves the papers' overhead per stage in this run, and why: how
     * many of each method's figures give a verdict against the papers', and how wide their
     * intervals are beside the stage's compute time.
     *
     * @param difference the difference method's figures beside the papers' (the headline's)
     * @param backToBack the back-to-back figures beside the papers'
     * @param differenceWidth the median width of the difference method's intervals, µs (NaN if none had one)
     * @param backToBackWidth the median width of the back-to-back intervals, µs (NaN if none had one)
     * @param stageMicros the compute time of one stage of the difference method, µs
     * @param context the run's verdict setting
     * @return a paragraph of Markdown, empty where neither method has a figure beside the papers'
     */
    public static String methods(List<Figure> difference, List<Figure> backToBack, double differenceWidth, double backToBackWidth,
                                 double stageMicros, Verdict.Context context) {
        int d = verdicts(difference, context);
        int b = verdicts(backToBack, context);
        if (difference.isEmpty() && backToBack.isEmpty()) {
            return "";
        }
        String which = d > 0 && b > 0 ? "both methods resolve it here"
                : b > 0 ? "here only the back-to-back stages resolve it"
                : d > 0 ? "here only the difference method resolves it"
                : "neither method resolves it in this run (rerun with " + Headline.rerun("overhead", context.full()) + ")";
        return String.format(Locale.ROOT, "The papers' overhead per stage against the two methods: the difference method, (T(S) -"
                        + " T(1)) / S, gives a verdict for %d of %d patterns, the back-to-back stages for %d of %d, so %s. Why: the"
                        + " difference method reads the overhead as the gap between two long runs, so it resolves no finer than their"
                        + " noise spread over the stages: its intervals here are %s wide (median), %s of the %s µs a stage computes,"
                        + " against the papers' %s µs per stage; back-to-back stages compute nothing, so their noise is"
                        + " a share of the messaging itself (intervals %s wide). The back-to-back figure is the same messaging path"
                        + " under more contention than the papers' %s µs stages cause (every worker at the one dispatcher queue),"
                        + " so it is the direct measurement of what the difference method estimates, not its equal to the last"
                        + " digit.%n",
                d, difference.size(), b, backToBack.size(), which, width(differenceWidth), percent(differenceWidth / stageMicros),
                Headline.fmt(stageMicros), publishedRange(difference, backToBack), width(backToBackWidth), Headline.fmt(stageMicros));
    }

    /** @return how many of the figures give a verdict against the papers' */
    private static int verdicts(List<Figure> figures, Verdict.Context context) {
        return (int) figures.stream().filter(f -> f.publishedId() != null)
                .filter(f -> Verdict.of(f.ours(), Estimate.point(f.published()), f.lowerIsBetter(), context).resolved()).count();
    }

    /** @return the papers' figures beside the two methods as "low-high" (or the one figure) */
    private static String publishedRange(List<Figure> difference, List<Figure> backToBack) {
        java.util.DoubleSummaryStatistics p = java.util.stream.Stream.concat(difference.stream(), backToBack.stream())
                .mapToDouble(Figure::published).filter(v -> !Double.isNaN(v)).summaryStatistics();
        return p.getCount() == 0 ? "-" : p.getMin() == p.getMax() ? Headline.fmt(p.getMin())
                : Headline.fmt(p.getMin()) + "-" + Headline.fmt(p.getMax());
    }

    private static String width(double micros) {
        return Double.isNaN(micros) ? "not measured (no interval)" : Headline.fmt(micros) + " µs";
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.2g%%", 100 * share);
    }

    /** @return the median of the widths (high - low) of the intervals that have one, µs; NaN where none has */
    public static double medianWidth(List<Estimate> intervals) {
        double[] widths = intervals.stream().filter(Estimate::hasInterval).mapToDouble(e -> e.high() - e.low()).toArray();
        return widths.length == 0 ? Double.NaN : Estimate.medianOf(widths);
    }

    /** The table of every cell: its configuration, its two run times, its overhead, its forks and the papers' two figures. */
    private static final Columns<OverheadCell> EVERY_CELL = Columns.<OverheadCell>of()
            .left("pattern", x -> x.pattern().paperName())
            .left("threads", x -> x.mode().id())
            .right("ways", OverheadCell::ways)
            .right("dispatcher threads", OverheadCell::threads)
            .right("T(1) s", x -> fmt("%.3f", x.singleStageSeconds()))
            .right("T(S) s", x -> fmt("%.3f", x.stagedSeconds()))
            .right("ccrj µs/stage", x -> figure(x.overheadAcrossForks()))
            .right("95% interval µs", x -> range(x.overheadAcrossForks().low(), x.overheadAcrossForks().high()))
            .left("T(1) forks", x -> x.single().modes().describe(OverheadCell.seconds(x.single().unit())))
            .left("T(S) forks", x -> x.staged().modes().describe(OverheadCell.seconds(x.staged().unit())))
            .right("published AMD µs", x -> published("amd", x.pattern(), x.mode(), x.ways()).text())
            .right("published INTEL µs", x -> published("intel", x.pattern(), x.mode(), x.ways()).text())
            .right("ccrj/AMD", x -> ratio(x.overheadAcrossForks(), published("amd", x.pattern(), x.mode(), x.ways())))
            .right("ccrj/INTEL", x -> ratio(x.overheadAcrossForks(), published("intel", x.pattern(), x.mode(), x.ways())));

    /** @return "low .. high" */
    static String range(double... lowHigh) {
        return fmt("%.3f", lowHigh[0]) + " .. " + fmt("%.3f", lowHigh[1]);
    }

    static String fmt(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    /**
     * Writes the chart of overhead per stage against the number of parallel computations: one panel
     * per pattern, ccrj's match and default lines with each cell's 95% interval as a bar, beside the
     * papers' AMD figures (dashed), on a symmetric-log y axis (negative overheads, which are noise,
     * are drawn below zero where they lie, not clamped to a floor).
     *
     * @param subtitle e.g. the stage count and machine
     * @param file the PNG to write
     * @throws IOException if it cannot be written
     */
    public void chart(String subtitle, Path file) throws IOException {
        List<org.knowm.xchart.XYChart> panels = new ArrayList<>();
        for (SpawnedPattern p : patterns) {
            List<Series> series = new ArrayList<>();
            for (ThreadMode m : modes) {
                Series ours = new Series("ccrj " + m.id(), Charts.colour(m.ordinal()), false);
                ways.forEach(w -> find(p, m, w).ifPresent(c -> {
                    Estimate e = c.overheadAcrossForks();
                    ours.add(w, e.value(), e.low(), e.high());
                }));
                Series paper = new Series("published AMD " + m.id(), Charts.colour(m.ordinal()), true);
                for (int w : PUBLISHED_WAYS) {
                    Published cell = published("amd", p, m, w);
                    if (cell.hasValue()) {
                        paper.add(w, cell.value());
                    }
                }
                series.add(ours);
                series.add(paper);
            }
            panels.add(Charts.panel(p.paperName() + " — " + subtitle, "parallel computations (ways)",
                    "overhead per stage (µs, symmetric log; bars: 95% interval)", 560, 460, false, Axis.SYMLOG, series));
        }
        Charts.write(panels, file);
    }
}
