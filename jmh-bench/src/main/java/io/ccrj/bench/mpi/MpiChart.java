package io.ccrj.bench.mpi;

import io.ccrj.bench.runner.Charts;

import io.ccrj.bench.mpi.MpiKernels.CopyModel;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The PNG charts of {@code bin/ccrj mpi}: overhead per stage against ranks (one panel per
 * pattern, both backends and the seeds), latency against ranks, and bandwidth against array size.
 * Logarithmic y axes: ccr-mpi and MPJ Express differ by two orders of magnitude.
 */
final class MpiChart {
    private static final int W = 600;
    private static final int H = 520;
    private static final Color CCR = Charts.colour(0);
    private static final Color MPJ = Charts.colour(1);
    private static final Color SEED = Charts.SEED;
    private static final Color BASE = Charts.colour(2);

    private MpiChart() {
    }

    /** Writes the stage-overhead chart: one panel per pattern. */
    static void stages(MpiReport report, String subtitle, Path file) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        for (RendezvousPattern p : List.of(RendezvousPattern.RENDEZVOUS_SHIFT, RendezvousPattern.RENDEZVOUS_EXCHANGE,
                RendezvousPattern.EXCHANGE_AS_TWO_SHIFTS)) {
            String item = p.seedName();
            List<Integer> ranks = report.figures().stream().filter(f -> f.experiment().equals("stages") && f.item().equals(item))
                    .map(MpiFigure::ranks).distinct().sorted().toList();
            if (ranks.isEmpty()) {
                continue;
            }
            XYChart c = chart(item + " — " + subtitle, "ranks", "µs per stage (log)");
            add(c, "ccr-mpi messaging", ranks, r -> report.value("stages", item, "ccr-mpi", r, 0, "messaging_us"), CCR, false);
            add(c, "ccr-mpi (T(S)-T(1))/S", ranks, r -> report.value("stages", item, "ccr-mpi", r, 0, "overhead_us"),
                    CCR.brighter(), true);
            add(c, "MPJ Express messaging", ranks, r -> report.value("stages", item, "mpj-express", r, 0, "messaging_us"), MPJ, false);
            addSeed(c, "seeds AMD", MpiReport.SEED_AMD.get(item), SEED);
            addSeed(c, "seeds INTEL8", MpiReport.SEED_INTEL8.get(item), SEED.darker());
            panels.add(c);
        }
        write(panels, file);
    }

    /** Writes the latency chart: one panel per operation, both backends against ranks. */
    static void latency(MpiReport report, String subtitle, Path file) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        for (MpiKernels.LatencyOp op : MpiKernels.LatencyOp.values()) {
            List<Integer> ranks = report.figures().stream().filter(f -> f.experiment().equals("latency") && f.item().equals(op.label))
                    .map(MpiFigure::ranks).distinct().sorted().toList();
            if (ranks.isEmpty()) {
                continue;
            }
            XYChart c = chart(op.label + " — " + subtitle, "ranks", "µs per operation (log)");
            add(c, "ccr-mpi", ranks, r -> report.value("latency", op.label, "ccr-mpi", r, 0, "latency_us"), CCR, false);
            add(c, "MPJ Express", ranks, r -> report.value("latency", op.label, "mpj-express", r, 0, "latency_us"), MPJ, false);
            panels.add(c);
        }
        write(panels, file);
    }

    /** Writes the bandwidth chart: GB/s summed over ranks against array size. */
    static void bandwidth(MpiReport report, int ranks, String subtitle, Path file) throws IOException {
        // Eight series: a taller panel leaves room for the legend below the plot.
        XYChart c = chart("Sendrecv bandwidth, " + ranks + " ranks — " + subtitle, "doubles per message (log)",
                "GB/s summed over ranks (log)", H + 160);
        c.getStyler().setXAxisLogarithmic(true);
        List<Long> sizes = report.sizes();
        for (CopyModel m : CopyModel.values()) {
            addSizes(c, "ccr-mpi " + m.label, sizes, s -> report.value("bandwidth", m.label, "ccr-mpi", ranks, s, "GB/s"), CCR,
                    m != CopyModel.OUTSIDE_THREAD);
            addSizes(c, "MPJ " + m.label, sizes, s -> report.value("bandwidth", m.label, "mpj-express", ranks, s, "GB/s"), MPJ,
                    m != CopyModel.OUTSIDE_THREAD);
        }
        addSizes(c, MpiExperiment.ARRAYCOPY_ONE, sizes, s -> report.value("bandwidth", MpiExperiment.ARRAYCOPY_ONE, "java", 1, s, "GB/s"),
                BASE, false);
        addSizes(c, "System.arraycopy, " + ranks + " threads", sizes,
                s -> report.value("bandwidth", MpiExperiment.ARRAYCOPY_ALL, "java", ranks, s, "GB/s"), BASE.darker(), true);
        write(List.of(c), file);
    }

    private static XYChart chart(String title, String x, String y) {
        return chart(title, x, y, H);
    }

    private static XYChart chart(String title, String x, String y, int height) {
        XYChart c = new XYChartBuilder().width(W).height(height).title(title).xAxisTitle(x).yAxisTitle(y).build();
        c.getStyler().setYAxisLogarithmic(true);
        // Vertical legend below the plot: a horizontal one is cut off at the panel's edge when the
        // names are long (the bandwidth chart has eight series).
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        c.getStyler().setChartTitleFont(c.getStyler().getChartTitleFont().deriveFont(12f));
        c.getStyler().setLegendFont(c.getStyler().getLegendFont().deriveFont(10f));
        c.getStyler().setPlotGridLinesVisible(true);
        return c;
    }

    private static void add(XYChart c, String name, List<Integer> xs, IntToDoubleFunction y, Color color, boolean dashed) {
        addSizes(c, name, xs.stream().map(Integer::longValue).toList(), x -> y.applyAsDouble((int) x), color, dashed);
    }

    /** Adds the points with a positive value (an unmeasured figure is NaN or missing). */
    private static void addSizes(XYChart c, String name, List<Long> xs, LongToDoubleFunction y, Color color, boolean dashed) {
        List<Double> px = new ArrayList<>();
        List<Double> py = new ArrayList<>();
        for (long x : xs) {
            double v = y.applyAsDouble(x);
            if (v > 0) {
                px.add((double) x);
                py.add(v);
            }
        }
        series(c, name, px, py, color, dashed);
    }

    private static void addSeed(XYChart c, String name, Map<Integer, Double> seed, Color color) {
        if (seed == null) {
            return;
        }
        List<Integer> xs = seed.keySet().stream().sorted().toList();
        add(c, name, xs, seed::get, color, true);
    }

    private static void series(XYChart c, String name, List<Double> px, List<Double> py, Color color, boolean dashed) {
        if (px.isEmpty() || c.getSeriesMap().containsKey(name)) {
            return;
        }
        XYSeries s = c.addSeries(name, px, py);
        s.setMarker(dashed ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
        s.setLineColor(color);
        s.setMarkerColor(color);
        if (dashed) {
            s.setLineStyle(SeriesLines.DASH_DASH);
        }
    }

    private static void write(List<XYChart> panels, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<XYChart> ps = new ArrayList<>(panels);
        if (ps.isEmpty()) {
            return;
        }
        for (XYChart c : ps) {
            if (c.getSeriesMap().isEmpty()) {
                c.addSeries("no data", new double[] {1}, new double[] {1});
            }
        }
        Charts.tile(ps, ps.size() == 4 ? 2 : Math.min(3, ps.size()), file);
    }
}
