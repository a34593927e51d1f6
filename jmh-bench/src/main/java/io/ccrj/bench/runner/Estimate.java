package io.ccrj.bench.runner;

import java.util.Arrays;
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
 * @param value the statistic on the samples as measured
 * @param low lower end of the interval (NaN if unknown)
 * @param high upper end of the interval (NaN if unknown)
 */
public record Estimate(double value, double low, double high) {
    /** Bootstrap resamples: enough for stable 2.5/97.5 percentiles, cheap next to any run. */
    static final int RESAMPLES = 2_000;

    /** A figure whose spread was not measured: its interval unknown. */
    public static Estimate point(double value) {
        return new Estimate(value, Double.NaN, Double.NaN);
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
