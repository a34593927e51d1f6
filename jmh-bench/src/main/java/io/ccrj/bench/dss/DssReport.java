package io.ccrj.bench.dss;

import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.dss.client.LoadResult;
import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Csv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * The figures of {@code bin/ccrj dss}: tables (Markdown) and CSV (the project's targets are in
 * docs/results.md, not printed). Two-way
 * figures are per message: the mean over the groups of each group's time divided by its size, as
 * the papers report them; throughput of a two-way caller is one over that mean.
 *
 * @param options the run's options
 * @param groups µs per message of every group, by caller, in table order
 * @param throughput the median throughput run of every server
 * @param oneWay the one-way samples (µs), sorted
 */
record DssReport(DssRunner.Options options, Map<DssRunner.Caller, double[]> groups, Map<DssTarget, LoadResult> throughput,
                 double[] oneWay) {
    /** The mean; NaN for no values. */
    static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** The nearest-rank percentile (commons-math3's R_1 estimator: a value that was measured, as the papers report). */
    static double percentile(double[] values, double p) {
        return values.length == 0 ? Double.NaN : new Percentile().withEstimationType(EstimationType.R_1).evaluate(values, p);
    }

    String tables() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "### Two-way Get, %d groups of %d messages (Qiu, Fox & Ho 2006, Fig. 13)%n%n"
                + "The in-process callers take turns group by group, then the HTTP callers do (all their servers up).%n%n",
                options.groups(), options.groupSize()));
        double rawMean = mean(groups.get(DssRunner.Caller.RAW_NETTY));
        MarkdownTable two = new MarkdownTable("lrrrrrr", "caller", "mean µs/message", "fastest group", "median group",
                "slowest group", "messages/s", "vs raw Netty");
        for (Map.Entry<DssRunner.Caller, double[]> e : groups.entrySet()) {
            double[] s = e.getValue().clone();
            Arrays.sort(s);
            double mean = mean(e.getValue());
            two.row(e.getKey().label, f("%.2f", mean), f("%.2f", s[0]), f("%.2f", percentile(s, 50)), f("%.2f", s[s.length - 1]),
                    f("%,.0f", 1e6 / mean), e.getKey().target.http ? f("%.2fx", mean / rawMean) : "-");
        }
        two.row("Qiu, Fox & Ho 2006: CCR/DSS, two services on a 4-core AMD", f("%.0f", DssRunner.PUBLISHED_TWO_WAY_MICROS_LOW) + "-"
                + f("%.0f", DssRunner.PUBLISHED_TWO_WAY_MICROS_HIGH), null, null, null, "20,000-25,000");
        two.row("Qiu, Fox & Ho 2006: Apache Axis2 (LAN clients)", null, null, null, null, f("%,.0f", DssRunner.AXIS2_MSGS_PER_S));
        sb.append(two).append('\n');

        sb.append(String.format(Locale.ROOT, "### HTTP throughput: GET /services/ping, %d connections, one request in"
                + " flight each, same load generator; the servers take turns, %d runs of %.1f s each, medians%n%n",
                options.connections(), options.throughputRounds(), options.throughputSeconds()));
        MarkdownTable t = new MarkdownTable("lrrrrrr", "server", "requests/s", "p50 µs", "p99 µs", "non-2xx", "errors",
                "vs raw Netty");
        double raw = throughput.get(DssTarget.RAW_NETTY).throughput();
        throughput.forEach((target, r) -> t.row(target.label, f("%,.0f", r.throughput()), f("%.1f", r.latencyMicros(50)),
                f("%.1f", r.latencyMicros(99)), r.non2xx(), r.errors().size(), f("%.2fx", r.throughput() / raw)));
        t.row("Qiu, Fox & Ho 2006: DSS (two-way, in one machine)", "20,000-25,000");
        t.row("Qiu, Fox & Ho 2006: Apache Axis2", f("%,.0f", DssRunner.AXIS2_MSGS_PER_S));
        sb.append(t).append('\n');

        sb.append(String.format(Locale.ROOT, "### One-way: Replace posted in-process until its notification arrives"
                + " (%,d samples)%n%n", oneWay.length));
        sb.append(new MarkdownTable("rrrrrr", "mean µs", "p50", "p90", "p99", "p99.9", "max").row(f("%.2f", mean(oneWay)),
                f("%.2f", percentile(oneWay, 50)), f("%.2f", percentile(oneWay, 90)), f("%.2f", percentile(oneWay, 99)),
                f("%.2f", percentile(oneWay, 99.9)), f("%.2f", oneWay[oneWay.length - 1]))).append('\n');
        return sb.toString();
    }

    private static String f(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    Csv csv() {
        Csv csv = new Csv("experiment", "item", "metric", "value");
        groups.forEach((caller, values) -> {
            csv.row("two-way", caller.label, "mean_us", mean(values));
            csv.row("two-way", caller.label, "median_group_us", percentile(values, 50));
            csv.row("two-way", caller.label, "msgs_per_s", 1e6 / mean(values));
        });
        throughput.forEach((target, r) -> {
            csv.row("throughput", target.label, "req_per_s", r.throughput());
            csv.row("throughput", target.label, "p50_us", r.latencyMicros(50));
            csv.row("throughput", target.label, "p99_us", r.latencyMicros(99));
            csv.row("throughput", target.label, "non2xx", (double) r.non2xx());
        });
        String item = "Replace to notification, in-process";
        csv.row("one-way", item, "mean_us", mean(oneWay));
        csv.row("one-way", item, "p50_us", percentile(oneWay, 50));
        csv.row("one-way", item, "p99_us", percentile(oneWay, 99));
        return csv;
    }

    Csv groupsCsv() {
        Csv csv = new Csv("caller", "group", "us_per_message");
        groups.forEach((caller, values) -> {
            for (int g = 0; g < values.length; g++) {
                csv.row(caller.label, g + 1, Csv.num("%.4f", values[g]));
            }
        });
        return csv;
    }

    private static final int BINS = 24;

    /**
     * Writes the histogram of the groups' times per message (Fig. 13 of Qiu, Fox &amp; Ho 2006 shows the same for
     * DSS 2006): one series per caller, side by side, on a shared log-spaced bin scale over all
     * callers' range.
     */
    void twoWayHistogram(Path file) throws IOException {
        DoubleSummaryStatistics all = groups.values().stream().flatMapToDouble(Arrays::stream).summaryStatistics();
        double lo = all.getMin();
        double hi = all.getMax();
        List<String> labels = new ArrayList<>();
        Map<String, List<Integer>> series = new LinkedHashMap<>();
        if (hi > 0 && lo > 0) {
            double logLo = Math.log10(lo * 0.999);
            double step = Math.max(1e-9, (Math.log10(hi * 1.001) - logLo) / BINS);
            for (int b = 0; b < BINS; b++) {
                double start = Math.pow(10, logLo + b * step);
                labels.add(String.format(Locale.ROOT, start < 10 ? "%.2f" : "%.0f", start));
            }
            groups.forEach((caller, values) -> {
                int[] counts = new int[BINS];
                for (double v : values) {
                    counts[Math.max(0, Math.min(BINS - 1, (int) ((Math.log10(v) - logLo) / step)))]++;
                }
                series.put(caller.label, Arrays.stream(counts).boxed().toList());
            });
        }
        Charts.bars("Two-way Get: time per message of each group (Qiu, Fox & Ho 2006, Fig. 13)", "µs per message (bin start, log-spaced)",
                "groups", 1100, 500, labels, series, file);
    }

    /** Writes the requests per second of each server under the same load, beside the papers' and Axis2's. */
    void throughputChart(Path file) throws IOException {
        List<String> names = new ArrayList<>(throughput.keySet().stream().map(t -> t.label).toList());
        List<Double> values = new ArrayList<>(throughput.values().stream().map(LoadResult::throughput).toList());
        names.addAll(List.of("Qiu, Fox & Ho 2006: DSS (best)", "Qiu, Fox & Ho 2006: Axis2"));
        values.addAll(List.of(DssRunner.PUBLISHED_MSGS_PER_S_HIGH, DssRunner.AXIS2_MSGS_PER_S));
        Charts.bars("HTTP throughput, same load generator (requests/s)", "", "requests/s", 900, 450, names,
                Map.of("requests/s", values), file);
    }
}
