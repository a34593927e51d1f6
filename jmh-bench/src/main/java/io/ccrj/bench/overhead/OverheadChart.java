package io.ccrj.bench.overhead;

import io.ccrj.bench.overhead.SeedFigures.Cell;
import io.ccrj.bench.overhead.SeedFigures.Machine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A PNG of overhead per stage against the number of parallel computations: one panel per pattern,
 * ccrj's match and default lines beside the seeds' AMD figures (dashed), logarithmic y axis.
 */
public final class OverheadChart {
    /** Overheads at or below this (noise can make them zero or negative) are drawn here on the log axis. */
    static final double FLOOR_MICROS = 0.005;
    private static final int PANEL_W = 560;
    private static final int PANEL_H = 420;

    private OverheadChart() {
    }

    /**
     * Writes the chart.
     *
     * @param report the measurements
     * @param patterns one panel each
     * @param ways the x values
     * @param modes match and/or default
     * @param subtitle e.g. the stage count and machine
     * @param file the PNG to write
     * @throws IOException if it cannot be written
     */
    public static void write(OverheadReport report, List<Pattern> patterns, List<Integer> ways, List<ThreadMode> modes,
                             String subtitle, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<BufferedImage> panels = new ArrayList<>();
        for (Pattern p : patterns) {
            panels.add(BitmapEncoder.getBufferedImage(panel(report, p, ways, modes, subtitle)));
        }
        int cols = panels.size() <= 3 ? panels.size() : 2;
        int rows = (panels.size() + cols - 1) / cols;
        BufferedImage all = new BufferedImage(cols * PANEL_W, rows * PANEL_H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = all.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, all.getWidth(), all.getHeight());
        for (int i = 0; i < panels.size(); i++) {
            g.drawImage(panels.get(i), (i % cols) * PANEL_W, (i / cols) * PANEL_H, null);
        }
        g.dispose();
        ImageIO.write(all, "png", file.toFile());
    }

    static XYChart panel(OverheadReport report, Pattern p, List<Integer> ways, List<ThreadMode> modes, String subtitle) {
        XYChart chart = new XYChartBuilder().width(PANEL_W).height(PANEL_H)
                .title(p.seedName() + " — " + subtitle)
                .xAxisTitle("parallel computations (ways)")
                .yAxisTitle("overhead per stage (µs, log; <= " + FLOOR_MICROS + " drawn at " + FLOOR_MICROS + ")").build();
        XYStyler st = chart.getStyler();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(13f));
        chart.getStyler().setPlotGridLinesVisible(true);
        st.setYAxisMin(FLOOR_MICROS / 2);
        st.setYAxisMax(100.0);
        Color[] colors = {new Color(0x1f77b4), new Color(0xd62728)};
        for (ThreadMode m : modes) {
            Color c = colors[m.ordinal() % colors.length];
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int w : ways) {
                Optional<Measurement> o = report.find(p, m, w);
                if (o.isPresent()) {
                    xs.add((double) w);
                    ys.add(Math.max(FLOOR_MICROS, o.get().overheadMicros()));
                }
            }
            if (!xs.isEmpty()) {
                XYSeries s = chart.addSeries("ccrj " + m.id(), xs, ys);
                s.setMarker(SeriesMarkers.CIRCLE);
                s.setLineColor(c);
                s.setMarkerColor(c);
            }
            List<Double> sx = new ArrayList<>();
            List<Double> sy = new ArrayList<>();
            for (int w : SeedFigures.WAYS) {
                Cell cell = SeedFigures.overhead(Machine.AMD, p, m, w);
                if (cell.hasValue()) {
                    sx.add((double) w);
                    sy.add(cell.value());
                }
            }
            if (!sx.isEmpty()) {
                XYSeries s = chart.addSeries("seed AMD " + m.id(), sx, sy);
                s.setMarker(SeriesMarkers.DIAMOND);
                s.setLineStyle(SeriesLines.DASH_DASH);
                s.setLineColor(c.brighter());
                s.setMarkerColor(c.brighter());
            }
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no data", new double[] {1}, new double[] {FLOOR_MICROS});
        }
        return chart;
    }
}
