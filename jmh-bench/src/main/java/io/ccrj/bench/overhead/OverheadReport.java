package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Charts.Axis;
import io.ccrj.bench.runner.Charts.Series;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.PublishedFigures;
import io.ccrj.bench.runner.PublishedFigures.Published;
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
 * @param measurements the cells measured
 * @param patterns the rows' patterns, in order
 * @param ways the columns, in order
 * @param modes the rows' thread modes, in order
 */
public record OverheadReport(List<CellTiming> measurements, List<SpawnedPattern> patterns, List<Integer> ways,
                             List<ThreadMode> modes) {
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

    private Optional<CellTiming> find(SpawnedPattern p, ThreadMode m, int w) {
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
                + " the range ours' 95% interval allows)\n\n").append(t).append('\n').append(CELLS).append('\n');
        String notes = measurements.stream().map(CellTiming::sameAs).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining("; "));
        if (!notes.isEmpty()) {
            sb.append("\n\\* ").append(notes).append('\n');
        }
        return sb.append(unbalancedNote()).toString();
    }

    /** @return run times in the Qiu, Fox &amp; Ho 2006, Table 1 layout: median T(S) per cell, and T(1) per thread mode, Markdown */
    public String runTimeTable() {
        MarkdownTable t = layout("Run time (s)");
        modes.forEach(m -> row(t, "T(1), one stage", m, w -> patterns.stream().map(p -> find(p, m, w)).flatMap(Optional::stream)
                .findFirst().map(x -> fmt("%.3f", x.singleStageSeconds())).orElse("–")));
        patterns.forEach(p -> modes.forEach(m -> row(t, p.paperName(), m,
                w -> !p.appliesTo(w) ? "N/A" : find(p, m, w).map(x -> fmt("%.3f", x.stagedSeconds())).orElse("–"))));
        return "Median run time, s: T(S) per pattern; T(1) = the same computation as one stage\n\n" + t;
    }

    /** Adds a row of the papers' layout: its label, the thread mode, then one cell per number of parallel computations. */
    private void row(MarkdownTable t, String label, ThreadMode m, IntFunction<String> cell) {
        List<Object> row = new ArrayList<>(List.of(label, m.id()));
        ways.forEach(w -> row.add(cell.apply(w)));
        t.row(row.toArray());
    }

    /** The measured cells in table order: pattern, then thread mode, then ways, as the options list them. */
    private List<CellTiming> cells() {
        List<CellTiming> out = new ArrayList<>();
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
                .filter(m -> OverheadExperiment.unbalancedSingleStage(m.ways(), m.threads()))
                .map(m -> m.ways() + "-way " + m.mode().id() + " (" + m.threads() + " threads)").distinct()
                .collect(Collectors.joining(", "));
        return cells.isEmpty() ? "" : "\nT(1) of " + cells + " taken with one thread per"
                + " computation: that many one-stage computations cannot be spread evenly over the dispatcher's threads.\n";
    }

    /** What the cells say where there is no figure. */
    static final String CELLS = "ccrj: (median T(S) - median T(1)) / S with its bootstrap 95% interval; \"below resolution\" where"
            + " it came out below zero, \"not resolved\" where its interval reaches zero or spans more than 3x (rerun with --full);"
            + " a ratio only where the published figure lies outside the interval.";

    /** "ccrj (AMD, ratio)" for one cell. */
    String overheadCell(SpawnedPattern p, ThreadMode m, int w) {
        if (!p.appliesTo(w)) {
            return "N/A";
        }
        Optional<CellTiming> meas = find(p, m, w);
        Published amd = published("amd", p, m, w);
        if (meas.isEmpty()) {
            return "– (" + amd.text() + ")";
        }
        Estimate ours = OverheadRunner.overheadEstimate(meas.get());
        String mark = meas.get().sameAs() != null ? "\\*" : "";
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

    /** @return CSV, one line per measured cell, with every sample */
    public Csv csv() {
        Csv csv = new Csv("pattern", "ways", "threads_mode", "dispatcher_threads", "stages", "units_per_stage", "reps", "t1_median_s",
                "ts_median_s", "overhead_us", "published_amd_us", "published_intel_us", "ratio_to_amd", "ratio_to_intel", "other_load_pct",
                "disturbed_runs_left_out", "same_as", "t1_samples_s", "ts_samples_s", "t1_other_load_pct", "ts_other_load_pct",
                "overhead_low_us", "overhead_high_us");
        for (CellTiming x : cells()) {
            Published amd = published("amd", x.pattern(), x.mode(), x.ways());
            Published intel = published("intel", x.pattern(), x.mode(), x.ways());
            csv.row(x.pattern().id(), x.ways(), x.mode().id(), x.threads(), x.stages(), x.unitsPerStage(), x.stagedNanos().length,
                    Csv.num("%.6f", x.singleStageSeconds()), Csv.num("%.6f", x.stagedSeconds()),
                    Csv.num("%.4f", x.overheadMicros()), csvPublished(amd), csvPublished(intel),
                    amd.hasValue() ? Csv.num("%.4f", x.overheadMicros() / amd.value()) : null,
                    intel.hasValue() ? Csv.num("%.4f", x.overheadMicros() / intel.value()) : null,
                    Csv.num("%.1f", x.foreignLoad() * 100), x.disturbedRunsLeftOut(), x.sameAs(),
                    seconds(x.singleStageNanos()), seconds(x.stagedNanos()), Csv.samples("%.1f", percent(x.singleStageLoads())),
                    Csv.samples("%.1f", percent(x.stagedLoads())), Csv.num("%.4f", x.overheadRangeMicros()[0]),
                    Csv.num("%.4f", x.overheadRangeMicros()[1]));
        }
        return csv;
    }

    private static String csvPublished(Published c) {
        return c.text().equals("–") ? "" : c.text();
    }

    private static double[] percent(double[] shares) {
        return Arrays.stream(shares).map(l -> l * 100).toArray();
    }

    private static String seconds(long[] nanos) {
        return Csv.samples("%.6f", Arrays.stream(nanos).mapToDouble(n -> n / 1e9).toArray());
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
        MarkdownTable every = new MarkdownTable("llrrrrrrrrrrrr", "pattern", "threads", "ways", "dispatcher threads", "T(1) s",
                "T(S) s", "ccrj µs/stage", "95% interval µs", "noise band µs", "published AMD µs", "published INTEL µs", "ccrj/AMD",
                "ccrj/INTEL", "other processes' load");
        for (CellTiming x : cells()) {
            Published amd = published("amd", x.pattern(), x.mode(), x.ways());
            Published intel = published("intel", x.pattern(), x.mode(), x.ways());
            Estimate e = OverheadRunner.overheadEstimate(x);
            every.row(x.pattern().paperName(), x.mode().id(), x.ways(), x.threads(), fmt("%.3f", x.singleStageSeconds()),
                    fmt("%.3f", x.stagedSeconds()), figure(e), range(e.low(), e.high()), range(x.overheadRangeMicros()),
                    amd.text(), intel.text(), ratio(e, amd), ratio(e, intel),
                    Double.isNaN(x.foreignLoad()) ? "?" : fmt("%.0f%%", x.foreignLoad() * 100));
        }
        sb.append(every);
        sb.append("\n" + CELLS + " Noise band: the lowest and highest overhead that pairing any one T(1) run with any one T(S)"
                + " run of the cell gives; a figure whose band straddles zero or a given bound is within this machine's"
                + " run-to-run noise.\n");
        return sb.toString();
    }

    /** @return "low .. high" */
    static String range(double... lowHigh) {
        return fmt("%.3f", lowHigh[0]) + " .. " + fmt("%.3f", lowHigh[1]);
    }

    static String fmt(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    /**
     * Writes the chart of overhead per stage against the number of parallel computations: one panel
     * per pattern, ccrj's match and default lines with each cell's noise band as a bar, beside the
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
                ways.forEach(w -> find(p, m, w).ifPresent(c -> ours.add(w, c.overheadMicros(), c.overheadRangeMicros()[0],
                        c.overheadRangeMicros()[1])));
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
                    "overhead per stage (µs, symmetric log; bars: noise band)", 560, 460, false, Axis.SYMLOG, series));
        }
        Charts.write(panels, file);
    }
}
