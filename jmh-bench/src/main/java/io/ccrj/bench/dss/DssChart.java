package io.ccrj.bench.dss;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The charts of {@code bin/ccrj dss}: the histogram of the groups' times per message (the seeds'
 * Fig. 13 shows the same for DSS 2006), one series per caller on a shared logarithmic bin scale,
 * and the throughput of each server under the same load.
 */
final class DssChart {
    private static final int BINS = 24;

    private DssChart() {
    }

    /** Histogram of the group means, bins evenly spaced in log(µs) over all callers' range. */
    static void twoWayHistogram(DssReport report, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (double[] g : report.groups().values()) {
            for (double v : g) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        CategoryChart c = new CategoryChartBuilder().width(1100).height(500)
                .title("Two-way Get: time per message of each group (seed 000 Fig. 13)")
                .xAxisTitle("µs per message (bin start, log-spaced)").yAxisTitle("groups").build();
        c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        c.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
        c.getStyler().setOverlapped(false);
        c.getStyler().setXAxisLabelRotation(60);
        if (report.groups().isEmpty() || !(hi > 0)) {
            c.addSeries("no data", List.of("-"), List.of(0));
        } else {
            double logLo = Math.log10(lo * 0.999);
            double logHi = Math.log10(hi * 1.001);
            double step = Math.max(1e-9, (logHi - logLo) / BINS);
            List<String> labels = new ArrayList<>();
            for (int b = 0; b < BINS; b++) {
                double start = Math.pow(10, logLo + b * step);
                labels.add(start < 10 ? String.format(java.util.Locale.ROOT, "%.2f", start)
                        : String.format(java.util.Locale.ROOT, "%.0f", start));
            }
            for (Map.Entry<String, double[]> e : report.groups().entrySet()) {
                int[] counts = new int[BINS];
                for (double v : e.getValue()) {
                    int b = (int) ((Math.log10(v) - logLo) / step);
                    counts[Math.max(0, Math.min(BINS - 1, b))]++;
                }
                // Side by side, each in its own colour-blind-safe colour: overlapped bars hid each other.
                c.addSeries(e.getKey(), labels, Arrays.stream(counts).boxed().toList())
                        .setFillColor(io.ccrj.bench.runner.Charts.colour(c.getSeriesMap().size()));
            }
        }
        BitmapEncoder.saveBitmap(c, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** Requests per second of each server under the same load, beside the seeds' and Axis2's. */
    static void throughput(DssReport report, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart c = new CategoryChartBuilder().width(900).height(450)
                .title("HTTP throughput, same load generator (requests/s)").xAxisTitle("").yAxisTitle("requests/s").build();
        c.getStyler().setLegendVisible(false);
        c.getStyler().setSeriesColors(new java.awt.Color[] {io.ccrj.bench.runner.Charts.colour(0)});
        List<String> names = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        report.throughput().forEach((k, v) -> {
            names.add(k);
            values.add(v.throughput());
        });
        names.add("seeds: DSS 2006 (best)");
        values.add(DssRunner.SEED_MSGS_PER_S_HIGH);
        names.add("seeds: Axis2");
        values.add(DssRunner.AXIS2_MSGS_PER_S);
        c.addSeries("requests/s", names, values);
        BitmapEncoder.saveBitmap(c, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
