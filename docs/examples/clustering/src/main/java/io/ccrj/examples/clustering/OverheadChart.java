package io.ccrj.examples.clustering;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The overhead table as the papers drew it (Qiu, Fox et al. 2008): f against 1/n, n the points per
 * rank, one line per rank count P, each point with its 95% interval as a bar, and beside each line
 * the same f of the arithmetic alone ({@link ArithmeticFloor}, dashed): the gap between a line and
 * its floor is the runtime's. Only the rank counts the machine can run at once are drawn; the
 * oversubscribed rows measure time-slicing and stay in the table. SVG text.
 */
final class OverheadChart {
    private static final int WIDTH = 640;
    private static final int HEIGHT = 400;
    private static final int LEFT = 70;
    private static final int RIGHT = 150;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;
    private static final String[] PALETTE = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

    private OverheadChart() {
    }

    /**
     * The chart of the rows that are not oversubscribed and have more than one rank.
     *
     * @param rows the overhead table
     * @return the SVG document; a chart with a note instead of lines when no row qualifies
     */
    static String svg(List<OverheadMeasurement.Row> rows) {
        List<OverheadMeasurement.Row> drawn = rows.stream().filter(r -> r.ranks() > 1 && !r.oversubscribed()).toList();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH, HEIGHT));
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"14\">Parallel overhead f of one EM "
                + "iteration against 1/n</text>%n", LEFT));
        if (drawn.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">no rank count above 1 fits this machine's "
                    + "processors: see the table</text>%n</svg>%n", LEFT, HEIGHT / 2));
            return sb.toString();
        }
        double x0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y0 = 0;
        double y1 = 0.1;
        for (OverheadMeasurement.Row r : drawn) {
            double x = Math.log10(1.0 / r.perRank());
            x0 = Math.min(x0, x);
            x1 = Math.max(x1, x);
            y0 = Math.min(y0, Math.min(r.overhead() - r.overheadInterval(), r.floorOverhead() - r.floorInterval()));
            y1 = Math.max(y1, Math.max(r.overhead() + r.overheadInterval(), r.floorOverhead() + r.floorInterval()));
        }
        x0 = Math.floor(x0 * 2) / 2 - 0.25;
        x1 = Math.ceil(x1 * 2) / 2 + 0.25;
        double pad = (y1 - y0) * 0.05;
        Scale s = new Scale(x0, x1, y0 - pad, y1 + pad);
        axes(sb, s);
        TreeSet<Integer> ranks = new TreeSet<>();
        drawn.forEach(r -> ranks.add(r.ranks()));
        int line = 0;
        for (int p : ranks) {
            String colour = PALETTE[line % PALETTE.length];
            List<OverheadMeasurement.Row> series = drawn.stream().filter(r -> r.ranks() == p)
                    .sorted((a, b) -> Integer.compare(b.perRank(), a.perRank())).toList();
            series(sb, s, series, colour, false);
            series(sb, s, series, colour, true);
            int ly = TOP + 16 + 36 * line;
            int lx = WIDTH - RIGHT + 14;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"2\"/><text x=\"%d\" y=\"%d\">P = %d, ranks</text>%n", lx, ly, lx + 20, ly, colour,
                    lx + 26, ly + 4, p));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"2\" stroke-dasharray=\"5,4\"/><text x=\"%d\" y=\"%d\">P = %d, floor</text>%n", lx,
                    ly + 16, lx + 20, ly + 16, colour, lx + 26, ly + 20, p));
            line++;
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static void series(StringBuilder sb, Scale s, List<OverheadMeasurement.Row> series, String colour,
                               boolean floor) {
        StringBuilder points = new StringBuilder();
        for (OverheadMeasurement.Row r : series) {
            double f = floor ? r.floorOverhead() : r.overhead();
            double half = floor ? r.floorInterval() : r.overheadInterval();
            double x = s.x(Math.log10(1.0 / r.perRank()));
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, s.y(f)));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    + "stroke-opacity=\"%s\"/>%n", x, s.y(f - half), x, s.y(f + half), colour, floor ? "0.5" : "1"));
            sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, s.y(f),
                    colour));
        }
        sb.append(String.format(Locale.ROOT, "<polyline class=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" "
                + "stroke-width=\"2\"%s/>%n", floor ? "floor" : "ranks", points.toString().trim(), colour,
                floor ? " stroke-dasharray=\"5,4\"" : ""));
    }

    private static void axes(StringBuilder sb, Scale s) {
        int right = WIDTH - RIGHT;
        int bottom = HEIGHT - BOTTOM;
        sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#444\"/>%n", LEFT, TOP, right - LEFT, bottom - TOP));
        for (double e = Math.ceil(s.x0 * 2) / 2; e <= s.x1; e += 0.5) {
            double x = s.x(e);
            boolean whole = Math.abs(e - Math.rint(e)) < 1e-9;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n",
                    x, TOP, x, bottom));
            if (whole) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">1e%d</text>%n",
                        x, bottom + 16, (int) Math.rint(e)));
            }
        }
        double step = niceStep((s.y1 - s.y0) / 5);
        for (double v = Math.ceil(s.y0 / step) * step; v <= s.y1; v += step) {
            double y = s.y(v);
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                    LEFT, y, right, y, Math.abs(v) < step / 2 ? "#888" : "#ddd"));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT - 6,
                    y + 4, trim(v, step)));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">1/n (n = points per rank, "
                + "log scale)</text>%n", (LEFT + right) / 2, HEIGHT - 12));
        sb.append(String.format(Locale.ROOT, "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" "
                + "text-anchor=\"middle\">f = (P T(P) - T(1)) / T(1)</text>%n", (TOP + bottom) / 2, (TOP + bottom) / 2));
    }

    private static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / magnitude;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * magnitude;
    }

    private static String trim(double v, double step) {
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step)));
        return String.format(Locale.ROOT, "%." + decimals + "f", Math.abs(v) < step / 1e6 ? 0 : v);
    }

    /** Data to pixels: x is log10(1/n), y is f. */
    private record Scale(double x0, double x1, double y0, double y1) {
        double x(double v) {
            return LEFT + (v - x0) / (x1 - x0) * (WIDTH - RIGHT - LEFT);
        }

        double y(double v) {
            return HEIGHT - BOTTOM - (v - y0) / (y1 - y0) * (HEIGHT - BOTTOM - TOP);
        }
    }
}
