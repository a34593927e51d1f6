package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Progress;
import io.ccrj.bench.runner.Estimate;
import org.apache.commons.math3.stat.regression.SimpleRegression;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Run time against the number of stages for a fixed total computation (Qiu, Fox &amp; Ho 2006, Figs. 4 and 5):
 * the same computation split into 1, S/16, S/4 and S stages, for every pattern at one
 * configuration (2-way where it is run, one dispatcher thread per computation). The slope of each
 * line is the pattern's overhead per stage; the papers drew these lines to show that the overhead
 * stays constant as the stages get shorter.
 */
final class StageSweep {
    private StageSweep() {
    }

    /** One point of a line, keyed {@code overhead, sweep, pattern, ways, stages}: the median run time with its interval. */
    static Figure point(SpawnedPattern pattern, int ways, int stages, double... seconds) {
        return Figure.median(List.of("overhead", "sweep", pattern, ways, stages), String.format(Locale.ROOT,
                "spawned %s, %d-way match, run time at S = %,d", pattern.id(), ways, stages), "s", true, seconds);
    }

    private static SpawnedPattern pattern(Figure point) {
        return point.key(2, SpawnedPattern.class);
    }

    private static int stages(Figure point) {
        return point.key(4, Integer.class);
    }

    /** @return the stage counts of the sweep for S = {@code stages}: 1, S/16, S/4, S, each once */
    static int[] stageCounts(int stages) {
        return IntStream.of(1, stages / 16, stages / 4, stages).map(s -> Math.max(1, s)).distinct().toArray();
    }

    /**
     * Times the sweep: the total stays S x {@code unitsPerStage} units at every stage count.
     *
     * @return the points, pattern by pattern, stages ascending
     */
    static List<Figure> run(List<SpawnedPattern> patterns, int ways, int stages, int unitsPerStage, int reps, PrintStream err,
                           double predictedSeconds) throws InterruptedException {
        long totalUnits = (long) stages * unitsPerStage;
        int runs = patterns.size() * stageCounts(stages).length * reps;
        Progress progress = new Progress(err, runs, runs * predictedSeconds, System::nanoTime);
        Duration timeout = OverheadExperiment.timeout(predictedSeconds);
        List<Figure> points = new ArrayList<>();
        try (Dispatcher d = new Dispatcher(ways, "overhead-sweep")) {
            DispatcherQueue q = d.createQueue("sweep");
            for (SpawnedPattern p : patterns) {
                for (int s : stageCounts(stages)) {
                    int units = (int) (totalUnits / s);
                    double[] seconds = new double[reps];
                    for (int r = 0; r < reps; r++) {
                        SpawnedPattern timedPattern = s == 1 ? SpawnedPattern.PIPELINE : p; // one stage sends no message
                        long nanos = SpawnedPatterns.run(timedPattern, q, ways, s, units, timeout).elapsedNanos();
                        seconds[r] = nanos / 1e9;
                        progress.done(String.format(Locale.ROOT, "sweep %-9s %d-way S=%,d rep %d/%d", p.id(), ways, s, r + 1, reps),
                                predictedSeconds, nanos);
                    }
                    points.add(point(p, ways, s, seconds));
                }
            }
        }
        return points;
    }

    /** @return the points as CSV */
    static Csv csv(List<Figure> points) {
        Csv csv = new Csv("pattern", "ways", "stages", "run_time_s");
        points.forEach(p -> csv.row(pattern(p).id(), p.key(3, Integer.class), stages(p), Csv.num("%.6f", p.ours().value())));
        return csv;
    }

    /** @return a Markdown table: run time (s) by pattern and stage count */
    static String markdown(List<Figure> points, int ways) {
        Map<SpawnedPattern, List<Figure>> lines = byPattern(points);
        List<String> header = new ArrayList<>(List.of("pattern"));
        lines.values().iterator().next().forEach(p -> header.add(String.format(Locale.ROOT, "S = %,d", stages(p))));
        header.add("fitted slope µs/stage");
        MarkdownTable t = new MarkdownTable("l" + "r".repeat(header.size() - 1), header);
        lines.forEach((pattern, row) -> {
            List<String> cells = new ArrayList<>(List.of(pattern.paperName()));
            row.forEach(p -> cells.add(String.format(Locale.ROOT, "%.4f s", p.ours().value())));
            cells.add(String.format(Locale.ROOT, "%.3f", slopeEstimate(row).value()));
            t.row(cells.toArray());
        });
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "%n## Run time vs stages, fixed computation, %d-way match (Qiu, Fox & Ho 2006, Figs. 4-5)%n%n", ways)).append(t);
        sb.append("\nThe same total computation every time; the slope of a row is its overhead per stage. The fitted"
                + " slope (least squares through the row) is the papers' overhead without T(1)'s own noise and without"
                + " costs that come once per run whatever S is.\n");
        return sb.toString();
    }

    /**
     * The direct reading of the overhead per stage: the least-squares slope of run time against
     * stage count (commons-math3's {@link SimpleRegression}) with its 95% confidence interval
     * (Student's t on the slope's standard error; none with fewer than three points).
     *
     * @param points one line's points
     * @return the slope in µs per stage; NaN if fewer than two distinct stage counts
     */
    static Estimate slopeEstimate(List<Figure> points) {
        SimpleRegression r = new SimpleRegression();
        points.forEach(p -> r.addData(stages(p), p.ours().value()));
        double slope = r.getSlope() * 1e6;
        if (points.size() < 3 || Double.isNaN(slope)) {
            return Estimate.point(slope);
        }
        double half = r.getSlopeConfidenceInterval() * 1e6;
        return Double.isNaN(half) ? Estimate.point(slope) : new Estimate(slope, slope - half, slope + half);
    }

    /** @return the points grouped into one line per pattern, in the order they came */
    private static Map<SpawnedPattern, List<Figure>> byPattern(List<Figure> points) {
        return points.stream().collect(Collectors.groupingBy(StageSweep::pattern, LinkedHashMap::new, Collectors.toList()));
    }

    /** Writes Figs. 4-5 of Qiu, Fox &amp; Ho 2006: run time against stages, one line per pattern. */
    static void chart(List<Figure> points, int ways, String subtitle, Path file) throws IOException {
        List<Charts.Series> lines = new ArrayList<>();
        byPattern(points).forEach((pattern, line) -> {
            Charts.Series series = new Charts.Series(pattern.paperName(), Charts.colour(lines.size()), false);
            line.forEach(p -> series.add(stages(p), p.ours().value()));
            lines.add(series);
        });
        Charts.write(List.of(Charts.panel("Run time vs stages, fixed computation, " + ways + "-way (Qiu, Fox & Ho 2006, Figs. 4-5) — "
                + subtitle, "stages", "run time (s)", 900, 500, false, Charts.Axis.LINEAR, lines)), file);
    }
}
