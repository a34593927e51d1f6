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
 *   <li>every comparison is a {@link Verdict}: a ratio with its range where both intervals are
 *   across forks and apart, a bound where a side is one fork whose interval, widened by the
 *   fork-to-fork spread the same run measured over all its benchmarks of several forks
 *   ({@link ForkSpread}; squared for a peer's single fork), is still apart from the other,
 *   and otherwise "not resolved", why, and the cheapest setting that would resolve it.</li>
 * </ul>
 * Rows are keyed by the figures' ids: two figures with one id are a mistake of a section and fail
 * here, whatever their labels.
 */
public final class Headline {
    private Headline() {
    }

    /** The Markdown table of a quick run's headline figures, with no fork spread measured; empty if there are none. */
    public static String markdown(List<Figure> figures) {
        return markdown(figures, false, ForkSpread.NONE);
    }

    /**
     * The Markdown table of the experiments' headline figures, with no fork spread measured; empty if there are none.
     *
     * @param full whether the run was {@code --full}: then what would narrow an interval is more forks
     */
    public static String markdown(List<Figure> figures, boolean full) {
        return markdown(figures, full, ForkSpread.NONE);
    }

    /**
     * The Markdown table of the experiments' headline figures, every comparison a {@link Verdict};
     * empty if there are none.
     *
     * @param full whether the run was {@code --full}: then what would narrow an interval is more forks
     * @param spread the fork-to-fork spread the run measured, which widens a single fork's interval
     */
    public static String markdown(List<Figure> figures, boolean full, ForkSpread spread) {
        if (figures.isEmpty()) {
            return "";
        }
        MarkdownTable t = new MarkdownTable("lrrrrr", "figure", "ours (95% interval)", "published (AMD)",
                "peer, same run (95% interval)", "ours vs published", "ours vs peer");
        for (Figure f : byId(figures).values()) {
            Cells c = cells(f, full, spread);
            t.row(f.label() + " (" + f.unit() + ")", c.ours(), c.published(), c.peer(), c.vsPublished(), c.vsPeer());
        }
        return t.toString();
    }

    /**
     * A headline row's cells as the table shows them and {@code headline.csv} keeps them, so that a
     * page built from the CSV later ({@link Publish}) says what the run said.
     *
     * @param ours our figure, {@link #show}n
     * @param published the papers' figure, or "-"
     * @param peer the peer's figure and its name in brackets, or "-"
     * @param vsPublished the verdict against the papers' figure ({@link Verdict#text()})
     * @param vsPeer the verdict against the peer's, or "-"
     */
    record Cells(String ours, String published, String peer, String vsPublished, String vsPeer) {
    }

    static Cells cells(Figure f, boolean full, ForkSpread spread) {
        String rerun = rerun(f.section(), full);
        Verdict.Context c = new Verdict.Context(f.section(), full, spread);
        return new Cells(show(f.ours(), rerun), fmt(f.published()), f.peer() == null ? "-" : show(f.peer(), rerun) + " (" + f.peerName() + ")",
                Verdict.of(f.ours(), Estimate.point(f.published()), f.lowerIsBetter(), c).text(),
                f.peer() == null ? "-" : Verdict.of(f.ours(), f.peer(), f.lowerIsBetter(), c).text());
    }

    /**
     * The verdicts of the headline figures: how many comparisons there are, how many state a ratio
     * or a bound, and how many of those whose sides are {@code apart} times apart or more do.
     *
     * @param figures the headline figures
     * @param full whether the run was {@code --full}
     * @param spread the run's fork spread
     * @param apart how far apart (as a factor) the sides of the counted wide gaps are at least
     * @return e.g. "41 comparisons, 30 with a verdict; of the 25 whose sides are 3x or more apart, 25"
     */
    public static String verdictCount(List<Figure> figures, boolean full, ForkSpread spread, double apart) {
        int all = 0;
        int resolved = 0;
        int wide = 0;
        int wideResolved = 0;
        for (Figure f : byId(figures).values()) {
            Verdict.Context c = new Verdict.Context(f.section(), full, spread);
            for (Estimate other : new Estimate[] {Estimate.point(f.published()), f.peer()}) {
                if (other == null) {
                    continue;
                }
                Verdict v = Verdict.of(f.ours(), other, f.lowerIsBetter(), c);
                if (v.kind() == Verdict.Kind.NONE) {
                    continue;
                }
                all++;
                resolved += v.resolved() ? 1 : 0;
                if (wideGap(f.ours(), other, apart)) {
                    wide++;
                    wideResolved += v.resolved() ? 1 : 0;
                }
            }
        }
        return String.format(Locale.ROOT, "%d comparisons, %d with a verdict; of the %d whose sides are %.0fx or more apart, %d",
                all, resolved, wide, apart, wideResolved);
    }

    /**
     * Whether the two sides of a comparison are {@code apart} times apart or more: both figures
     * above zero, and each side that has an interval across forks resolved by it
     * ({@link Estimate#resolved()}: above zero, at most {@value Estimate#RESOLVED_SPREAD}x wide),
     * since a figure that could be zero, or anything in a tenfold range, stands in no settled
     * ratio to another. The rule {@link #verdictCount} and {@link QuickAgainstFull} count wide gaps by.
     *
     * @param ours our figure
     * @param other the papers' or a peer's
     * @param apart the factor, e.g. 3
     * @return whether the gap is that wide
     */
    static boolean wideGap(Estimate ours, Estimate other, double apart) {
        for (Estimate e : new Estimate[] {ours, other}) {
            if (!(e.value() > 0) || (e.hasInterval() && !e.resolved())) {
                return false;
            }
        }
        double gap = ours.value() / other.value();
        return Math.max(gap, 1 / gap) >= apart;
    }

    /** The CSV header of {@link #csv}. */
    public static final String CSV_HEADER = "section,id,figure,unit,lower_is_better,ours,ours_low,ours_high,published,published_source,"
            + "peer,peer_value,peer_low,peer_high,ours_shown,peer_shown,vs_published,vs_peer";

    /** {@code headline.csv} of a quick run with no fork spread measured; see {@link #csv(List, boolean, ForkSpread)}. */
    public static String csv(List<Figure> figures) {
        return csv(figures, false, ForkSpread.NONE);
    }

    /**
     * {@code headline.csv}, header first: one row per figure, keyed by its id, with its interval, the
     * papers' figure and source, the peer's figure and interval, and the cells the headline table
     * shows (ours and the peer's as shown, and the two verdicts), so that a page built from it later
     * says what the run said.
     *
     * @param full whether the run was {@code --full}
     * @param spread the run's fork spread, which widens a single fork's interval
     */
    public static String csv(List<Figure> figures, boolean full, ForkSpread spread) {
        Csv csv = new Csv(CSV_HEADER.split(","));
        for (Figure f : byId(figures).values()) {
            Estimate p = f.peer() == null ? Estimate.point(Double.NaN) : f.peer();
            Cells c = cells(f, full, spread);
            csv.row(f.section(), f.id(), f.label().strip(), f.unit(), f.lowerIsBetter(), f.ours().value(), f.ours().low(),
                    f.ours().high(), f.published(), f.publishedId() == null ? null : PublishedFigures.require(f.publishedId()).source(), f.peerName(),
                    p.value(), p.low(), p.high(), c.ours(), f.peer() == null ? null : show(f.peer(), rerun(f.section(), full)),
                    c.vsPublished(), c.vsPeer());
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
        if (section.equals("wrk")) {
            return full ? "more rounds: bin/ccrj wrk --full --rounds 10" : "--full: 5 rounds";
        }
        return full ? "more forks: bin/ccrj " + section + " --full --forks 10" : section.equals("peers") ? "--full: 5 forks" : "--full";
    }

    /** What narrows a JMH figure's interval after a run of {@code forks} forks: {@code --full}'s 5, or more than that. */
    public static String rerunAfterForks(String section, int forks) {
        return forks >= 5 ? rerun(section, true) : "--full: 5 forks";
    }

    /**
     * A figure as the tables show it: "0.480 (0.410 .. 0.520)"; "0.480 (one fork: 0.470 .. 0.490)"
     * where one JMH fork measured it; the value alone where it was measured once; "below the resolution of this run (interval ...)" for a negative point estimate; "not
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
        if (e.fromOneFork() && e.withinFork().hasInterval()) {
            return fmt(e.value()) + " (one fork: " + fmt(e.withinFork().low()) + " .. " + fmt(e.withinFork().high()) + ")";
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
