package io.ccrj.bench.runner;

import java.util.List;
import java.util.Locale;

/**
 * The CSV of typed figures ({@code headline.csv} of {@code bin/ccrj paper}): one row per figure with
 * its interval, the seeds' figure and source, and the peer's figure and interval. Fields are quoted
 * per RFC 4180 where they hold a comma, a quote or a line break.
 */
public final class FigureCsv {
    /** The header line. */
    public static final String HEADER = "section,figure,unit,lower_is_better,ours,ours_low,ours_high,seed,seed_source,"
            + "peer,peer_value,peer_low,peer_high";

    private FigureCsv() {
    }

    /**
     * @param figures the figures, in order
     * @return the CSV text, header first, one line per figure
     */
    public static String csv(List<Figure> figures) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Figure f : figures) {
            Estimate p = f.peer() == null ? Estimate.point(Double.NaN) : f.peer();
            sb.append(String.join(",", quote(f.section()), quote(f.label().strip()), quote(f.unit()),
                    Boolean.toString(f.lowerIsBetter()), num(f.ours().value()), num(f.ours().low()), num(f.ours().high()),
                    num(f.seed()), quote(f.seedId() == null ? "" : Seeds.require(f.seedId()).source()),
                    quote(f.peerName() == null ? "" : f.peerName()), num(p.value()), num(p.low()), num(p.high()))).append('\n');
        }
        return sb.toString();
    }

    /**
     * @param s a field
     * @return the field, quoted if it needs to be
     */
    public static String quote(String s) {
        return s.contains(",") || s.contains("\"") || s.contains("\n") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }
}
