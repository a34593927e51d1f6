package io.ccrj.bench.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code bin/ccrj paper --compare QUICK_RUN FULL_RUN}: puts the headline verdicts of a quick run
 * beside a full run's, from the two run folders' {@code headline.csv}, and checks the two promises
 * of the quick run: every comparison whose sides are 3x or more apart ({@link Headline#wideGap})
 * states a verdict, and none of its verdicts contradicts the full run's (their stated ranges,
 * {@link Verdict#stated}, do not meet).
 *
 * <p>A quick figure is matched with the full run's of the same id; failing that, with the full
 * run's figure of the same section and title where each run has only one such (the papers'
 * overhead per stage is one figure whatever the stage count its id carries). A figure the full run
 * does not have (a collective at 2 ranks where the full run's headline takes 8) is compared with
 * nothing, and says so.
 */
public final class QuickAgainstFull {
    /** The gap, as a factor, whose comparisons a quick run must settle. */
    public static final double WIDE = 3;

    private QuickAgainstFull() {
    }

    /**
     * One comparison of the quick run (ours against the papers' figure or against the peer) with the
     * full run's verdict on it.
     *
     * @param title the figure's title in the quick run
     * @param against "papers" or the peer's name
     * @param gap how far apart the quick run's two sides are, as a factor at least 1; NaN where {@link Headline#wideGap} gives no ratio
     * @param quick the quick run's verdict
     * @param full the full run's verdict, or {@code null} where the full run has no such figure
     * @param finding what the two say together
     */
    public record Row(String title, String against, double gap, String quick, String full, Finding finding) {
    }

    /** What a quick verdict and a full one say together. */
    public enum Finding {
        /** Both state a range and the ranges meet. */
        AGREE("agree"),
        /** Both state a range and the ranges do not meet. */
        CONTRADICT("CONTRADICTS"),
        /** The quick run states one, the full run does not. */
        QUICK_ONLY("quick only"),
        /** The full run states one, the quick run does not. */
        FULL_ONLY("full only"),
        /** Neither does. */
        NEITHER("neither"),
        /** The full run has no such figure. */
        NO_FULL("not in the full run");

        /** The table's word. */
        public final String word;

        Finding(String word) {
            this.word = word;
        }
    }

    /**
     * The comparison of two run folders.
     *
     * @param rows every comparison of the quick run that states something or has a figure on both sides
     * @param wide how many of the quick run's comparisons are {@value #WIDE}x or more apart
     * @param wideSettled how many of those state a verdict
     * @param contradictions how many rows contradict
     */
    public record Result(List<Row> rows, int wide, int wideSettled, int contradictions) {
        /** @return the table and the two counts, as Markdown */
        public String markdown() {
            MarkdownTable t = new MarkdownTable("llrlll", "figure", "against", "quick gap", "quick run", "full run", "together");
            for (Row r : rows) {
                t.row(r.title(), r.against(), Double.isNaN(r.gap()) ? "-" : String.format(Locale.ROOT, "%.1fx", r.gap()), r.quick(),
                        r.full() == null ? "-" : r.full(), r.finding().word);
            }
            return t + "\n" + summary() + "\n";
        }

        /** @return e.g. "Of the quick run's 23 comparisons 3x or more apart, 23 state a verdict; 0 of its verdicts contradict the full run's." */
        public String summary() {
            return String.format(Locale.ROOT, "Of the quick run's %d comparisons %.0fx or more apart (both sides above zero, each"
                    + " side's interval across forks resolved), %d state a verdict; %d of its verdicts contradict the full run's.", wide,
                    WIDE, wideSettled, contradictions);
        }
    }

    /**
     * Compares two run folders of {@code bin/ccrj paper}.
     *
     * @param quick the quick run's folder
     * @param full the full run's folder
     * @return the comparison
     * @throws IOException if a headline.csv cannot be read
     * @throws Publish.Refused naming a folder without a headline.csv of the current layout
     */
    public static Result compare(Path quick, Path full) throws IOException {
        return compare(read(quick), read(full));
    }

    private static Map<String, Map<String, String>> read(Path run) throws IOException {
        Path csv = run.resolve("headline.csv");
        if (!Files.isRegularFile(csv)) {
            throw new Publish.Refused(run + " has no headline.csv: it is not a run folder of bin/ccrj paper");
        }
        return Publish.headline(csv);
    }

    /** {@link #compare(Path, Path)} on two headline.csv files' rows by id. */
    static Result compare(Map<String, Map<String, String>> quick, Map<String, Map<String, String>> full) {
        Map<String, Integer> titles = titleCounts(full);
        Map<String, Integer> quickTitles = titleCounts(quick);
        Map<String, Map<String, String>> fullByTitle = new HashMap<>();
        full.values().forEach(f -> fullByTitle.put(titleKey(f), f));
        List<Row> rows = new ArrayList<>();
        int wide = 0;
        int wideSettled = 0;
        int contradictions = 0;
        for (Map<String, String> q : quick.values()) {
            Map<String, String> f = full.get(q.get("id"));
            if (f == null && titles.getOrDefault(titleKey(q), 0) == 1 && quickTitles.get(titleKey(q)) == 1) {
                f = fullByTitle.get(titleKey(q));
            }
            Estimate ours = estimate(q, "ours", "ours_low", "ours_high");
            for (boolean peer : new boolean[] {false, true}) {
                String column = peer ? "vs_peer" : "vs_published";
                String verdict = q.get(column);
                Estimate other = peer ? estimate(q, "peer_value", "peer_low", "peer_high") : estimate(q, "published", null, null);
                if (verdict.equals("-") || Double.isNaN(other.value())) {
                    continue;
                }
                Optional<Verdict.Stated> said = Verdict.stated(verdict);
                boolean isWide = Headline.wideGap(ours, other, WIDE);
                if (isWide) {
                    wide++;
                    wideSettled += said.isPresent() ? 1 : 0;
                }
                String fullVerdict = f == null ? null : f.get(column);
                Optional<Verdict.Stated> fullSaid = fullVerdict == null ? Optional.empty() : Verdict.stated(fullVerdict);
                Finding finding = fullVerdict == null || fullVerdict.equals("-") ? Finding.NO_FULL
                        : said.isPresent() && fullSaid.isPresent() ? (said.get().contradicts(fullSaid.get()) ? Finding.CONTRADICT : Finding.AGREE)
                        : said.isPresent() ? Finding.QUICK_ONLY : fullSaid.isPresent() ? Finding.FULL_ONLY : Finding.NEITHER;
                contradictions += finding == Finding.CONTRADICT ? 1 : 0;
                double gap = Headline.wideGap(ours, other, 1) ? Math.max(ours.value() / other.value(), other.value() / ours.value())
                        : Double.NaN;
                rows.add(new Row(q.get("figure").strip(), peer ? q.get("peer") : "papers", gap, verdict, fullVerdict, finding));
            }
        }
        return new Result(List.copyOf(rows), wide, wideSettled, contradictions);
    }

    /**
     * Prints the comparison of two run folders; fails, after the table, where a verdict contradicts.
     *
     * @param quick the quick run's folder
     * @param full the full run's folder
     * @param out where the table goes
     * @return the comparison
     * @throws IOException if a headline.csv cannot be read
     * @throws Publish.Refused where a quick verdict contradicts the full run's, after the table (exit status 1)
     */
    static Result print(Path quick, Path full, java.io.PrintStream out) throws IOException {
        Result r = compare(quick, full);
        out.println("Headline verdicts of " + quick + " (quick) beside " + full + " (full):");
        out.println();
        out.print(r.markdown());
        if (r.contradictions() > 0) {
            boolean one = r.contradictions() == 1;
            throw new Publish.Refused(r.contradictions() + (one ? " verdict of " : " verdicts of ") + quick + (one ? " contradicts " : " contradict ")
                    + full + "'s (the rows marked CONTRADICTS)");
        }
        return r;
    }

    private static String titleKey(Map<String, String> row) {
        return row.get("section") + "\u0000" + row.get("figure").strip();
    }

    private static Map<String, Integer> titleCounts(Map<String, Map<String, String>> rows) {
        Map<String, Integer> n = new HashMap<>();
        rows.values().forEach(r -> n.merge(titleKey(r), 1, Integer::sum));
        return n;
    }

    /** A side as headline.csv keeps it: the value, and the interval across forks where it has one. */
    private static Estimate estimate(Map<String, String> row, String value, String low, String high) {
        double v = number(row.get(value));
        double lo = low == null ? Double.NaN : number(row.get(low));
        double hi = high == null ? Double.NaN : number(row.get(high));
        return new Estimate(v, lo, hi);
    }

    private static double number(String cell) {
        return cell == null || cell.isBlank() ? Double.NaN : Double.parseDouble(cell);
    }
}
