package io.ccrj.bench.runner;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The one chart writer of every section: {@link Series} of points with optional interval bars drawn
 * into {@link #panel XY panels} (linear, logarithmic or symmetric-log y axis), tiled into one PNG by
 * {@link #write}; {@link #bars} for category charts. What they share: the Okabe-Ito colour-blind-safe
 * palette, a symmetric-log y axis (linear near zero, logarithmic beyond, so negative figures, which
 * are noise, are drawn below zero and not clamped to a floor), interval bars, and the legend below
 * the plot.
 */
public final class Charts {
    /** Okabe and Ito's palette (blue, vermillion, bluish green, orange, reddish purple, sky blue, black). */
    private static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xE69F00), new Color(0xCC79A7), new Color(0x56B4E9), Color.BLACK);
    /** The grey of the papers' figures. */
    public static final Color PUBLISHED = new Color(0x7f7f7f);
    /** Half-width of the symmetric-log axis's linear region around zero, in the data's unit. */
    private static final double SYMLOG_LINEAR = 0.01;

    private Charts() {
    }

    /** How a panel's y axis maps values. */
    public enum Axis {
        /** Linear. */
        LINEAR,
        /** Logarithmic: points that are not positive are left out. */
        LOG,
        /** {@link #symlog(double) Symmetric-log}: negative values keep their sign. */
        SYMLOG
    }

    /**
     * One line of a panel: its points (x, y and, where known, the interval's ends), colour and style.
     * Not thread-safe: built and drawn by one thread.
     */
    public static final class Series {
        private final String name;
        private final Color colour;
        private final boolean dashed;
        private final List<double[]> points = new ArrayList<>();

        /**
         * @param name its legend entry
         * @param colour its colour ({@link #colour(int)}, or {@link #PUBLISHED} for the papers')
         * @param dashed a dashed line with diamond markers (published figures, secondary figures), else solid with circles
         */
        public Series(String name, Color colour, boolean dashed) {
            this.name = name;
            this.colour = colour;
            this.dashed = dashed;
        }

        /** Adds a point without an interval; a NaN {@code y} (not measured) is left out. */
        public Series add(double x, double y) {
            return add(x, y, Double.NaN, Double.NaN);
        }

        /** Adds a point with its interval ({@code low}, {@code high}: NaN if none); a NaN {@code y} is left out. */
        public Series add(double x, double y, double low, double high) {
            if (!Double.isNaN(y)) {
                points.add(new double[] {x, y, low, high});
            }
            return this;
        }

        /** Adds a point at each of {@code xs}, its value {@code y(x)} (NaN where not measured). */
        public Series addAll(List<? extends Number> xs, DoubleUnaryOperator y) {
            xs.forEach(x -> add(x.doubleValue(), y.applyAsDouble(x.doubleValue())));
            return this;
        }
    }

    /**
     * One XY panel: the legend below the plot, grid lines, each series with its interval bars; a
     * panel with nothing to draw says "no data". Sizes are in pixels; the {@code series} are drawn in
     * legend order, empty ones and repeated names skipped.
     */
    public static XYChart panel(String title, String xTitle, String yTitle, int width, int height, boolean logX, Axis axis,
                                List<Series> series) {
        XYChart c = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        AxesChartStyler st = c.getStyler();
        legendBelow(st);
        st.setChartTitleFont(st.getChartTitleFont().deriveFont(12f));
        st.setPlotGridLinesVisible(true);
        st.setXAxisLogarithmic(logX);
        st.setYAxisLogarithmic(axis == Axis.LOG);
        if (axis == Axis.SYMLOG) {
            // The y data are symlog positions: the ticks are labelled with the values they stand for.
            st.setyAxisTickLabelsFormattingFunction(t -> label(unsymlog(t)));
        }
        DoubleUnaryOperator t = axis == Axis.SYMLOG ? Charts::symlog : v -> v;
        for (Series s : series) {
            List<double[]> ps = s.points.stream().filter(p -> axis != Axis.LOG || p[1] > 0).toList();
            if (ps.isEmpty() || c.getSeriesMap().containsKey(s.name)) {
                continue;
            }
            XYSeries x = c.addSeries(s.name, ps.stream().mapToDouble(p -> p[0]).toArray(),
                    ps.stream().mapToDouble(p -> t.applyAsDouble(p[1])).toArray());
            x.setMarker(s.dashed ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
            x.setLineColor(s.colour);
            x.setMarkerColor(s.colour);
            if (s.dashed) {
                x.setLineStyle(SeriesLines.DASH_DASH);
            }
            for (double[] p : ps) {
                if (axis != Axis.LOG || p[2] > 0) {
                    bar(c, p[0], t.applyAsDouble(p[2]), t.applyAsDouble(p[3]), s.colour);
                }
            }
        }
        if (c.getSeriesMap().isEmpty()) {
            c.addSeries("no data", new double[] {1}, new double[] {1});
        }
        return c;
    }

    /**
     * Writes panels as one PNG: one row of up to three, four as two by two, more three per row, each
     * cell as large as the largest panel. Nothing is written when there are no panels.
     */
    public static void write(List<? extends Chart<?, ?>> panels, Path file) throws IOException {
        if (panels.isEmpty()) {
            return;
        }
        System.setProperty("java.awt.headless", "true");
        int cols = panels.size() == 4 ? 2 : Math.min(3, panels.size());
        int w = panels.stream().mapToInt(Chart::getWidth).max().orElseThrow();
        int h = panels.stream().mapToInt(Chart::getHeight).max().orElseThrow();
        int rows = (panels.size() + cols - 1) / cols;
        BufferedImage all = new BufferedImage(cols * w, rows * h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = all.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, all.getWidth(), all.getHeight());
        for (int i = 0; i < panels.size(); i++) {
            g.drawImage(BitmapEncoder.getBufferedImage(panels.get(i)), (i % cols) * w, (i / cols) * h, null);
        }
        g.dispose();
        ImageIO.write(all, "png", file.toFile());
    }

    /**
     * Writes a category (bar) chart: one bar series per entry of {@code series}, side by side, each in
     * its palette colour; the legend below the plot when there is more than one series. Sizes are in
     * pixels; {@code series} maps a name to one value per category, and an empty map draws "no data".
     */
    public static void bars(String title, String xTitle, String yTitle, int width, int height, List<String> categories,
                            Map<String, ? extends List<? extends Number>> series, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CategoryChart c = new CategoryChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        legendBelow(c.getStyler());
        c.getStyler().setLegendVisible(series.size() > 1);
        c.getStyler().setOverlapped(false);
        c.getStyler().setXAxisLabelRotation(categories.size() > 8 ? 60 : 0);
        if (series.isEmpty()) {
            c.addSeries("no data", List.of("-"), List.of(0));
        }
        for (Map.Entry<String, ? extends List<? extends Number>> e : series.entrySet()) {
            Color fill = colour(c.getSeriesMap().size());
            c.addSeries(e.getKey(), categories, e.getValue()).setFillColor(fill);
        }
        BitmapEncoder.saveBitmap(c, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The palette colour of the {@code i}th series. */
    public static Color colour(int i) {
        return PALETTE.get(Math.floorMod(i, PALETTE.size()));
    }

    /**
     * The symmetric-log transform: linear within {@code ±c} ({@link #SYMLOG_LINEAR}), logarithmic
     * beyond, so that 0.01, 0.1, 1, 10 µs sit one unit apart and negative values keep their sign:
     * {@code t = y / c} for {@code |y| < c}, else {@code sign(y) * (1 + log10(|y| / c))}.
     */
    static double symlog(double y) {
        double a = Math.abs(y);
        return Math.signum(y) * (a < SYMLOG_LINEAR ? a / SYMLOG_LINEAR : 1 + Math.log10(a / SYMLOG_LINEAR));
    }

    /** The value drawn at position {@code t} ({@link #symlog(double)}'s inverse). */
    static double unsymlog(double t) {
        double a = Math.abs(t);
        return Math.signum(t) * (a < 1 ? a * SYMLOG_LINEAR : SYMLOG_LINEAR * Math.pow(10, a - 1));
    }

    /** Two significant digits, trailing zeros dropped: 0.01, 0.032, 1, 3.2, 100. */
    static String label(double v) {
        if (Math.abs(v) < 1e-12) {
            return "0";
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    /**
     * Legend below the plot, one entry a line (a horizontal one is cut off at the panel's edge when
     * the names are long), in a small font.
     */
    private static void legendBelow(Styler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Vertical);
        s.setLegendFont(s.getLegendFont().deriveFont(10f));
    }

    /**
     * Draws an interval as a vertical bar at {@code x} (a series of two points, left out of the legend),
     * its ends already transformed if the axis is, in the colour of its figure's series.
     */
    private static void bar(XYChart c, double x, double low, double high, Color colour) {
        if (!(high > low)) { // also false where an end is NaN: no interval
            return;
        }
        XYSeries s = c.addSeries("interval " + c.getSeriesMap().size(), new double[] {x, x}, new double[] {low, high});
        s.setShowInLegend(false);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(colour);
    }
}
