package io.ccrj.bench.runner;

import java.util.Collection;
import java.util.Locale;

/**
 * How far apart forks of one benchmark land on this machine, as the same run measured it: the
 * largest ratio between two forks' scores of any benchmark that ran two forks or more (the
 * core-to-core hand-off floor runs three in every mode for this). {@link Verdict} widens a single
 * fork's interval by {@link #factor()} before it states a bound on it.
 *
 * <p>The factor is never below {@value #ASSUMED}: on machines of two to four vCPUs, forks of a
 * cross-thread benchmark fall into modes about 2x apart (where the JVM's threads landed), and a run
 * whose few forks all caught one mode has not shown that the other is absent.
 *
 * @param measured the largest fork-to-fork ratio the run showed, NaN where no benchmark ran two forks
 * @param benchmarks how many benchmarks with two forks or more it was taken over
 */
public record ForkSpread(double measured, int benchmarks) {
    /** The least fork-to-fork spread assumed on a small machine, whatever a run showed. */
    public static final double ASSUMED = 2.0;

    /** A run that measured none: the assumed factor alone. */
    public static final ForkSpread NONE = new ForkSpread(Double.NaN, 0);

    /** Checks the figures. */
    public ForkSpread {
        if (benchmarks < 0 || (benchmarks == 0) != Double.isNaN(measured) || measured < 1) {
            throw new IllegalArgumentException("a fork spread of " + measured + " over " + benchmarks + " benchmarks");
        }
    }

    /** @return the spread of the benchmarks among {@code forks} that ran two forks or more */
    public static ForkSpread of(Collection<Forks> forks) {
        ForkSpread s = NONE;
        for (Forks f : forks) {
            double r = f.forkSpread();
            if (!Double.isNaN(r)) {
                s = s.with(r);
            }
        }
        return s;
    }

    /** @return this spread with one more benchmark's fork-to-fork ratio */
    ForkSpread with(double ratio) {
        return new ForkSpread(benchmarks == 0 ? ratio : Math.max(measured, ratio), benchmarks + 1);
    }

    /** @return the spread of two runs (or sections) together */
    public ForkSpread and(ForkSpread other) {
        if (other.benchmarks == 0) {
            return this;
        }
        if (benchmarks == 0) {
            return other;
        }
        return new ForkSpread(Math.max(measured, other.measured), benchmarks + other.benchmarks);
    }

    /** @return the factor a single fork's interval is widened by on each side: the measured spread, at least {@value #ASSUMED} */
    public double factor() {
        return benchmarks == 0 ? ASSUMED : Math.max(ASSUMED, measured);
    }

    /** @return for a table: "forks here vary up to 2.4x", or where the run showed less, what is assumed and what it showed */
    public String describe() {
        if (benchmarks > 0 && measured >= ASSUMED) {
            return String.format(Locale.ROOT, "forks here vary up to %.1fx", measured);
        }
        return String.format(Locale.ROOT, "forks vary up to %.0fx on small machines%s", ASSUMED, benchmarks == 0
                ? ", none measured in this run" : String.format(Locale.ROOT, ", up to %.2fx in this run", measured));
    }
}
