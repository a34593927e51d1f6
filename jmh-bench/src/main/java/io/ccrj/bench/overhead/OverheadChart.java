package io.ccrj.bench.overhead;

import io.ccrj.bench.overhead.SeedFigures.Cell;
import io.ccrj.bench.overhead.SeedFigures.Machine;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import io.ccrj.bench.runner.Charts;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A PNG of overhead per stage against the number of parallel computations: one panel per pattern,
 * ccrj's match and default lines with each cell's noise band as a bar, beside the seeds' AMD figures
 * (dashed). The y axis is symmetric-log ({@link Charts#symlog(double)}): negative overheads, which
 * are noise, are drawn below zero where they lie, not clamped to a floor.
 */
public final class OverheadChart {
    private static final int PANEL_W = 560;
    private static final int PANEL_H = 460;

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
    public static void write(OverheadReport report, List<SpawnedPattern> patterns, List<Integer> ways, List<ThreadMode> modes,
                             String subtitle, Path file) throws IOException {
        List<XYChart> panels = new ArrayList<>();
        for (SpawnedPattern p : patterns) {
            panels.add(panel(report, p, ways, modes, subtitle));
        }
        Charts.tile(panels, panels.size() <= 3 ? Math.max(1, panels.size()) : 2, file);
    }

    static XYChart panel(OverheadReport report, SpawnedPattern p, List<Integer> ways, List<ThreadMode> modes, String subtitle) {
        XYChart chart = new XYChartBuilder().width(PANEL_W).height(PANEL_H)
                .title(p.seedName() + " — " + subtitle)
                .xAxisTitle("parallel computations (ways)")
                .yAxisTitle("overhead per stage (µs, symmetric log; bars: noise band)").build();
        XYStyler st = chart.getStyler();
        Charts.legendBelow(st);
        Charts.symlogYAxis(st);
        st.setChartTitleFont(st.getChartTitleFont().deriveFont(13f));
        st.setPlotGridLinesVisible(true);
        for (ThreadMode m : modes) {
            Color c = Charts.colour(m.ordinal());
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            List<double[]> bands = new ArrayList<>();
            for (int w : ways) {
                Optional<CellTiming> o = report.find(p, m, w);
                if (o.isPresent()) {
                    xs.add((double) w);
                    ys.add(Charts.symlog(o.get().overheadMicros()));
                    bands.add(o.get().overheadRangeMicros());
                }
            }
            if (!xs.isEmpty()) {
                XYSeries s = chart.addSeries("ccrj " + m.id(), xs, ys);
                s.setMarker(SeriesMarkers.CIRCLE);
                s.setLineColor(c);
                s.setMarkerColor(c);
                for (int i = 0; i < xs.size(); i++) {
                    Charts.bar(chart, xs.get(i), Charts.symlog(bands.get(i)[0]), Charts.symlog(bands.get(i)[1]), c);
                }
            }
            List<Double> sx = new ArrayList<>();
            List<Double> sy = new ArrayList<>();
            for (int w : SeedFigures.WAYS) {
                Cell cell = SeedFigures.overhead(Machine.AMD, p, m, w);
                if (cell.hasValue()) {
                    sx.add((double) w);
                    sy.add(Charts.symlog(cell.value()));
                }
            }
            if (!sx.isEmpty()) {
                XYSeries s = chart.addSeries("seed AMD " + m.id(), sx, sy);
                s.setMarker(SeriesMarkers.DIAMOND);
                s.setLineStyle(SeriesLines.DASH_DASH);
                s.setLineColor(c);
                s.setMarkerColor(c);
            }
        }
        if (chart.getSeriesMap().isEmpty()) {
            chart.addSeries("no data", new double[] {1}, new double[] {0});
        }
        return chart;
    }
}
