package io.ccrj.bench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The headline table of {@code bin/ccrj paper}, built from the typed {@link Figure}s the
 * experiments returned, in their order: our figure with its 95% interval, the papers' (from
 * {@link PublishedFigures}), the peer's from the same run, and how ours compares with each. A ratio is stated
 * only where the interval supports it: when the other figure lies inside ours' interval (or the two
 * intervals overlap) the cell says "within noise"; otherwise the ratio is given with the range the
 * intervals allow ("at least" where ours' interval reaches zero). Rows are keyed by the figures'
 * ids: two figures with one id are a mistake of a section and fail here, whatever their labels.
 */
public final class Headline {
    private Headline() {
    }

    /** The Markdown table of the experiments' headline figures; empty if there are none. */
    public static String markdown(List<Figure> figures) {
        if (figures.isEmpty()) {
            return "";
        }
        MarkdownTable t = new MarkdownTable("lrrrrr", "figure", "ours (95% interval)", "published (AMD)",
                "peer, same run (95% interval)", "ours vs published", "ours vs peer");
        for (Figure f : byId(figures).values()) {
            t.row(f.label() + " (" + f.unit() + ")", show(f.ours()), fmt(f.published()),
                    f.peer() == null ? "-" : show(f.peer()) + " (" + f.peerName() + ")",
                    compare(f.ours(), Estimate.point(f.published()), f.lowerIsBetter()),
                    f.peer() == null ? "-" : compare(f.ours(), f.peer(), f.lowerIsBetter()));
        }
        return t.toString();
    }

    /** The CSV header of {@link #csv}. */
    public static final String CSV_HEADER = "section,id,figure,unit,lower_is_better,ours,ours_low,ours_high,published,published_source,"
            + "peer,peer_value,peer_low,peer_high";

    /**
     * {@code headline.csv}, header first: one row per figure, keyed by its id, with its interval, the
     * papers' figure and source, and the peer's figure and interval.
     */
    public static String csv(List<Figure> figures) {
        Csv csv = new Csv(CSV_HEADER.split(","));
        for (Figure f : byId(figures).values()) {
            Estimate p = f.peer() == null ? Estimate.point(Double.NaN) : f.peer();
            csv.row(f.section(), f.id(), f.label().strip(), f.unit(), f.lowerIsBetter(), f.ours().value(), f.ours().low(),
                    f.ours().high(), f.published(), f.publishedId() == null ? null : PublishedFigures.require(f.publishedId()).source(), f.peerName(),
                    p.value(), p.low(), p.high());
        }
        return csv.toString();
    }

    /** The figures by id, in their order; fails on an id given twice. */
    private static Map<String, Figure> byId(List<Figure> figures) {
        Map<String, Figure> out = new LinkedHashMap<>();
        for (Figure f : figures) {
            if (out.putIfAbsent(f.id(), f) != null) {
                throw new IllegalArgumentException("two headline figures with id " + f.id());
            }
        }
        return out;
    }

    /**
     * How ours compares with another figure (the papers', a point, or the peer's), whichever direction
     * is better: "within noise", "2.0x better (1.6-2.4x)", "at least 50x better", "no interval: ..." or "-".
     */
    public static String compare(Estimate ours, Estimate other, boolean lowerIsBetter) {
        double o = ours.value();
        double t = other.value();
        if (Double.isNaN(o) || Double.isNaN(t) || t <= 0) {
            return "-";
        }
        if (!ours.hasInterval()) {
            return o <= 0 ? "-" : "no interval: " + ratio(lowerIsBetter ? t / o : o / t);
        }
        if (ours.contains(t) || ours.overlaps(other)) {
            return "within noise";
        }
        double tLow = other.hasInterval() ? other.low() : t;
        double tHigh = other.hasInterval() ? other.high() : t;
        // The range of the ratio over every pair of values the two intervals allow.
        double worst = lowerIsBetter ? tLow / ours.high() : ours.low() / tHigh;
        double best = lowerIsBetter ? (ours.low() <= 0 ? Double.POSITIVE_INFINITY : tHigh / ours.low()) : ours.high() / tLow;
        if (o <= 0 || Double.isInfinite(best)) {
            return "at least " + ratio(worst);
        }
        double r = lowerIsBetter ? t / o : o / t;
        double lo = Math.min(worst, best);
        double hi = Math.max(worst, best);
        // The range is shown the way the ratio is: as is where ours is better, inverted where it is worse.
        return ratio(r) + String.format(Locale.ROOT, " (%s-%sx)", num(r >= 1 ? lo : 1 / hi), num(r >= 1 ? hi : 1 / lo));
    }

    /** "3.2x better" or "1.5x worse". */
    private static String ratio(double r) {
        double shown = r >= 1 ? r : 1 / r;
        return num(shown) + "x " + (r >= 1 ? "better" : "worse");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.2f", v);
    }

    /** "0.048 (-0.100 .. 0.210)", or the figure alone without an interval. */
    static String show(Estimate e) {
        return e.hasInterval() ? fmt(e.value()) + " (" + fmt(e.low()) + " .. " + fmt(e.high()) + ")" : fmt(e.value());
    }

    /** A figure with three significant-ish digits; "-" for NaN. */
    public static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
