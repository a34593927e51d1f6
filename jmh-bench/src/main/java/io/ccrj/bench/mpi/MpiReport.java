package io.ccrj.bench.mpi;

import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import io.ccrj.bench.runner.Charts;
import io.ccrj.bench.runner.Csv;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.MarkdownTable;
import io.ccrj.bench.runner.Charts.Axis;
import io.ccrj.bench.runner.Charts.Series;
import io.ccrj.bench.runner.Seeds;
import java.awt.Color;
import java.util.function.LongFunction;
import org.knowm.xchart.XYChart;
import java.util.HashMap;
import java.util.TreeMap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tables of {@code bin/ccrj mpi} (Markdown, printed and written), its chart panels (drawn by
 * {@link Charts}: log y axes, as ccr-mpi and MPJ Express differ by two orders of magnitude) and its CSV (the project's
 * targets are in docs/results.md, not printed). Ratios are MPJ Express over ccr-mpi (how many times
 * slower the peer is) and ccr-mpi over System.arraycopy (what share of a plain copy's bandwidth).
 */
final class MpiReport {
    /** Seed 001 Table 1 (from {@link Seeds}): stage overhead (µs) by parallel computations; AMD at 2,3,4, INTEL8 at 2,3,4,7,8. */
    static final Map<RendezvousPattern, Map<Integer, Double>> SEED_AMD = rendezvousSeeds("amd");
    static final Map<RendezvousPattern, Map<Integer, Double>> SEED_INTEL8 = rendezvousSeeds("intel8");

    /** Seed 000 Table 3 from {@link Seeds} (GB/s summed over 4 cores): {small 10^5, large 10^6} by copy model. */
    static final Map<CopyModel, double[]> SEED_TABLE3_AMD = table3Seeds("amd");
    static final Map<CopyModel, double[]> SEED_TABLE3_INTEL = table3Seeds("intel");

    private static Map<RendezvousPattern, Map<Integer, Double>> rendezvousSeeds(String machine) {
        Map<RendezvousPattern, Map<Integer, Double>> out = new HashMap<>();
        for (RendezvousPattern p : RendezvousPattern.values()) {
            Map<Integer, Double> row = new TreeMap<>();
            for (int ranks = 1; ranks <= 16; ranks++) {
                double v = Seeds.value("rendezvous." + machine + "." + p.name() + "." + ranks);
                if (!Double.isNaN(v)) {
                    row.put(ranks, v);
                }
            }
            if (!row.isEmpty()) {
                out.put(p, row);
            }
        }
        return Map.copyOf(out);
    }

    private static Map<CopyModel, double[]> table3Seeds(String machine) {
        Map<CopyModel, double[]> out = new HashMap<>();
        for (CopyModel m : CopyModel.values()) {
            out.put(m, new double[] {Seeds.require("bandwidth." + machine + "." + m.name() + ".100000").value(),
                    Seeds.require("bandwidth." + machine + "." + m.name() + ".1000000").value()});
        }
        return Map.copyOf(out);
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
    Optional<Figure> find(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        List<Object> key = MpiFigures.key(experiment, item, backend, ranks, size, metric);
        return figures.stream().filter(f -> f.key().equals(key)).findFirst();
    }

    double value(String experiment, Enum<?> item, String backend, int ranks, long size, String metric) {
        return find(experiment, item, backend, ranks, size, metric).map(f -> f.ours().value()).orElse(Double.NaN);
    }

    /** @return the CSV of every figure */
    Csv csv() {
        Csv csv = new Csv(MpiFigures.CSV_HEADER);
        figures.forEach(f -> MpiFigures.row(f, csv));
        return csv;
    }

    private boolean has(String experiment) {
        return figures.stream().anyMatch(f -> MpiFigures.experiment(f).equals(experiment));
    }

    /** @return every table, Markdown */
    String tables() {
        StringBuilder sb = new StringBuilder();
        if (has("stages")) {
            sb.append(stageTable()).append('\n');
        }
        if (has("latency")) {
            sb.append(latencyTable()).append('\n');
        }
        if (has("bandwidth")) {
            sb.append(bandwidthTable()).append('\n').append(seedTable3()).append('\n');
        }
        return sb.toString();
    }

    /** Seed 001 Table 1 layout: overhead per stage by pattern and ranks, both backends and the seeds. */
    String stageTable() {
        StringBuilder sb = new StringBuilder();
        sb.append("### Rendezvous patterns: overhead per stage (µs), seed 001 Table 1 method\n\n");
        sb.append(String.format(Locale.ROOT, "(T(S) - T(1)) / S with S = %,d stages of %.0f µs compute; \"messaging\" = the"
                + " same S stages with no compute, per stage. Ratio = MPJ Express / ccr-mpi, messaging.%n%n",
                options.stages(), options.stageMicros()));
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "pattern", "ranks", "ccr-mpi (T(S) method)", "ccr-mpi messaging",
                "MPJ Express (T(S) method)", "MPJ Express messaging", "ratio", "seeds AMD", "seeds INTEL8");
        for (Enum<?> item : items("stages")) {
            for (int r : ranks("stages", item)) {
                double ccr = value("stages", item, "ccr-mpi", r, 0, "messaging_us");
                double mpj = value("stages", item, "mpj-express", r, 0, "messaging_us");
                t.row(MpiFigures.label(item), r, cell("stages", item, "ccr-mpi", r, 0, "overhead_us", 3),
                        cell("stages", item, "ccr-mpi", r, 0, "messaging_us", 3),
                        cell("stages", item, "mpj-express", r, 0, "overhead_us", 1),
                        cell("stages", item, "mpj-express", r, 0, "messaging_us", 1),
                        ratio(mpj, ccr), seed(SEED_AMD, item, r), seed(SEED_INTEL8, item, r));
            }
        }
        return sb.append(t).toString();
    }

    /** Latency by operation and ranks, both backends. */
    String latencyTable() {
        StringBuilder sb = new StringBuilder("### Latency (µs per operation; ping-pong: per one-way message)\n\n");
        MarkdownTable t = new MarkdownTable("lrrrr", "operation", "ranks", "ccr-mpi", "MPJ Express", "ratio");
        for (Enum<?> item : items("latency")) {
            if (item == MpiFigures.Baseline.CORE_TO_CORE) {
                continue; // a line of its own below
            }
            for (int r : ranks("latency", item)) {
                t.row(MpiFigures.label(item), r, cell("latency", item, "ccr-mpi", r, 0, "latency_us", 3),
                        cell("latency", item, "mpj-express", r, 0, "latency_us", 1),
                        ratio(value("latency", item, "mpj-express", r, 0, "latency_us"),
                                value("latency", item, "ccr-mpi", r, 0, "latency_us")));
            }
        }
        sb.append(t);
        double floor = value("latency", MpiFigures.Baseline.CORE_TO_CORE, "java", 2, 0, "latency_us");
        if (!Double.isNaN(floor)) {
            double ping = value("latency", LatencyOp.PING_PONG, "ccr-mpi", 2, 0, "latency_us");
            sb.append(String.format(Locale.ROOT, "%nThe same run's floor for a one-way hand-off between two threads (two"
                            + " platform threads bouncing one counter, nothing of ccr's): %.3f µs; ccr-mpi's ping-pong is %s"
                            + " that. Where the floor moves between runs, the vCPUs' placement on the host moved.%n",
                    floor, Double.isNaN(ping) ? "not measured beside" : String.format(Locale.ROOT, "%.2fx", ping / floor)));
        }
        return sb.toString();
    }

    /** Bandwidth by array size: the three copy models on both backends beside System.arraycopy. */
    String bandwidthTable() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "### Sendrecv bandwidth (GB/s summed over %d ranks, ring shift) beside System.arraycopy%n%n", r));
        sb.append("Copy models of seed 000 section 3: inside thread = a new array per message, outside thread = one"
                + " fixed array per rank, stepped = the next place of a 2M-double array per rank. Ratios: ccr-mpi"
                + " outside thread / one System.arraycopy thread, and / one System.arraycopy thread per rank at once.\n\n");
        MarkdownTable t = new MarkdownTable("rrrrrrrrrrrr", "doubles", "ccr-mpi inside", "ccr-mpi outside", "ccr-mpi stepped",
                "MPJ inside", "MPJ outside", "MPJ stepped", "arraycopy 1 thread", "arraycopy " + r + " threads",
                "ccr / arraycopy 1", "ccr / arraycopy " + r, "ccr / MPJ");
        for (long size : sizes()) {
            double ccr = value("bandwidth", CopyModel.OUTSIDE_THREAD, "ccr-mpi", r, size, "GB/s");
            double mpj = value("bandwidth", CopyModel.OUTSIDE_THREAD, "mpj-express", r, size, "GB/s");
            double one = value("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ONE, "java", 1, size, "GB/s");
            double all = value("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ALL, "java", r, size, "GB/s");
            t.row(String.format(Locale.ROOT, "%,d", size),
                    cell("bandwidth", CopyModel.INSIDE_THREAD, "ccr-mpi", r, size, "GB/s", 2),
                    cell("bandwidth", CopyModel.OUTSIDE_THREAD, "ccr-mpi", r, size, "GB/s", 2),
                    cell("bandwidth", CopyModel.STEPPED_ARRAY, "ccr-mpi", r, size, "GB/s", 2),
                    cell("bandwidth", CopyModel.INSIDE_THREAD, "mpj-express", r, size, "GB/s", 2),
                    cell("bandwidth", CopyModel.OUTSIDE_THREAD, "mpj-express", r, size, "GB/s", 2),
                    cell("bandwidth", CopyModel.STEPPED_ARRAY, "mpj-express", r, size, "GB/s", 2),
                    cell("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ONE, "java", 1, size, "GB/s", 2),
                    cell("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ALL, "java", r, size, "GB/s", 2),
                    share(ccr, one), share(ccr, all), share(ccr, mpj));
        }
        return sb.append(t).toString();
    }

    /** Seed 000 Table 3 beside ours at 10^5 ("small") and 10^6 ("large") doubles. */
    String seedTable3() {
        int r = options.bandwidthRanks();
        StringBuilder sb = new StringBuilder("### Seed 000 Table 3 beside ours (GB/s summed over ranks; small = 10^5,"
                + " large = 10^6 doubles)\n\n");
        MarkdownTable t = new MarkdownTable("lrrrrrrrr", "copy model", "seeds AMD small", "seeds AMD large", "seeds INTEL small",
                "seeds INTEL large", "ccr-mpi small", "ccr-mpi large", "MPJ small", "MPJ large");
        for (CopyModel m : CopyModel.values()) {
            double[] amd = SEED_TABLE3_AMD.get(m);
            double[] intel = SEED_TABLE3_INTEL.get(m);
            t.row(m.label, two(amd[0]), two(amd[1]), two(intel[0]), two(intel[1]),
                    cell("bandwidth", m, "ccr-mpi", r, 100_000, "GB/s", 2),
                    cell("bandwidth", m, "ccr-mpi", r, 1_000_000, "GB/s", 2),
                    cell("bandwidth", m, "mpj-express", r, 100_000, "GB/s", 2),
                    cell("bandwidth", m, "mpj-express", r, 1_000_000, "GB/s", 2));
        }
        sb.append(t).append("\nThe seeds used 4 cores (4 ranks) and C# port messages; ours are measured with ")
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
        String v = String.format(Locale.ROOT, "%." + digits + "f", f.get().ours().value());
        return f.get().runs().disturbed() ? v + "*" : v;
    }

    private static String two(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratio(double peer, double ours) {
        return Double.isNaN(peer) || Double.isNaN(ours) || ours <= 0 ? "" : String.format(Locale.ROOT, "%.0fx", peer / ours);
    }

    private static String share(double ours, double base) {
        return Double.isNaN(ours) || Double.isNaN(base) || base <= 0 ? "" : String.format(Locale.ROOT, "%.2fx", ours / base);
    }

    private static String seed(Map<RendezvousPattern, Map<Integer, Double>> seeds, Enum<?> item, int ranks) {
        Map<Integer, Double> row = seeds.get(item);
        Double v = row == null ? null : row.get(ranks);
        return v == null ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    private List<Enum<?>> items(String experiment) {
        Set<Enum<?>> out = new LinkedHashSet<>();
        figures.stream().filter(f -> MpiFigures.experiment(f).equals(experiment)).forEach(f -> out.add(MpiFigures.item(f)));
        return List.copyOf(out);
    }

    private List<Integer> ranks(String experiment, Enum<?> item) {
        return figures.stream().filter(f -> MpiFigures.experiment(f).equals(experiment) && MpiFigures.item(f) == item)
                .map(MpiFigures::ranks).distinct().sorted().toList();
    }

    List<Long> sizes() {
        return figures.stream().filter(f -> MpiFigures.experiment(f).equals("bandwidth")).map(MpiFigures::size).distinct().sorted().toList();
    }

    private static final int W = 600;
    private static final int H = 520;
    private static final Color CCR = Charts.colour(0);
    private static final Color MPJ = Charts.colour(1);

    /** @return overhead per stage against ranks, one panel per pattern: both backends and the seeds */
    List<XYChart> stagePanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE,
                RendezvousPattern.EXCHANGE_AS_TWO_SHIFTS)) {
            List<Integer> rs = ranks("stages", p);
            if (!rs.isEmpty()) {
                panels.add(Charts.panel(p.seedName() + " — " + subtitle, "ranks", "µs per stage (log; bars: 95% interval)", W, H, false,
                        Axis.LOG, List.of(
                        line("ccr-mpi messaging", CCR, false, rs, r -> find("stages", p, "ccr-mpi", (int) r, 0, "messaging_us")),
                        line("ccr-mpi (T(S)-T(1))/S", CCR.brighter(), true, rs,
                                r -> find("stages", p, "ccr-mpi", (int) r, 0, "overhead_us")),
                        line("MPJ Express messaging", MPJ, false, rs,
                                r -> find("stages", p, "mpj-express", (int) r, 0, "messaging_us")),
                        seedLine("seeds AMD", SEED_AMD.get(p), Charts.SEED),
                        seedLine("seeds INTEL8", SEED_INTEL8.get(p), Charts.SEED.darker()))));
            }
        }
        return panels;
    }

    /** @return latency against ranks, one panel per operation, both backends */
    List<XYChart> latencyPanels(String subtitle) {
        List<XYChart> panels = new ArrayList<>();
        for (LatencyOp op : LatencyOp.values()) {
            List<Integer> rs = ranks("latency", op);
            if (!rs.isEmpty()) {
                panels.add(Charts.panel(op.label + " — " + subtitle, "ranks", "µs per operation (log; bars: 95% interval)", W, H,
                        false, Axis.LOG, List.of(
                        line("ccr-mpi", CCR, false, rs, r -> find("latency", op, "ccr-mpi", (int) r, 0, "latency_us")),
                        line("MPJ Express", MPJ, false, rs, r -> find("latency", op, "mpj-express", (int) r, 0, "latency_us")))));
            }
        }
        return panels;
    }

    /** @return GB/s summed over ranks against array size: the copy models on both backends beside System.arraycopy */
    List<XYChart> bandwidthPanels(String subtitle) {
        int r = options.bandwidthRanks();
        List<Long> sizes = sizes();
        List<Series> series = new ArrayList<>();
        for (CopyModel m : CopyModel.values()) {
            boolean dashed = m != CopyModel.OUTSIDE_THREAD;
            series.add(line("ccr-mpi " + m.label, CCR, dashed, sizes, s -> find("bandwidth", m, "ccr-mpi", r, s, "GB/s")));
            series.add(line("MPJ " + m.label, MPJ, dashed, sizes, s -> find("bandwidth", m, "mpj-express", r, s, "GB/s")));
        }
        Color base = Charts.colour(2);
        series.add(line(MpiFigures.Baseline.ARRAYCOPY_ONE.label, base, false, sizes,
                s -> find("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ONE, "java", 1, s, "GB/s")));
        series.add(line("System.arraycopy, " + r + " threads", base.darker(), true, sizes,
                s -> find("bandwidth", MpiFigures.Baseline.ARRAYCOPY_ALL, "java", r, s, "GB/s")));
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

    private static Series seedLine(String name, Map<Integer, Double> seed, Color colour) {
        Series s = new Series(name, colour, true);
        if (seed != null) {
            new TreeMap<>(seed).forEach(s::add);
        }
        return s;
    }
}
