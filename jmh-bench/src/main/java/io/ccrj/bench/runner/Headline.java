package io.ccrj.bench.runner;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The headline table of {@code bin/ccrj paper}, built from the typed {@link Figure}s the
 * experiments returned, in their order: our figure with its 95% interval, the papers' (from
 * {@link PublishedFigures}), the peer's from the same run, and how ours compares with each. It says
 * only what the run supports:
 * <ul>
 *   <li>a figure whose interval reaches zero or spans more than {@value Estimate#RESOLVED_SPREAD}x is
 *   "not resolved at these settings", with its interval and the setting that would narrow it; a
 *   negative point estimate (an overhead that came out below zero) is "below the resolution of this
 *   run", never a figure;</li>
 *   <li>a ratio is stated only where both figures are resolved and their intervals (or ours and a
 *   published point) are apart, and always with the range the intervals allow; otherwise the cell
 *   says "not resolved" and why.</li>
 * </ul>
 * Rows are keyed by the figures' ids: two figures with one id are a mistake of a section and fail
 * here, whatever their labels.
 */
public final class Headline {
    private Headline() {
    }

    /** The Markdown table of a quick run's headline figures; empty if there are none. */
    public static String markdown(List<Figure> figures) {
        return markdown(figures, false);
    }

    /**
     * The Markdown table of the experiments' headline figures; empty if there are none.
     *
     * @param full whether the run was {@code --full}: then what would narrow an interval is more forks
     */
    public static String markdown(List<Figure> figures, boolean full) {
        if (figures.isEmpty()) {
            return "";
        }
        MarkdownTable t = new MarkdownTable("lrrrrr", "figure", "ours (95% interval)", "published (AMD)",
                "peer, same run (95% interval)", "ours vs published", "ours vs peer");
        for (Figure f : byId(figures).values()) {
            String rerun = rerun(f.section(), full);
            t.row(f.label() + " (" + f.unit() + ")", show(f.ours(), rerun), fmt(f.published()),
                    f.peer() == null ? "-" : show(f.peer(), rerun) + " (" + f.peerName() + ")",
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
     * The setting that narrows a section's intervals: {@code --full} everywhere; for the peers,
     * whose figures are JMH forks, it is the forks that {@code --full} adds.
     */
    static String rerun(String section) {
        return rerun(section, false);
    }

    /**
     * The setting that narrows a section's intervals after a run that was {@code --full} or not:
     * after a full run, more forks of that section alone.
     */
    public static String rerun(String section, boolean full) {
        return full ? "more forks: bin/ccrj " + section + " --full --forks 10" : section.equals("peers") ? "--full: 5 forks" : "--full";
    }

    /** What narrows a JMH figure's interval after a run of {@code forks} forks: {@code --full}'s 5, or more than that. */
    public static String rerunAfterForks(String section, int forks) {
        return forks >= 5 ? rerun(section, true) : "--full: 5 forks";
    }

    /**
     * How ours compares with another figure (the papers', a point, or the peer's), whichever
     * direction is better: "2.00x better (1.81-2.21x)" where both are resolved and apart, else
     * "not resolved: " and why; "-" where there is nothing to compare.
     */
    public static String compare(Estimate ours, Estimate other, boolean lowerIsBetter) {
        double o = ours.value();
        double t = other.value();
        if (Double.isNaN(o) || Double.isNaN(t) || t <= 0) {
            return "-";
        }
        if (o <= 0) {
            return "not resolved: ours below the resolution of this run";
        }
        if (!ours.hasInterval()) {
            return "not resolved: ours has no interval (one repetition, or one JMH fork)";
        }
        if (!ours.resolved()) {
            return "not resolved: ours' interval " + unresolvedBecause(ours);
        }
        if (other.hasInterval() && !other.resolved()) {
            return "not resolved: the other's interval " + unresolvedBecause(other);
        }
        if (ours.contains(t) || ours.overlaps(other)) {
            return "not resolved: the intervals overlap";
        }
        double tLow = other.hasInterval() ? other.low() : t;
        double tHigh = other.hasInterval() ? other.high() : t;
        // The range of the ratio over every pair of values the two intervals allow; all of them are
        // positive here, and the intervals are apart, so the whole range lies on one side of 1.
        double a = lowerIsBetter ? tLow / ours.high() : ours.low() / tHigh;
        double b = lowerIsBetter ? tHigh / ours.low() : ours.high() / tLow;
        double r = lowerIsBetter ? t / o : o / t;
        double lo = Math.min(a, b);
        double hi = Math.max(a, b);
        // The range is shown the way the ratio is: as is where ours is better, inverted where it is worse.
        return ratio(r) + String.format(Locale.ROOT, " (%s-%sx)", num(r >= 1 ? lo : 1 / hi), num(r >= 1 ? hi : 1 / lo));
    }

    /** Why a figure with an interval is not resolved: it reaches zero or spans more than 3x. */
    private static String unresolvedBecause(Estimate e) {
        return e.low() <= 0 ? "reaches zero" : String.format(Locale.ROOT, "spans more than %.0fx", Estimate.RESOLVED_SPREAD);
    }

    /** "3.2x better" or "1.5x worse". */
    private static String ratio(double r) {
        double shown = r >= 1 ? r : 1 / r;
        return num(shown) + "x " + (r >= 1 ? "better" : "worse");
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.2f", v);
    }

    /**
     * A figure as the tables show it: "0.480 (0.410 .. 0.520)"; the value alone where it was measured
     * once; "below the resolution of this run (interval ...)" for a negative point estimate; "not
     * resolved at these settings (interval ...; rerun with ...)" where the interval reaches zero or
     * spans more than 3x; "-" where nothing was measured.
     *
     * @param e the figure
     * @param rerun the setting that would narrow its interval, e.g. {@code --full}
     * @return the cell's text
     */
    public static String show(Estimate e, String rerun) {
        if (Double.isNaN(e.value())) {
            return "-";
        }
        String interval = e.hasInterval() ? "interval " + fmt(e.low()) + " .. " + fmt(e.high()) : "no interval";
        if (e.value() < 0) {
            return "below the resolution of this run (" + interval + ")";
        }
        if (!e.hasInterval()) {
            return fmt(e.value());
        }
        if (!e.resolved()) {
            return "not resolved at these settings (" + interval + "; rerun with " + rerun + ")";
        }
        return fmt(e.value()) + " (" + fmt(e.low()) + " .. " + fmt(e.high()) + ")";
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
