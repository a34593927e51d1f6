package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.Headline;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Charts.Axis;
import io.ccrj.bench.runner.Charts.Series;
import io.ccrj.bench.runner.PublishedFigures;
import java.awt.Color;
import java.util.function.LongFunction;
import org.knowm.xchart.XYChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The figures of {@code bin/ccrj mpi}, as the runners' one {@link Figure} keyed {@code mpi,
 * experiment, item, backend, ranks, size, metric}, and what is made of them:
 * <ul>
 *   <li>experiment: {@code stages}, {@code latency} or {@code bandwidth};</li>
 *   <li>item: what was timed, a {@link RendezvousPattern}, a {@link MpiKernels.LatencyOp}, a
 *   {@link MpiKernels.CopyModel} or a {@link Baseline}; tables, charts and the headline find
 *   figures by it, never by its display text ({@link #label(Enum)});</li>
 *   <li>backend: {@code ccr-mpi}, {@code mpj-express} or {@code java} (the baselines); ranks
 *   (threads, for the baselines); size in doubles (bandwidth), else 0;</li>
 *   <li>metric: {@code overhead_us} (papers' (T(S)-T(1))/S), {@code messaging_us} (per stage
 *   with no computation), {@code latency_us}, {@code op_us} (one bandwidth operation) or
 *   {@code GB/s} (summed over ranks).</li>
 * </ul>
 *
 * <p>Made of them: the tables (Markdown, printed and written), the chart panels (drawn by
 * {@link Charts}: log y axes, as ccr-mpi and MPJ Express differ by two orders of magnitude), the
 * rows of {@code mpi.csv} and the headline (no verdicts are printed; the committed figures are in
 * docs/results.md). Ratios are MPJ Express over ccr-mpi (how many times slower the peer is) and ccr-mpi
 * over System.arraycopy (what share of a plain copy's bandwidth).
 */
final class MpiReport {
    /** The columns of {@code mpi.csv}, one row per figure ({@link #csv}). */
    static final String[] CSV_HEADER = {"experiment", "item", "backend", "ranks", "size", "metric", "value", "used", "taken",
        "foreign_load", "note"};

    /** The same run's baselines measured with nothing of ccr's, items beside the patterns, operations and copy models. */
    enum Baseline {
        /** Two platform threads bouncing one counter: the floor of a one-way hand-off. */
        CORE_TO_CORE("core-to-core hand-off floor (two threads, one shared counter)"),
        /** One thread's System.arraycopy. */
        ARRAYCOPY_ONE("System.arraycopy, 1 thread"),
        /** One System.arraycopy thread per rank, all at once. */
        ARRAYCOPY_ALL("System.arraycopy, every rank's thread at once");

        final String label;

        Baseline(String label) {
            this.label = label;
        }
    }

    /** @return the key of a figure (the parts as in the class comment) */
    static List<Object> key(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        return List.of("mpi", experiment, item, backend, ranks, size, metric);
    }

    /**
     * A figure: {@code value} the median over the undisturbed repetitions, its interval a bootstrap
     * over {@code samples} (the figure of each used repetition, empty if not kept).
     */
    static Figure of(List<Object> key, double value, Figure.Runs runs, double... samples) {
        Estimate ours = Estimate.point(value);
        if (samples.length >= 2 && !Double.isNaN(value)) {
            Estimate e = Estimate.median(samples);
            ours = new Estimate(value, Math.min(value, e.low()), Math.max(value, e.high()));
        }
        String metric = (String) key.get(6);
        String label = label((Enum<?>) key.get(2)) + ", " + key.get(3) + ", " + key.get(4) + " ranks"
                + ((Long) key.get(5) > 0 ? ", " + key.get(5) + " doubles" : "") + ", " + metric;
        return new Figure(key, label, metric.equals("GB/s") ? "GB/s" : "µs", !metric.equals("GB/s"),
                ours, samples, runs, "", null, null, null);
    }

    /** @return a figure that could not be measured: MPJ Express is not installed */
    static Figure missing(List<Object> key) {
        return of(key, Double.NaN, new Figure.Runs(0, 0, Double.NaN)).withNote("not installed");
    }

    private static String experiment(Figure f) {
        return f.key(1, String.class);
    }

    private static Enum<?> item(Figure f) {
        return f.key(2, Enum.class);
    }

    private static int ranks(Figure f) {
        return f.key(4, Integer.class);
    }

    private static long size(Figure f) {
        return f.key(5, Long.class);
    }

    /** @return an item's display text (the CSV's {@code item} column, the tables' first column) */
    private static String label(Enum<?> item) {
        return switch (item) {
            case RendezvousPattern p -> p.paperName();
            case MpiKernels.LatencyOp op -> op.label;
            case MpiKernels.CopyModel m -> m.label;
            case Baseline b -> b.label;
            default -> item.name();
        };
    }

    private final List<Figure> figures;
    private final MpiRunner.Options options;

    MpiReport(List<Figure> figures, MpiRunner.Options options) {
        this.figures = List.copyOf(figures);
        this.options = options;
    }

    List<Figure> figures() {
        return figures;
    }

    /** @return the figure, if measured or marked missing */
    private Optional<Figure> find(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        List<Object> key = key(experiment, item, backend, ranks, size, metric);
        return figures.stream().filter(f -> f.key().equals(key)).findFirst();
    }

    private Estimate estimate(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        return find(experiment, item, backend, ranks, size, metric).map(Figure::ours).orElse(Estimate.point(Double.NaN));
    }

    /** @return the headline figures: ccr-mpi with MPJ Express as the peer, the papers' where they published one */
    List<Figure> headline() {
        List<Figure> out = new ArrayList<>();
        for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE)) {
            for (int ranks : new int[] {2, 4}) {
                String label = p.paperName() + ", per stage, " + ranks + " ranks";
                String publishedId = "rendezvous.amd." + p.name() + "." + ranks;
                measured("stages", p, "ccr-mpi", ranks, 0, "messaging_us").ifPresent(f -> out.add(peer(
                        Figure.of(List.of("mpi", "stages", p, ranks), label, "µs", true, f.ours(), publishedId),
                        "MPJ Express", measured("stages", p, "mpj-express", ranks, 0, "messaging_us"))));
            }
        }
        for (LatencyOp op : List.of(LatencyOp.PING_PONG, LatencyOp.BARRIER, LatencyOp.ALLREDUCE)) {
            int ranks = op == LatencyOp.PING_PONG ? 2 : 8;
            measured("latency", op, "ccr-mpi", ranks, 0, "latency_us").ifPresent(f -> {
                out.add(peer(Figure.of(List.of("mpi", "latency", op, ranks), op.label + ", " + ranks + " ranks", "µs", true,
                        f.ours(), null), "MPJ Express", measured("latency", op, "mpj-express", ranks, 0, "latency_us")));
                measured("latency", Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us").ifPresent(floor -> out.add(Figure.of(
                        List.of("mpi", "latency", op, ranks, "vs-floor"), "  same, against this run's core-to-core hand-off floor",
                        "µs", true, f.ours(), null).withPeer("two threads, one counter", floor.ours())));
            });
        }
        for (LatencyOp op : List.of(LatencyOp.PING_PONG, LatencyOp.BARRIER, LatencyOp.ALLREDUCE)) {
            measured("latency", op, "ccr-mpi", 2, 0, "latency_us").ifPresent(f -> measured("latency", op,
                    MpiExperiment.NATIVE, 2, 0, "latency_us").ifPresent(n -> out.add(Figure.of(
                    List.of("mpi", "latency", op, 2, "vs-native"), op.label + ", 2 ranks, against native MPI (C, shared"
                            + " memory)", "µs", true, f.ours(), null).withPeer("native MPI", n.ours()))));
        }
        int r = options.bandwidthRanks();
        CopyModel outside = CopyModel.OUTSIDE_THREAD;
        measured("bandwidth", outside, "ccr-mpi", r, 100_000, "GB/s").ifPresent(f -> {
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, r, 100_000), "sendrecv 10^5 doubles, summed over " + r
                            + " ranks", "GB/s", false, f.ours(), "bandwidth.amd." + outside.name() + ".100000"),
                    "MPJ Express", measured("bandwidth", outside, "mpj-express", r, 100_000, "GB/s")));
            out.add(peer(Figure.of(List.of("mpi", "bandwidth", outside, r, 100_000, "vs-arraycopy"),
                            "  same, against System.arraycopy on 1 thread", "GB/s", false, f.ours(), null),
                    "System.arraycopy", measured("bandwidth", Baseline.ARRAYCOPY_ONE, "java", 1, 100_000, "GB/s")));
        });
        return out;
    }

    private Optional<Figure> measured(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        return find(experiment, item, backend, ranks, size, metric).filter(Figure::measured);
    }

    private static Figure peer(Figure f, String name, Optional<Figure> peer) {
        return peer.map(p -> f.withPeer(name, p.ours())).orElse(f);
    }

    /** @return the CSV of every figure */
    Csv csv() {
        Csv csv = new Csv(CSV_HEADER);
        figures.forEach(f -> csv.row(experiment(f), label(item(f)), f.key(3, String.class), ranks(f), size(f),
                f.key(6, String.class), f.ours().value(), f.runs().used(), f.runs().taken(),
                Csv.num("%.3f", f.runs().foreignLoad()), f.note()));
        return csv;
    }

    /** @return every table, Markdown */
    String tables() {
        StringBuilder sb = new StringBuilder();
        if (!items("stages").isEmpty()) {
            sb.append(stageTable()).append('\n');
        }
        if (!items("latency").isEmpty()) {
            sb.append(latencyTable()).append('\n');
        }
        if (!items("bandwidth").isEmpty()) {
            sb.append(bandwidthTable()).append('\n').append(publishedTable3()).append('\n');
        }
        return sb.toString();
    }

    /** Qiu et al. 2007, Table 1 layout: overhead per stage by pattern and ranks, both backends and the papers. */
    String stageTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("### Rendezvous patterns: overhead per stage (µs), Qiu et al. 2007, Table 1 method\n\n");
        sb.append(String.format(Locale.ROOT, "(T(S) - T(1)) / S with S = %,d stages of %.0f µs compute; \"messaging\" = the"
                + " same S stages with no compute, per stage. ccr-mpi vs MPJ Express: their messaging figures, a ratio with the"
                + " range their 95%% intervals allow where they are apart, else \"not resolved\".%n%n",
                options.stages(), options.stageMicros()));
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "pattern", "ranks", "ccr-mpi (T(S) method)", "ccr-mpi messaging",
                "MPJ Express (T(S) method)", "MPJ Express messaging", "ccr-mpi vs MPJ Express", "published AMD", "published INTEL8");
        for (Enum<?> item : items("stages")) {
            for (int r : ranks("stages", item)) {
                Estimate ccr = estimate("stages", item, "ccr-mpi", r, 0, "messaging_us");
                Estimate mpj = estimate("stages", item, "mpj-express", r, 0, "messaging_us");
                t.row(label(item), r, cell("stages", item, "ccr-mpi", r, 0, "overhead_us", 3),
                        cell("stages", item, "ccr-mpi", r, 0, "messaging_us", 3),
                        cell("stages", item, "mpj-express", r, 0, "overhead_us", 1),
                        cell("stages", item, "mpj-express", r, 0, "messaging_us", 1),
                        vs(ccr, mpj, true), published("amd", item, r), published("intel8", item, r));
            }
        }
        return sb.append(t).toString();
    }

    /** Latency by operation and ranks, both backends. */
    String latencyTable() {
        StringBuilder sb = new StringBuilder("### Latency (µs per operation; ping-pong: per one-way message)\n\n");
        sb.append("Native MPI: the same operations in C on the machine's MPI (Open MPI, shared memory, one process"
                + " per rank), the floor for MPI latency on one machine.\n\n");
        MarkdownTable t = new MarkdownTable("lrrrrrr", "operation", "ranks", "ccr-mpi", "MPJ Express", "native MPI",
                "ccr-mpi vs MPJ Express", "ccr-mpi vs native MPI");
        for (Enum<?> item : items("latency")) {
            if (item == Baseline.CORE_TO_CORE) {
                continue; // a line of its own below
            }
            for (int r : ranks("latency", item)) {
                t.row(label(item), r, cell("latency", item, "ccr-mpi", r, 0, "latency_us", 3),
                        cell("latency", item, "mpj-express", r, 0, "latency_us", 1),
                        cell("latency", item, MpiExperiment.NATIVE, r, 0, "latency_us", 3),
                        vs(estimate("latency", item, "ccr-mpi", r, 0, "latency_us"),
                                estimate("latency", item, "mpj-express", r, 0, "latency_us"), true),
                        vs(estimate("latency", item, "ccr-mpi", r, 0, "latency_us"),
                                estimate("latency", item, MpiExperiment.NATIVE, r, 0, "latency_us"), true));
            }
        }
        sb.append(t);
        Estimate floor = estimate("latency", Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us");
        if (!Double.isNaN(floor.value())) {
            Estimate ping = estimate("latency", LatencyOp.PING_PONG, "ccr-mpi", 2, 0, "latency_us");
            sb.append(String.format(Locale.ROOT, "%nThe same run's floor for a one-way hand-off between two threads (two"
                            + " platform threads bouncing one counter, nothing of ccr's): %s µs; ccr-mpi's ping-pong against it: %s."
                            + " Where the floor moves between runs, the vCPUs' placement on the host moved.%n",
                    Headline.show(floor, "--full"), Double.isNaN(ping.value()) ? "not measured beside" : vs(ping, floor, true)));
        }
        return sb.toString();
    }

    /** Bandwidth by array size: the three copy models on both backends beside System.arraycopy. */
    String bandwidthTable() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "### Sendrecv bandwidth (GB/s summed over %d ranks, ring shift) beside System.arraycopy%n%n", r));
        sb.append("Copy models of Qiu, Fox & Ho 2006, section 3: inside thread = a new array per message, outside thread = one"
                + " fixed array per rank, stepped = the next place of a 2M-double array per rank. ccr-mpi outside thread"
                + " against one System.arraycopy thread, one System.arraycopy thread per rank at once and MPJ Express outside"
                + " thread: a ratio with the range the 95% intervals allow where they are apart, else \"not resolved\".\n\n");
        MarkdownTable t = new MarkdownTable("rrrrrrrrrrrr", "doubles", "ccr-mpi inside", "ccr-mpi outside", "ccr-mpi stepped",
                "MPJ inside", "MPJ outside", "MPJ stepped", "arraycopy 1 thread", "arraycopy " + r + " threads",
                "ccr vs arraycopy 1", "ccr vs arraycopy " + r, "ccr vs MPJ");
        for (long size : sizes()) {
            List<Object> row = new ArrayList<>(List.of(String.format(Locale.ROOT, "%,d", size)));
            for (String backend : List.of("ccr-mpi", "mpj-express")) {
                for (CopyModel m : CopyModel.values()) {
                    row.add(cell("bandwidth", m, backend, r, size, "GB/s", 2));
                }
            }
            row.add(cell("bandwidth", Baseline.ARRAYCOPY_ONE, "java", 1, size, "GB/s", 2));
            row.add(cell("bandwidth", Baseline.ARRAYCOPY_ALL, "java", r, size, "GB/s", 2));
            Estimate ccr = estimate("bandwidth", CopyModel.OUTSIDE_THREAD, "ccr-mpi", r, size, "GB/s");
            row.add(vs(ccr, estimate("bandwidth", Baseline.ARRAYCOPY_ONE, "java", 1, size, "GB/s"), false));
            row.add(vs(ccr, estimate("bandwidth", Baseline.ARRAYCOPY_ALL, "java", r, size, "GB/s"), false));
            row.add(vs(ccr, estimate("bandwidth", CopyModel.OUTSIDE_THREAD, "mpj-express", r, size, "GB/s"), false));
            t.row(row.toArray());
        }
        return sb.append(t).toString();
    }

    /** Qiu, Fox &amp; Ho 2006, Table 3 beside ours at 10^5 ("small") and 10^6 ("large") doubles. */
    String publishedTable3() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder("### Qiu, Fox & Ho 2006, Table 3 beside ours (GB/s summed over ranks; small = 10^5,"
                + " large = 10^6 doubles)\n\n");
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "copy model", "published AMD small", "published AMD large", "published INTEL small",
                "published INTEL large", "ccr-mpi small", "ccr-mpi large", "MPJ small", "MPJ large");
        for (CopyModel m : CopyModel.values()) {
            List<Object> row = new ArrayList<>(List.of(m.label));
            for (String machine : List.of("amd", "intel")) {
                for (int size : new int[] {100_000, 1_000_000}) {
                    row.add(String.format(Locale.ROOT, "%.2f",
                            PublishedFigures.require("bandwidth." + machine + "." + m.name() + "." + size).value()));
                }
            }
            for (String backend : List.of("ccr-mpi", "mpj-express")) {
                row.add(cell("bandwidth", m, backend, r, 100_000, "GB/s", 2));
                row.add(cell("bandwidth", m, backend, r, 1_000_000, "GB/s", 2));
            }
            t.row(row.toArray());
        }
        sb.append(t).append("\nThe papers used 4 cores (4 ranks) and C# port messages; ours are measured with ")
                .append(r).append(" ranks.\n");
        return sb.toString();
    }

    private String cell(String experiment, Enum<?> item, String backend, int ranks, long size, String metric, int digits) {
        Optional<Figure> f = find(experiment, item, backend, ranks, size, metric);
        if (f.isEmpty()) {
            return "";
        }
        if (!f.get().measured()) {
            return f.get().note();
        }
        // As the headline: no negative overhead as a figure, no figure whose interval reaches zero or spans more than 3x.
        Estimate e = f.get().ours();
        String v = e.value() < 0 ? "below resolution" : e.hasInterval() && !e.resolved() ? "not resolved"
                : String.format(Locale.ROOT, "%." + digits + "f", e.value());
        return f.get().runs().disturbed() ? v + "*" : v;
    }

    /** @return how ours compares with the other ({@link Headline#compare}), or empty where either is missing */
    private static String vs(Estimate ours, Estimate other, boolean lowerIsBetter) {
        return Double.isNaN(ours.value()) || Double.isNaN(other.value()) ? "" : Headline.compare(ours, other, lowerIsBetter);
    }

    /** @return the overhead per stage in Qiu et al. 2007, Table 1, of a pattern on {@code machine} ({@code amd} or {@code intel8}), or "-" */
    private static String published(String machine, Enum<?> pattern, int ranks) {
        double v = PublishedFigures.value("rendezvous." + machine + "." + pattern.name() + "." + ranks);
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    /** @return the items of an experiment, in the order they were measured */
    private List<Enum<?>> items(String experiment) {
        return figures.stream().filter(f -> experiment(f).equals(experiment)).<Enum<?>>map(MpiReport::item).distinct().toList();
    }

    private List<Integer> ranks(String experiment, Enum<?> item) {
        return figures.stream().filter(f -> experiment(f).equals(experiment) && item(f) == item)
                .map(MpiReport::ranks).distinct().sorted().toList();
    }

    private List<Long> sizes() {
        return figures.stream().filter(f -> experiment(f).equals("bandwidth")).map(MpiReport::size).distinct().sorted().toList();
    }

    private static final int W = 600;
    private static final int H = 520;
    private static final Color CCR = Charts.colour(0);
    private static final Color MPJ = Charts.colour(1);

    /** @return overhead per stage against ranks, one panel per pattern: both backends and the papers */
    List<XYChart> stagePanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (Enum<?> p : items("stages")) {
            List<Integer> rs = ranks("stages", p);
            panels.add(Charts.panel(label(p) + " — " + subtitle, "ranks", "µs per stage (log; bars: 95% interval)", W, H,
                    false, Axis.LOG, List.of(
                    line("ccr-mpi messaging", CCR, false, rs, r -> find("stages", p, "ccr-mpi", (int) r, 0, "messaging_us")),
                    line("ccr-mpi (T(S)-T(1))/S", CCR.brighter(), true, rs,
                            r -> find("stages", p, "ccr-mpi", (int) r, 0, "overhead_us")),
                    line("MPJ Express messaging", MPJ, false, rs,
                            r -> find("stages", p, "mpj-express", (int) r, 0, "messaging_us")),
                    publishedLine("published AMD", "amd", p, Charts.PUBLISHED), publishedLine("published INTEL8", "intel8", p, Charts.PUBLISHED.darker()))));
        }
        return panels;
    }

    /** @return latency against ranks, one panel per operation: both backends and native MPI */
    List<XYChart> latencyPanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (LatencyOp op : LatencyOp.values()) {
            List<Integer> rs = ranks("latency", op);
            if (!rs.isEmpty()) {
                panels.add(Charts.panel(op.label + " — " + subtitle, "ranks", "µs per operation (log; bars: 95% interval)", W, H,
                        false, Axis.LOG, List.of(
                        line("ccr-mpi", CCR, false, rs, r -> find("latency", op, "ccr-mpi", (int) r, 0, "latency_us")),
                        line("MPJ Express", MPJ, false, rs, r -> find("latency", op, "mpj-express", (int) r, 0, "latency_us")),
                        line("native MPI (C)", Charts.colour(2), true, rs,
                                r -> find("latency", op, MpiExperiment.NATIVE, (int) r, 0, "latency_us")))));
            }
        }
        return panels;
    }

    /**
     * @return GB/s summed over ranks against array size: the copy models on both backends beside
     *     System.arraycopy (no panel where bandwidth was not measured)
     */
    List<XYChart> bandwidthPanels(String subtitle) {
        int r = options.bandwidthRanks();
        List<Long> sizes = sizes();
        if (sizes.isEmpty()) {
            return List.of();
        }
        List<Series> series = new ArrayList<>();
        for (CopyModel m : CopyModel.values()) {
            boolean dashed = m != CopyModel.OUTSIDE_THREAD;
            series.add(line("ccr-mpi " + m.label, CCR, dashed, sizes, s -> find("bandwidth", m, "ccr-mpi", r, s, "GB/s")));
            series.add(line("MPJ " + m.label, MPJ, dashed, sizes, s -> find("bandwidth", m, "mpj-express", r, s, "GB/s")));
        }
        Color base = Charts.colour(2);
        series.add(line(Baseline.ARRAYCOPY_ONE.label, base, false, sizes,
                s -> find("bandwidth", Baseline.ARRAYCOPY_ONE, "java", 1, s, "GB/s")));
        series.add(line("System.arraycopy, " + r + " threads", base.darker(), true, sizes,
                s -> find("bandwidth", Baseline.ARRAYCOPY_ALL, "java", r, s, "GB/s")));
        // Eight series and more: a taller panel leaves room for the legend below the plot.
        return List.of(Charts.panel("Sendrecv bandwidth, " + r + " ranks — " + subtitle, "doubles per message (log)",
                "GB/s summed over ranks (log)", W, H + 160, true, Axis.LOG, series));
    }

    private static Series line(String name, Color colour, boolean dashed, List<? extends Number> xs,
                               LongFunction<Optional<Figure>> at) {
        Series s = new Series(name, colour, dashed);
        for (Number x : xs) {
            at.apply(x.longValue()).filter(Figure::measured).map(Figure::ours)
                    .ifPresent(e -> s.add(x.doubleValue(), e.value(), e.low(), e.high()));
        }
        return s;
    }

    /** @return the line of Qiu et al. 2007, Table 1, for a pattern: the rank counts (up to 16) it published a figure for */
    private static Series publishedLine(String name, String machine, Enum<?> pattern, Color colour) {
        return new Series(name, colour, true).addAll(IntStream.rangeClosed(1, 16).boxed().toList(),
                r -> PublishedFigures.value("rendezvous." + machine + "." + pattern.name() + "." + (int) r));
    }
}
