package io.ccrj.examples.clustering;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The picture of a clustering: every point (at most {@link #MAX_POINTS}, an even sample of them)
 * on the first two principal components, coloured by its cluster, each centre a cross. As SVG
 * text, and as PNG drawn with java.awt in headless mode.
 */
public final class ClusterPicture {
    /** The most points drawn; beyond, every m-th point is. */
    public static final int MAX_POINTS = 4_000;
    static final int WIDTH = 640;
    static final int HEIGHT = 480;
    private static final int MARGIN = 30;
    private static final String[] PALETTE = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
        "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

    private final double[] xy;
    private final int[] labels;
    private final double[] centres;
    private final int k;
    private final String title;
    private final double minX;
    private final double minY;
    private final double scale;

    /**
     * A picture.
     *
     * @param xy the points' coordinates on the two components (x, y per point)
     * @param labels each point's cluster, in [0, k); {@code null} draws every point in one colour
     * @param centres the centres on the components (x, y per centre), or an empty array
     * @param k the number of clusters
     * @param title the caption
     */
    public ClusterPicture(double[] xy, int[] labels, double[] centres, int k, String title) {
        this.xy = xy;
        this.labels = labels;
        this.centres = centres;
        this.k = k;
        this.title = title;
        double x0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY;
        double y1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < xy.length / 2; i++) {
            x0 = Math.min(x0, xy[2 * i]);
            x1 = Math.max(x1, xy[2 * i]);
            y0 = Math.min(y0, xy[2 * i + 1]);
            y1 = Math.max(y1, xy[2 * i + 1]);
        }
        if (!(x1 > x0)) {
            x0 -= 1;
            x1 += 1;
        }
        if (!(y1 > y0)) {
            y0 -= 1;
            y1 += 1;
        }
        minX = x0;
        minY = y0;
        scale = Math.min((WIDTH - 2.0 * MARGIN) / (x1 - x0), (HEIGHT - 2.0 * MARGIN) / (y1 - y0));
    }

    /**
     * The picture of a job's result.
     *
     * @param r the result
     * @param title the caption
     * @return the picture
     */
    public static ClusterPicture of(JobResult r, String title) {
        return new ClusterPicture(r.projection(), r.labels(), r.centreProjection(), r.k(), title);
    }

    /** The colour of cluster {@code c}: ten distinct ones, then hues around the wheel. */
    static String colour(int c) {
        if (c < PALETTE.length) {
            return PALETTE[c];
        }
        Color hsb = Color.getHSBColor((float) ((c * 0.618033988749895) % 1.0), 0.65f, 0.85f);
        return String.format("#%02x%02x%02x", hsb.getRed(), hsb.getGreen(), hsb.getBlue());
    }

    private double px(double x) {
        return MARGIN + (x - minX) * scale;
    }

    private double py(double y) {
        return HEIGHT - MARGIN - (y - minY) * scale;
    }

    private int step() {
        int n = xy.length / 2;
        return Math.max(1, (n + MAX_POINTS - 1) / MAX_POINTS);
    }

    /** @return the picture as an SVG document */
    public String svg() {
        StringBuilder sb = new StringBuilder(64 * Math.min(MAX_POINTS, xy.length / 2) + 1024);
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT).append("\">\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append("<text x=\"").append(MARGIN).append("\" y=\"18\" font-family=\"sans-serif\" font-size=\"13\">")
                .append(escape(title)).append("</text>\n");
        int n = xy.length / 2;
        for (int i = 0; i < n; i += step()) {
            String fill = labels == null ? "#555555" : colour(labels[i]);
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"%s\" fill-opacity=\"0.7\"/>%n",
                    px(xy[2 * i]), py(xy[2 * i + 1]), fill));
        }
        for (int c = 0; c < centres.length / 2; c++) {
            double x = px(centres[2 * c]);
            double y = py(centres[2 * c + 1]);
            sb.append(String.format(Locale.ROOT,
                    "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"black\" stroke-width=\"3\"/>%n",
                    x - 7, y - 7, x + 7, y + 7, x - 7, y + 7, x + 7, y - 7));
            sb.append(String.format(Locale.ROOT,
                    "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>%n",
                    x - 6, y - 6, x + 6, y + 6, x - 6, y + 6, x + 6, y - 6, colour(c)));
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    /** @return the picture as PNG bytes (java.awt, headless) */
    public byte[] png() {
        System.setProperty("java.awt.headless", "true");
        BufferedImage img = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
            g.drawString(title, MARGIN, 18);
            int n = xy.length / 2;
            for (int i = 0; i < n; i += step()) {
                g.setColor(labels == null ? Color.DARK_GRAY : Color.decode(colour(labels[i])));
                g.fill(new Ellipse2D.Double(px(xy[2 * i]) - 2, py(xy[2 * i + 1]) - 2, 4, 4));
            }
            for (int c = 0; c < centres.length / 2; c++) {
                double x = px(centres[2 * c]);
                double y = py(centres[2 * c + 1]);
                g.setColor(Color.BLACK);
                g.setStroke(new BasicStroke(3));
                g.draw(new Line2D.Double(x - 7, y - 7, x + 7, y + 7));
                g.draw(new Line2D.Double(x - 7, y + 7, x + 7, y - 7));
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(img, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** @return the number of clusters */
    public int clusters() {
        return k;
    }
}
