package io.ccrj.bench.dss;

import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Columns;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.Jmh;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of {@code bin/ccrj dss} from JMH's forks: tables (Markdown), CSV and charts (the
 * committed run's figures are in docs/results.md; no verdicts are printed). A two-way figure is µs per Get: the
 * median of its forks' means with the interval {@link Forks#estimate()} gives; JMH's measurement
 * iterations, every fork's, stand for the papers' timed groups (fastest, median and slowest shown,
 * each in {@code dss-groups.csv} and the histogram).
 *
 * @param settings the JMH settings the forks ran with
 * @param twoWay every two-way caller's forks (µs per Get), in table order
 * @param throughput every loaded server's forks (requests/s), in table order
 * @param oneWay the sampled Replace-to-notification forks (µs)
 */
record DssReport(Jmh.Settings settings, Map<DssRunner.Caller, Forks> twoWay, Map<DssTarget, Forks> throughput, Forks oneWay) {
    /** Checks the units: a run of other benchmarks would be read wrong, not fail later. */
    DssReport {
        for (Forks f : twoWay.values()) {
            unit(f, "us/op");
        }
        for (Forks f : throughput.values()) {
            unit(f, "ops/s");
        }
        unit(oneWay, "us/op");
    }

    private static void unit(Forks f, String expected) {
        if (!f.unit().equals(expected)) {
            throw new IllegalArgumentException(f.benchmark() + " scored in " + f.unit() + ", not " + expected);
        }
    }

    /** The iterations' scores, fastest first. */
    private static double[] sorted(Forks f) {
        double[] s = iterations(f);
        Arrays.sort(s);
        return s;
    }

    /** Every measurement iteration's score of every fork, in order: the papers' groups. */
    static double[] iterations(Forks f) {
        return f.iterations().stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /** What narrows an interval of this section: the forks of {@code --full}. */
    private static final String RERUN = "--full: 5 forks";

    /** @return the three tables with their notes: two-way Gets, throughput, one-way */
    String tables() {
        return twoWayTable() + throughputTable() + oneWayTable();
    }

    private String twoWayTable() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "### Two-way Get (Qiu, Fox & Ho 2006, Fig. 13)%n%nJMH, %s per caller; µs per Get, the"
                + " median of the forks' means with its 95%% interval; JMH's iterations stand for the papers' timed groups (of 200"
                + " Gets).%n%n",
                settings.describe()));
        Estimate raw = twoWay.get(DssRunner.Caller.RAW_NETTY).acrossForks();
        MarkdownTable two = Columns.<Map.Entry<DssRunner.Caller, Forks>>of()
                .left("caller", e -> e.getKey().label)
                .right("µs/message (95% interval)", e -> Headline.show(e.getValue().estimate(), RERUN))
                .left("forks", e -> e.getValue().modes().describe(1))
                .right("fastest iteration", e -> f("%.2f", sorted(e.getValue())[0]))
                .right("median iteration", e -> f("%.2f", Estimate.medianOf(iterations(e.getValue()))))
                .right("slowest iteration", e -> f("%.2f", sorted(e.getValue())[iterations(e.getValue()).length - 1]))
                .right("messages/s", e -> f("%,.0f", 1e6 / e.getValue().estimate().value()))
                .left("vs raw Netty", e -> !e.getKey().target.http || e.getKey() == DssRunner.Caller.RAW_NETTY ? "-"
                        : vs(e.getValue(), raw, true))
                .table(twoWay.entrySet());
        two.row("Qiu, Fox & Ho 2006: CCR/DSS, two services on a 4-core AMD", f("%.0f", DssRunner.PUBLISHED_TWO_WAY_MICROS_LOW) + "-"
                + f("%.0f", DssRunner.PUBLISHED_TWO_WAY_MICROS_HIGH), null, null, null, null, "20,000-25,000");
        two.row("Qiu, Fox & Ho 2006: Apache Axis2 (LAN clients)", null, null, null, null, null, f("%,.0f", DssRunner.AXIS2_MSGS_PER_S));
        return sb.append(two).append('\n').toString();
    }

    private String throughputTable() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "### HTTP throughput: GET /services/ping, %d connections, one request in flight each%n%n"
                + "JMH's `DssThroughputBenchmark.oneInFlight` (one benchmark thread per connection), %s per server; the"
                + " clients share the machine's cores with the server.%n%n", DssThroughputBenchmark.THREADS,
                settings.describe()));
        Estimate rawRate = throughput.get(DssTarget.RAW_NETTY).acrossForks();
        MarkdownTable t = Columns.<Map.Entry<DssTarget, Forks>>of()
                .left("server", e -> e.getKey().label)
                .right("requests/s (95% interval)", e -> Headline.show(e.getValue().estimate(), RERUN))
                .left("forks", e -> e.getValue().modes().describe(1))
                .left("vs raw Netty", e -> e.getKey() == DssTarget.RAW_NETTY ? "-" : vs(e.getValue(), rawRate, false))
                .table(throughput.entrySet());
        t.row("Qiu, Fox & Ho 2006: DSS (two-way, in one machine)", "20,000-25,000");
        t.row("Qiu, Fox & Ho 2006: Apache Axis2", f("%,.0f", DssRunner.AXIS2_MSGS_PER_S));
        sb.append(t).append('\n');
        if (settings.forks() < 2) {
            sb.append("One fork per benchmark: its interval holds that fork's iterations only, not the fork-to-fork modes, so a"
                    + " ratio is a bound (\"at least\"), stated where that interval widened by how far forks vary ("
                    + spread().describe() + "; raw Netty's, another program's fork, by that squared) is still apart from the"
                    + " other's; --full runs 5 forks.\n\n");
        }
        return sb.toString();
    }

    private String oneWayTable() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "### One-way: Replace posted in-process until its notification arrives%n%n"
                + "JMH's `DssNotificationBenchmark`, sampled, %s; percentiles over every fork's samples.%n%n", settings.describe()));
        sb.append(new MarkdownTable("rrrrrr", "mean µs (95% interval)", "p50", "p90", "p99", "p99.9", "max")
                .row(Headline.show(oneWay.estimate(), RERUN), p(50), p(90), p(99), p(99.9), p(100))).append('\n');
        return sb.toString();
    }

    /** Ours against the raw handler, by the one rule ({@link Verdict}): from one fork, a bound where the gap allows one. */
    private String vs(Forks ours, Estimate raw, boolean lowerIsBetter) {
        return Verdict.of(ours.acrossForks(), raw, lowerIsBetter, new Verdict.Context("dss", settings.forks() >= 5, spread())).text();
    }

    /** @return how far this run's forks varied (none measured where each benchmark ran one fork) */
    ForkSpread spread() {
        List<Forks> all = new ArrayList<>(twoWay.values());
        all.addAll(throughput.values());
        all.add(oneWay);
        return ForkSpread.of(all);
    }

    private String p(double percent) {
        return f("%.2f", oneWay.percentiles().getOrDefault(percent, Double.NaN));
    }

    private static String f(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }

    Csv csv() {
        Csv csv = new Csv("experiment", "item", "metric", "value");
        twoWay.forEach((caller, f) -> {
            double mean = f.estimate().value();
            csv.row("two-way", caller.label, "mean_us", mean);
            csv.row("two-way", caller.label, "median_group_us", Estimate.medianOf(iterations(f)));
            csv.row("two-way", caller.label, "msgs_per_s", 1e6 / mean);
        });
        throughput.forEach((target, f) -> csv.row("throughput", target.label, "req_per_s", f.estimate().value()));
        String item = "Replace to notification, in-process";
        csv.row("one-way", item, "mean_us", oneWay.estimate().value());
        csv.row("one-way", item, "p50_us", oneWay.percentiles().getOrDefault(50.0, Double.NaN));
        csv.row("one-way", item, "p99_us", oneWay.percentiles().getOrDefault(99.0, Double.NaN));
        return csv;
    }

    Csv groupsCsv() {
        Csv csv = new Csv("caller", "group", "us_per_message");
        twoWay.forEach((caller, f) -> {
            double[] values = iterations(f);
            for (int g = 0; g < values.length; g++) {
                csv.row(caller.label, g + 1, Csv.num("%.4f", values[g]));
            }
        });
        return csv;
    }

    private static final int BINS = 24;

    /**
     * Writes the histogram of the iterations' times per message (Fig. 13 of Qiu, Fox &amp; Ho 2006 shows
     * the same for DSS 2006's groups): one series per caller, side by side, on a shared log-spaced bin
     * scale over all callers' range.
     */
    void twoWayHistogram(Path file) throws IOException {
        DoubleSummaryStatistics all = twoWay.values().stream().flatMapToDouble(f -> Arrays.stream(iterations(f))).summaryStatistics();
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
            twoWay.forEach((caller, f) -> {
                int[] counts = new int[BINS];
                for (double v : iterations(f)) {
                    counts[Math.max(0, Math.min(BINS - 1, (int) ((Math.log10(v) - logLo) / step)))]++;
                }
                series.put(caller.label, Arrays.stream(counts).boxed().toList());
            });
        }
        Charts.bars("Two-way Get: time per message of each JMH iteration (Qiu, Fox & Ho 2006, Fig. 13: of each group)",
                "µs per message (bin start, log-spaced)", "iterations", 1100, 500, labels, series, file);
    }

    /** Writes the requests per second of each server, beside the papers' and Axis2's. */
    void throughputChart(Path file) throws IOException {
        List<String> names = new ArrayList<>(throughput.keySet().stream().map(t -> t.label).toList());
        List<Double> values = new ArrayList<>(throughput.values().stream().map(f -> f.estimate().value()).toList());
        names.addAll(List.of("Qiu, Fox & Ho 2006: DSS (best)", "Qiu, Fox & Ho 2006: Axis2"));
        values.addAll(List.of(DssRunner.PUBLISHED_MSGS_PER_S_HIGH, DssRunner.AXIS2_MSGS_PER_S));
        Charts.bars("HTTP throughput (requests/s)", "", "requests/s", 900, 450, names, Map.of("requests/s", values), file);
    }
}
