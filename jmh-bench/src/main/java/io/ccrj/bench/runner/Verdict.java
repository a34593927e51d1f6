package io.ccrj.bench.runner;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How one of our figures compares with another (the papers', a point; or a peer's from the same
 * run): the one rule every table and the headline use, so that a quick run and a full run state the
 * same kind of verdict from the evidence each has.
 *
 * <p>Each side becomes an interval the true figure most likely lies in:
 * <ul>
 *   <li>a figure with an interval across two forks or more (or over repeated runs) keeps it, if it
 *   is resolved ({@link Estimate#resolved()}: above zero, at most {@value Estimate#RESOLVED_SPREAD}x
 *   wide); otherwise nothing is stated;</li>
 *   <li>a figure of ours from a single JMH fork has no interval across forks: its own iterations'
 *   interval is widened on both sides by the fork-to-fork spread the same run measured on this
 *   machine ({@link ForkSpread#factor()}: the median, over every benchmark of the run with
 *   {@value ForkSpread#LEAST_FORKS} forks or more, of its largest fork over its smallest; at least
 *   {@value ForkSpread#ASSUMED}x), since another fork could have landed that much higher or lower;</li>
 *   <li>the other side's figure from a single fork (a peer's, MPJ Express's, another server's) is
 *   widened by that factor squared ({@link ForkSpread#otherFactor()}): the benchmarks the spread is
 *   taken over are ours and the floor, so it says how far forks of our code vary, not how far
 *   another program's do, whose modes (its JIT, its GC, its threads' start-up) no benchmark of the
 *   run sampled;</li>
 *   <li>a fork of one iteration (a smoke run's, say) has no interval of its own and gives no
 *   verdict; a published figure is a point; one of ours without any interval (a single
 *   repetition) gives no verdict.</li>
 * </ul>
 * So against a published point a single fork of ours needs a gap wider than the spread; ours across
 * forks against a peer's single fork, wider than its square; one fork each, wider than its cube.
 * A second quick fork of each peer is not how the peers section meets this: two forks give an
 * interval across forks that is taken as it is, so a peer whose two forks caught one mode would
 * state a narrow ratio where one widened fork states a cautious bound, and a second fork of the
 * thirty-one peer benchmarks would add about as many fork starts and iterations again as the
 * section's peers now take, past the quick run's time.
 *
 * <p>Where the two intervals are apart, the ratio is stated with the range every pair of values in
 * them allows: "2.00x better (1.81-2.21x)" when both intervals are across forks, and only the
 * cautious end when a side is one widened fork: "at least 5.5x better (one fork; forks here vary
 * 2.4x, the median of 7 benchmarks)". Where forks vary 2x, a 20x gap seen in one fork each is a verdict;
 * a 1.2x gap never is.
 * Where they overlap, the verdict is "not resolved" with the cheapest setting that would settle it:
 * more forks of the same length when the single forks' own intervals are apart by more than the
 * forks vary (their median across forks then decides), else the longer runs of {@code --full}, or
 * after a full run more forks.
 *
 * @param kind what was concluded
 * @param ratio ours over the other as "times better" (above 1 better, below 1 worse); NaN where nothing was concluded
 * @param low the cautious end of the ratio's range, as "times better"; NaN where nothing was concluded
 * @param high the other end; NaN where nothing was concluded
 * @param text the table cell
 */
public record Verdict(Kind kind, double ratio, double low, double high, String text) {

    /** What a comparison concluded. */
    public enum Kind {
        /** Nothing to compare (a side missing). */
        NONE,
        /** Both intervals across forks (or repetitions), apart: the ratio and its range. */
        RATIO,
        /** A side from one fork, widened by the fork spread, still apart: a bound. */
        AT_LEAST,
        /** The evidence does not support a ratio; the text names the setting that would. */
        UNRESOLVED
    }

    /**
     * Where a comparison was made, for the setting a rerun needs.
     *
     * @param section the section that measured ours ({@code overhead}, {@code mpi}, {@code dss}, {@code peers})
     * @param full whether the run was {@code --full}
     * @param spread the fork-to-fork spread the run measured
     */
    public record Context(String section, boolean full, ForkSpread spread) {
        /** @return the setting that narrows an interval: {@code --full}, or after a full run more forks */
        String longer() {
            return Headline.rerun(section, full);
        }

        /** @return more forks of the same length, as a command of the section */
        String moreForks() {
            return full ? Headline.rerun(section, true) : "bin/ccrj " + section + " --forks " + FORKS_TO_SETTLE;
        }
    }

    /** Forks whose median settles a gap wider than the forks vary: three outvote one fork in the other mode. */
    static final int FORKS_TO_SETTLE = 3;

    /** One side as an interval, or why it gives none. */
    private record Side(double low, double high, boolean widened, double ownLow, double ownHigh, String unresolved) {
        static Side of(Estimate e, boolean ours, ForkSpread spread) {
            String whose = ours ? "ours'" : "the other's";
            if (e.hasInterval()) {
                if (!e.resolved()) {
                    return why(whose + " interval " + (e.low() <= 0 ? "reaches zero"
                            : String.format(Locale.ROOT, "spans more than %.0fx", Estimate.RESOLVED_SPREAD)));
                }
                return new Side(e.low(), e.high(), false, e.low(), e.high(), null);
            }
            if (e.fromOneFork()) {
                Estimate w = e.withinFork();
                if (!w.hasInterval()) {
                    // one iteration (or a smoke run in this JVM): nothing says how far it strays
                    return why((ours ? "ours is" : "the other is") + " one fork of one iteration");
                }
                double lo = w.low();
                double hi = w.high();
                if (lo <= 0) {
                    return why((ours ? "our" : "the other's") + " fork's interval reaches zero");
                }
                double factor = ours ? spread.factor() : spread.otherFactor();
                return new Side(lo / factor, hi * factor, true, lo, hi, null);
            }
            if (ours) {
                return why("ours has no interval (one repetition)");
            }
            return new Side(e.value(), e.value(), false, e.value(), e.value(), null);
        }

        static Side why(String reason) {
            return new Side(Double.NaN, Double.NaN, false, Double.NaN, Double.NaN, reason);
        }
    }

    /**
     * Compares ours with the other figure, whichever direction is better.
     *
     * @param ours our figure
     * @param other the papers' (a point) or a peer's from the same run
     * @param lowerIsBetter true for times, false for rates
     * @param c where the comparison is made
     * @return the verdict
     */
    public static Verdict of(Estimate ours, Estimate other, boolean lowerIsBetter, Context c) {
        double o = ours.value();
        double t = other.value();
        if (Double.isNaN(o) || Double.isNaN(t) || t <= 0) {
            return new Verdict(Kind.NONE, Double.NaN, Double.NaN, Double.NaN, "-");
        }
        if (o <= 0) {
            return unresolved("ours below the resolution of this run", c.longer());
        }
        ForkSpread spread = c.spread();
        Side a = Side.of(ours, true, spread);
        Side b = Side.of(other, false, spread);
        // The cells name the other side's wider factor only where it was used.
        String spreadText = b.widened() ? spread.describeWithOther() : spread.describe();
        if (a.unresolved() != null || b.unresolved() != null) {
            String why = a.unresolved() != null ? a.unresolved() : b.unresolved();
            return unresolved(why, why.endsWith("one fork of one iteration") ? c.moreForks() : c.longer());
        }
        boolean widened = a.widened() || b.widened();
        if (a.low() <= b.high() && b.low() <= a.high()) {
            if (!widened) {
                return unresolved("the intervals overlap", c.longer());
            }
            // The single forks' own intervals, unwidened: apart by more than forks vary, the median
            // of a few forks decides; closer than that, only longer runs of more forks will.
            double apart = Math.max(a.ownLow() / b.ownHigh(), b.ownLow() / a.ownHigh());
            String gap = String.format(Locale.ROOT, "%s, %sx apart, and %s", a.widened() && b.widened() ? "one fork each"
                    : "one fork", num(Math.max(o / t, t / o)), spreadText);
            // Three forks of each side measure the other's modes too, so the plain spread is the test.
            return unresolved(gap, apart > spread.factor() ? c.moreForks() : c.longer());
        }
        // Over every pair of values the two intervals allow; all positive and apart, so the whole
        // range lies on one side of 1.
        double x = lowerIsBetter ? b.low() / a.high() : a.low() / b.high();
        double y = lowerIsBetter ? b.high() / a.low() : a.high() / b.low();
        double lo = Math.min(x, y);
        double hi = Math.max(x, y);
        double r = lowerIsBetter ? t / o : o / t;
        boolean better = lo > 1;
        // The cautious end: nearest to 1.
        double cautious = better ? lo : hi;
        if (widened) {
            String which = a.widened() && b.widened() ? "one fork each" : a.widened() ? "one fork" : "the other one fork";
            return new Verdict(Kind.AT_LEAST, r, cautious, better ? hi : lo, "at least " + times(cautious) + " " + word(better)
                    + " (" + which + "; " + spreadText + ")");
        }
        // Shown the way the ratio is: as is where ours is better, inverted where it is worse.
        return new Verdict(Kind.RATIO, r, cautious, better ? hi : lo, times(r) + " " + word(r >= 1)
                + String.format(Locale.ROOT, " (%s-%sx)", num(better ? lo : 1 / hi), num(better ? hi : 1 / lo)));
    }

    /**
     * What a verdict's text states, read back from a run's table or {@code headline.csv}: the range
     * of ours over the other figure as "times better" (above 1 better), each end widened by the
     * rounding of the number it was printed as, so that two texts of one measurement never seem to
     * disagree by their last digit.
     *
     * @param low the least "times better" the text allows (0 for "at least Nx worse")
     * @param high the most (infinite for "at least Nx better")
     */
    public record Stated(double low, double high) {
        /** Checks the range. */
        public Stated {
            if (!(low >= 0) || !(high >= low)) {
                throw new IllegalArgumentException("a stated range of " + low + " .. " + high);
            }
        }

        /**
         * @param other another statement about the same comparison
         * @return whether the two cannot both be true: their ranges do not meet
         */
        public boolean contradicts(Stated other) {
            return high < other.low || other.high < low;
        }
    }

    /** The texts {@link #of} writes where it concludes: a ratio with its range, or a bound. */
    private static final Pattern STATED = Pattern.compile(
            "(at least )?([0-9]+(?:\\.[0-9]+)?)x (better|worse)(?: \\(([0-9]+(?:\\.[0-9]+)?)-([0-9]+(?:\\.[0-9]+)?)x\\))?.*");

    /**
     * Reads a verdict's text back ({@link #text()}, as a table or {@code headline.csv} keeps it).
     *
     * @param text the cell
     * @return the range it states; empty where it states none ("not resolved: ...", "-")
     * @throws IllegalArgumentException for a ratio's text without its range, which {@link #of} never writes
     */
    public static Optional<Stated> stated(String text) {
        Matcher m = STATED.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        boolean better = m.group(3).equals("better");
        double lo;
        double hi;
        if (m.group(1) != null) {
            lo = down(m.group(2));
            hi = Double.POSITIVE_INFINITY;
        } else if (m.group(4) != null) {
            lo = down(m.group(4));
            hi = up(m.group(5));
        } else {
            throw new IllegalArgumentException("a ratio without its range: " + text);
        }
        // Worse: the numbers are "times worse"; as "times better" the range turns over.
        return Optional.of(better ? new Stated(lo, hi) : new Stated(hi == Double.POSITIVE_INFINITY ? 0 : 1 / hi, 1 / lo));
    }

    /** @return the least value a printed number stands for ({@link #num}: two decimals below 10, whole from 10) */
    private static double down(String printed) {
        return Math.max(0, Double.parseDouble(printed) - halfUnit(printed));
    }

    private static double up(String printed) {
        return Double.parseDouble(printed) + halfUnit(printed);
    }

    private static double halfUnit(String printed) {
        int dot = printed.indexOf('.');
        return dot < 0 ? 0.5 : 0.5 * Math.pow(10, -(printed.length() - dot - 1));
    }

    private static Verdict unresolved(String why, String rerun) {
        return new Verdict(Kind.UNRESOLVED, Double.NaN, Double.NaN, Double.NaN, "not resolved: " + why + "; rerun with " + rerun);
    }

    /** @return whether a ratio or a bound was stated */
    public boolean resolved() {
        return kind == Kind.RATIO || kind == Kind.AT_LEAST;
    }

    /** "3.20x" of a ratio given as times better, shown the way round that is at least 1. */
    private static String times(double r) {
        return num(r >= 1 ? r : 1 / r) + "x";
    }

    private static String word(boolean better) {
        return better ? "better" : "worse";
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f" : "%.2f", v);
    }
}
