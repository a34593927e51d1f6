package io.ccrj.bench.spark;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * The side-by-side table of {@code bin/ccrj spark-bench}: for each point count and core count that
 * both benchmarks ran, our k-means iteration's time and Spark's, each with JMH's 99.9% interval
 * over its measurement iterations, and how many times faster ours is, with the range every pair of
 * values in the two intervals allows (the rule the jmh-bench runners' verdicts use; JMH pools
 * every fork's iterations into one interval, so from one fork the range says nothing of
 * fork-to-fork variation). Rows
 * whose cores exceed the machine's are marked oversubscribed.
 */
final class Comparison {
    /** The clustering application's target: persistent ranks at least this many times faster per iteration. */
    static final double TARGET = 5;

    private Comparison() {
    }

    /**
     * One side's figure.
     *
     * @param score the mean time per iteration
     * @param error the half-width of its 99.9% interval; NaN where JMH had too few iterations for one
     */
    record Side(double score, double error) {
        double low() {
            return score - error;
        }

        double high() {
            return score + error;
        }

        boolean hasInterval() {
            return !Double.isNaN(error) && error >= 0 && low() > 0;
        }
    }

    /**
     * One pairing.
     *
     * @param points the points
     * @param cores the ranks (ours) and the task threads (Spark's)
     * @param ours our k-means iteration
     * @param spark Spark's
     * @param unit the unit of both scores
     */
    record Row(int points, int cores, Side ours, Side spark, String unit) {
        /** @return how many times faster ours is (Spark's time over ours) */
        double ratio() {
            return spark.score() / ours.score();
        }
    }

    /** Pairs the results of the two benchmarks by their parameters; unpaired results are left out. */
    static List<Row> rows(Collection<RunResult> results) {
        Map<String, Result<?>> ours = new TreeMap<>();
        Map<String, Result<?>> spark = new TreeMap<>();
        for (RunResult r : results) {
            String benchmark = r.getParams().getBenchmark();
            String key = r.getParams().getParam("points") + " " + r.getParams().getParam("cores");
            if (benchmark.startsWith(KernelKMeansIterationBenchmark.class.getName() + ".")) {
                ours.put(key, r.getPrimaryResult());
            } else if (benchmark.startsWith(SparkKMeansIterationBenchmark.class.getName() + ".")) {
                spark.put(key, r.getPrimaryResult());
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, Result<?>> e : ours.entrySet()) {
            Result<?> s = spark.get(e.getKey());
            if (s == null) {
                continue;
            }
            if (!s.getScoreUnit().equals(e.getValue().getScoreUnit())) {
                throw new IllegalStateException("the two benchmarks report in " + e.getValue().getScoreUnit()
                        + " and " + s.getScoreUnit() + ": run them with the same -tu");
            }
            String[] pc = e.getKey().split(" ");
            rows.add(new Row(Integer.parseInt(pc[0]), Integer.parseInt(pc[1]),
                    new Side(e.getValue().getScore(), e.getValue().getScoreError()),
                    new Side(s.getScore(), s.getScoreError()), s.getScoreUnit()));
        }
        rows.sort(Comparator.comparingInt(Row::points).thenComparingInt(Row::cores));
        return rows;
    }

    /**
     * The ratio cell: "5.31x (4.90-5.78x)", or the ratio alone with why there is no range.
     *
     * @param row the pairing
     * @return the cell
     */
    static String ratio(Row row) {
        String r = String.format(Locale.ROOT, "%.2fx", row.ratio());
        if (!row.ours().hasInterval() || !row.spark().hasInterval()) {
            return r + " (no range: an interval is missing or reaches 0)";
        }
        double low = row.spark().low() / row.ours().high();
        double high = row.spark().high() / row.ours().low();
        return r + String.format(Locale.ROOT, " (%.2f-%.2fx)", low, high);
    }

    /**
     * Whether the row meets {@link #TARGET}: by the cautious end of its range where it has one.
     *
     * @param row the pairing
     * @return "met", "not met" or "not resolved" (the range straddles the target)
     */
    static String target(Row row) {
        if (!row.ours().hasInterval() || !row.spark().hasInterval()) {
            return row.ratio() >= TARGET ? "met (no range)" : "not met (no range)";
        }
        double low = row.spark().low() / row.ours().high();
        double high = row.spark().high() / row.ours().low();
        if (low >= TARGET) {
            return "met";
        }
        return high < TARGET ? "not met" : "not resolved";
    }

    /**
     * The table, one line per pairing.
     *
     * @param rows the pairings
     * @param machineCores the cores of this machine (rows above it are marked oversubscribed)
     * @return the text, ending in a newline; a line saying so where nothing was paired
     */
    static String table(List<Row> rows, int machineCores) {
        StringBuilder out = new StringBuilder();
        out.append("k-means iteration (Lloyd, hard assignment, D=").append(KMeansData.DIMS).append(", K=")
                .append(KMeansData.CLUSTERS).append("): ours on persistent ccr-mpi ranks vs Spark MLlib local[cores]\n");
        if (rows.isEmpty()) {
            return out.append("(no pairing: run both KernelKMeansIterationBenchmark and SparkKMeansIterationBenchmark"
                    + " with the same points and cores)\n").toString();
        }
        out.append(String.format(Locale.ROOT, "%8s %6s %22s %22s  %-32s %s%n", "points", "cores", "ours/iteration",
                "Spark/iteration", "ours faster by (99.9% range)", "target " + (int) TARGET + "x"));
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "%8d %6s %22s %22s  %-32s %s%n", row.points(),
                    row.cores() + (row.cores() > machineCores ? "*" : ""),
                    figure(row.ours(), row.unit()), figure(row.spark(), row.unit()), ratio(row), target(row)));
        }
        if (rows.stream().anyMatch(r -> r.cores() > machineCores)) {
            out.append("* oversubscribed: more ranks or task threads than this machine's ")
                    .append(machineCores).append(" cores\n");
        }
        out.append("Intervals are JMH's over the measured iterations of every fork pooled; from one fork, another"
                + " fork may land further off.\n");
        return out.toString();
    }

    private static String figure(Side s, String unit) {
        if (Double.isNaN(s.error())) {
            return String.format(Locale.ROOT, "%.1f %s", s.score(), unit);
        }
        return String.format(Locale.ROOT, "%.1f ± %.1f %s", s.score(), s.error(), unit);
    }
}
