package io.ccrj.bench.runner;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What every runner's chart shares: the Okabe-Ito colour-blind-safe palette, a symmetric-log y
 * axis (linear near zero, logarithmic beyond, so negative figures, which are noise, are drawn below
 * zero and not clamped to a floor), interval bars, the legend below the plot, and tiling panels into
 * one PNG.
 */
public final class Charts {
    /** Okabe and Ito's palette (blue, vermillion, bluish green, orange, reddish purple, sky blue, black). */
    public static final List<Color> PALETTE = List.of(new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73),
            new Color(0xE69F00), new Color(0xCC79A7), new Color(0x56B4E9), Color.BLACK);
    /** The grey of the seeds' figures. */
    public static final Color SEED = new Color(0x7f7f7f);
    /** Half-width of the symmetric-log axis's linear region around zero, in the data's unit. */
    public static final double SYMLOG_LINEAR = 0.01;

    private Charts() {
    }

    /**
     * @param i a series' index
     * @return its colour
     */
    public static Color colour(int i) {
        return PALETTE.get(Math.floorMod(i, PALETTE.size()));
    }

    /**
     * The symmetric-log transform: linear within {@code ±c} ({@link #SYMLOG_LINEAR}), logarithmic
     * beyond, so that 0.01, 0.1, 1, 10 µs sit one unit apart and negative values keep their sign:
     * {@code t = y / c} for {@code |y| < c}, else {@code sign(y) * (1 + log10(|y| / c))}.
     *
     * @param y a value
     * @return its position on the axis
     */
    public static double symlog(double y) {
        double a = Math.abs(y);
        return Math.signum(y) * (a < SYMLOG_LINEAR ? a / SYMLOG_LINEAR : 1 + Math.log10(a / SYMLOG_LINEAR));
    }

    /**
     * @param t a position on the axis
     * @return the value drawn there ({@link #symlog(double)}'s inverse)
     */
    public static double unsymlog(double t) {
        double a = Math.abs(t);
        return Math.signum(t) * (a < 1 ? a * SYMLOG_LINEAR : SYMLOG_LINEAR * Math.pow(10, a - 1));
    }

    /**
     * Labels the y axis with the values that {@link #symlog(double)}-transformed data stand for.
     *
     * @param c a chart whose y data are symlog positions
     */
    public static void symlogYAxis(AxesChartStyler c) {
        c.setyAxisTickLabelsFormattingFunction(t -> label(unsymlog(t)));
    }

    /** Two significant digits, trailing zeros dropped: 0.01, 0.032, 1, 3.2, 100. */
    static String label(double v) {
        if (Math.abs(v) < 1e-12) {
            return "0";
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    /**
     * Legend below the plot, laid out horizontally, in a font small enough for long names to fit.
     *
     * @param s the chart's styler
     */
    public static void legendBelow(Styler s) {
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        s.setLegendFont(s.getLegendFont().deriveFont(10f));
    }

    /**
     * Draws an interval as a vertical bar at {@code x} (a series of two points, left out of the legend).
     *
     * @param c the chart
     * @param x where
     * @param low lower end (already transformed, if the axis is)
     * @param high upper end
     * @param colour the bar's colour (that of its figure's series)
     */
    public static void bar(XYChart c, double x, double low, double high, Color colour) {
        if (Double.isNaN(low) || Double.isNaN(high) || !(high > low)) {
            return;
        }
        XYSeries s = c.addSeries("interval " + c.getSeriesMap().size(), new double[] {x, x}, new double[] {low, high});
        s.setShowInLegend(false);
        s.setMarker(SeriesMarkers.NONE);
        s.setLineColor(colour);
    }

    /**
     * Tiles panels into one PNG, {@code cols} per row, each cell as large as the largest panel.
     *
     * @param panels the charts
     * @param cols panels per row
     * @param file the PNG
     * @throws IOException if it cannot be written
     */
    public static void tile(List<? extends Chart<?, ?>> panels, int cols, Path file) throws IOException {
        System.setProperty("java.awt.headless", "true");
        int w = panels.stream().mapToInt(Chart::getWidth).max().orElse(1);
        int h = panels.stream().mapToInt(Chart::getHeight).max().orElse(1);
        int rows = (panels.size() + cols - 1) / cols;
        BufferedImage all = new BufferedImage(cols * w, Math.max(1, rows) * h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = all.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, all.getWidth(), all.getHeight());
        for (int i = 0; i < panels.size(); i++) {
            g.drawImage(BitmapEncoder.getBufferedImage(panels.get(i)), (i % cols) * w, (i / cols) * h, null);
        }
        g.dispose();
        ImageIO.write(all, "png", file.toFile());
    }
}
