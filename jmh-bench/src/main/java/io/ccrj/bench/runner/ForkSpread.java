package io.ccrj.bench.runner;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * How far apart forks of one benchmark land on this machine, as the same run measured it: for
 * every benchmark of the run with {@value #LEAST_FORKS} forks or more, the ratio of its largest
 * fork's score to its smallest; the spread is the median of those ratios. In a quick run these are
 * the core-to-core hand-off floor ({@code MpiRunner.FLOOR_FORKS} forks in every mode) and
 * ccr-core's side of the six messaging workloads of the peers section
 * ({@code PeersRunner.OURS_LEAST_FORKS}); a full run has five forks of everything. {@link Verdict}
 * widens a single fork's interval by {@link #factor()} before it states a bound on it.
 *
 * <p>Why the median and not the largest ratio: the range of three forks of one benchmark is itself
 * a noisy figure, which swings from one run of the same code to the next, and the verdicts of a
 * whole run swung with it. The median of several benchmarks'
 * ranges is the typical spread of a fork here, which one benchmark that caught an extreme fork
 * moves by at most one place in the order. It is what a single fork is widened by, not a worst
 * case: {@link Verdict} allows more for the single fork of another program, whose modes these
 * benchmarks do not sample ({@link #otherFactor()}).
 *
 * <p>Why only benchmarks of {@value #LEAST_FORKS} forks or more: the ratio of two forks is one
 * sample of the spread and runs lower than the range of three, so mixing them (the overhead
 * section's two forks each) would pull the median down.
 *
 * <p>The factor is never below {@value #ASSUMED}: on machines of two to four vCPUs, forks of a
 * cross-thread benchmark fall into modes about 2x apart (where the JVM's threads landed), and a run
 * whose few forks all caught one mode has not shown that the other is absent.
 *
 * @param ratios each counted benchmark's largest fork over its smallest, in the run's order (none
 *     where no benchmark ran {@value #LEAST_FORKS} forks)
 */
public record ForkSpread(List<Double> ratios) {
    /** The least fork-to-fork spread assumed on a small machine, whatever a run showed. */
    public static final double ASSUMED = 2.0;

    /** Forks a benchmark needs for its range to count. */
    public static final int LEAST_FORKS = 3;

    /** The rule in words, for a table's notes. */
    public static final String RULE = "the median, over the run's benchmarks of " + LEAST_FORKS + " forks or more, of each one's"
            + " largest fork over its smallest, at least " + (int) ASSUMED + "x";

    /** A run that measured none: the assumed factor alone. */
    public static final ForkSpread NONE = new ForkSpread(List.of());

    /** Copies and checks the ratios. */
    public ForkSpread {
        ratios = List.copyOf(ratios);
        for (double r : ratios) {
            if (!(r >= 1) || Double.isInfinite(r)) {
                throw new IllegalArgumentException("a fork-to-fork ratio of " + r);
            }
        }
    }

    /** @return the spread of some benchmarks' ratios, as given (each their largest fork over their smallest) */
    public static ForkSpread of(double... ratios) {
        List<Double> l = new ArrayList<>();
        for (double r : ratios) {
            l.add(r);
        }
        return new ForkSpread(l);
    }

    /** @return the spread of the benchmarks among {@code forks} that ran {@value #LEAST_FORKS} forks or more */
    public static ForkSpread of(Collection<Forks> forks) {
        List<Double> l = new ArrayList<>();
        for (Forks f : forks) {
            if (f.iterations().size() >= LEAST_FORKS) {
                l.add(f.forkSpread());
            }
        }
        return new ForkSpread(l);
    }

    /** @return the spread of two runs (or sections) together: every benchmark of both */
    public ForkSpread and(ForkSpread other) {
        List<Double> l = new ArrayList<>(ratios);
        l.addAll(other.ratios);
        return new ForkSpread(l);
    }

    /** @return how many benchmarks the spread was taken over */
    public int benchmarks() {
        return ratios.size();
    }

    /** @return the median of the benchmarks' ratios; NaN where there are none */
    public double measured() {
        return ratios.isEmpty() ? Double.NaN : Estimate.medianOf(ratios.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** @return the factor a single fork's interval is widened by on each side: the measured spread, at least {@value #ASSUMED} */
    public double factor() {
        return ratios.isEmpty() ? ASSUMED : Math.max(ASSUMED, measured());
    }

    /**
     * The factor for the single fork of the other side of a comparison (a peer's, MPJ Express's,
     * another server's): {@link #factor()} squared. The benchmarks the spread is taken over are
     * ours and the floor; another program's forks have modes of their own (its JIT, its GC, its
     * threads' start-up) that none of them sampled, and a single fork of one can land further from
     * its median than ours vary. The square is a margin, not a measurement: it asks of a gap
     * against one fork of another program what a gap between two widened forks of ours needs.
     *
     * @return {@link #factor()} squared
     */
    public double otherFactor() {
        return factor() * factor();
    }

    /**
     * @return for a table: "forks here vary 2.4x, the median of 7 benchmarks", or where the run
     *     showed less, what is assumed and what it showed
     */
    public String describe() {
        if (ratios.isEmpty()) {
            return String.format(Locale.ROOT, "forks vary up to %.0fx on small machines, none measured in this run", ASSUMED);
        }
        String over = ratios.size() == 1 ? "from 1 benchmark" : "the median of " + ratios.size() + " benchmarks";
        if (measured() >= ASSUMED) {
            return String.format(Locale.ROOT, "forks here vary %.1fx, %s", measured(), over);
        }
        return String.format(Locale.ROOT, "forks vary up to %.0fx on small machines, %.2fx in this run, %s", ASSUMED, measured(), over);
    }

    /** @return {@link #describe()} and what the other side's single fork is widened by: "...; the other's one fork: 5.8x" */
    public String describeWithOther() {
        return describe() + String.format(Locale.ROOT, "; the other's one fork: %.1fx", otherFactor());
    }
}
