package io.ccrj.bench.runner;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;
import java.util.stream.IntStream;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * A figure with its 95% interval. The interval comes from a percentile bootstrap over the
 * repetitions (each sample set resampled with replacement, the statistic recomputed, the 2.5th and
 * 97.5th percentiles of those taken): it says how far the figure would move if the run were
 * repeated, given the spread the repetitions showed. With one repetition there is no interval
 * ({@code low = high = value}), which {@link #hasInterval()} reports.
 *
 * <p>A figure from a single JMH fork has no interval across forks (that fork may have caught either
 * of the forks' modes), but it keeps the interval of its own iterations as {@code withinFork}:
 * {@link Verdict} widens that by the fork-to-fork spread the same run measured ({@link ForkSpread})
 * to state a bound where the gap is wide enough.
 *
 * @param value the statistic on the samples as measured
 * @param low lower end of the interval (NaN if unknown)
 * @param high upper end of the interval (NaN if unknown)
 * @param withinFork for a figure from one JMH fork, that fork's interval over its iterations (a
 *     point where it ran one iteration); {@code null} for every other figure
 */
public record Estimate(double value, double low, double high, Estimate withinFork) {
    /** Bootstrap resamples: enough for stable 2.5/97.5 percentiles, cheap next to any run. */
    static final int RESAMPLES = 2_000;

    /** Checks that a one-fork figure's own interval is not itself one of one fork. */
    public Estimate {
        if (withinFork != null && withinFork.withinFork != null) {
            throw new IllegalArgumentException("a fork's interval has no fork of its own");
        }
    }

    /** A figure with an interval, not of a single fork. */
    public Estimate(double value, double low, double high) {
        this(value, low, high, null);
    }

    /** A figure whose spread was not measured: its interval unknown. */
    public static Estimate point(double value) {
        return new Estimate(value, Double.NaN, Double.NaN);
    }

    /**
     * A figure from one JMH fork: no interval across forks, and that fork's own interval.
     *
     * @param fork the fork's figure with the interval of its iterations
     * @return the figure for ratios and the headline
     */
    public static Estimate oneFork(Estimate fork) {
        return new Estimate(fork.value, Double.NaN, Double.NaN, new Estimate(fork.value, fork.low, fork.high));
    }

    /** @return whether the figure comes from a single JMH fork ({@link #withinFork()} is its interval) */
    public boolean fromOneFork() {
        return withinFork != null;
    }

    /**
     * This figure through a monotone map (a change of unit, or a time turned into a rate): the value
     * and every end, the ends kept in order (a decreasing map swaps them).
     */
    public Estimate map(DoubleUnaryOperator g) {
        double a = g.applyAsDouble(low);
        double b = g.applyAsDouble(high);
        boolean none = Double.isNaN(a) || Double.isNaN(b);
        return new Estimate(g.applyAsDouble(value), none ? Double.NaN : Math.min(a, b), none ? Double.NaN : Math.max(a, b),
                withinFork == null ? null : withinFork.map(g));
    }

    /** Whether the interval is known and wider than a point. */
    public boolean hasInterval() {
        return !Double.isNaN(low) && !Double.isNaN(high) && high > low;
    }

    /** Whether {@code x} lies inside the interval (false when there is none). */
    public boolean contains(double x) {
        return hasInterval() && x >= low && x <= high;
    }

    /**
     * How far apart the ends of the interval are, as a factor: high / low. Infinite where the
     * interval reaches zero or below, NaN where there is none.
     */
    public double spread() {
        if (!hasInterval()) {
            return Double.NaN;
        }
        return low > 0 ? high / low : Double.POSITIVE_INFINITY;
    }

    /**
     * Whether this run resolved the figure: a positive value with an interval that stays above zero
     * and whose ends are at most {@link #RESOLVED_SPREAD} apart. A wider interval says the run
     * cannot tell the figure from a third or three times itself; a ratio built on it would be
     * its noise, not the figure.
     */
    public boolean resolved() {
        return value > 0 && spread() <= RESOLVED_SPREAD;
    }

    /** The widest interval, as high / low, that still counts as a figure. */
    public static final double RESOLVED_SPREAD = 3;

    /** Whether the two intervals overlap (false if either has none). */
    public boolean overlaps(Estimate other) {
        return hasInterval() && other.hasInterval() && low <= other.high && other.low <= high;
    }

    /** The median of the samples (one value per repetition, at least one) with its bootstrap interval. */
    public static Estimate median(double[] samples) {
        return bootstrap(s -> medianOf(s[0]), samples);
    }

    /**
     * A statistic of one or more sample sets with its percentile-bootstrap 95% interval. The
     * resampling is seeded, so the same samples always give the same interval. The {@code statistic}
     * computes the figure from one array per sample set (resampled or not); each set must be non-empty.
     */
    public static Estimate bootstrap(ToDoubleFunction<double[][]> statistic, double[]... sets) {
        if (Arrays.stream(sets).anyMatch(s -> s.length == 0)) {
            throw new IllegalArgumentException("bootstrap of an empty sample set");
        }
        double value = statistic.applyAsDouble(sets);
        if (Arrays.stream(sets).allMatch(s -> s.length < 2)) {
            return new Estimate(value, value, value);
        }
        RandomGenerator random = new Well19937c(0x5eed);
        double[] stats = new double[RESAMPLES];
        double[][] resampled = new double[sets.length][];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int k = 0; k < sets.length; k++) {
                double[] s = sets[k];
                resampled[k] = IntStream.range(0, s.length).mapToDouble(i -> s[random.nextInt(s.length)]).toArray();
            }
            stats[b] = statistic.applyAsDouble(resampled);
        }
        Percentile p = new Percentile();
        return new Estimate(value, Math.min(value, p.evaluate(stats, 2.5)), Math.max(value, p.evaluate(stats, 97.5)));
    }

    /** The median of at least one value (commons-math3's default estimator: the mean of the two middle values). */
    public static double medianOf(double[] samples) {
        return new Percentile().evaluate(samples, 50);
    }
}
