package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Forks;

/**
 * One cell of the papers' Tables 1-2 as JMH measured it: the forks of T(S), the pattern's
 * computation in S stages, and of T(1), the same work as one stage on the same number of
 * computations ({@link SpawnedComputationBenchmark}). The figures are medians of the forks' scores,
 * and the overhead per stage, {@code (T(S) - T(1)) / S} (Qiu, Fox &amp; Ho 2006, Table 2), comes with a
 * bootstrap interval that resamples the two benchmarks' forks (and their iterations) independently,
 * as they ran independently.
 *
 * @param pattern the message pattern
 * @param ways parallel computations
 * @param mode match or default
 * @param threads the dispatcher's worker count for T(S)
 * @param singleStageThreads the dispatcher's worker count for T(1) (one per computation where the
 *     threads cannot share the one-stage computations evenly, see {@link SpawnedComputationBenchmark})
 * @param stages S
 * @param unitsPerStage basic units per stage
 * @param single T(1)'s forks
 * @param staged T(S)'s forks
 * @param sameAs a note where this cell is another's measurement filed under a second thread mode
 *     (the configuration is identical: "default" is 2 threads on 2 cores, so 2-way default = 2-way
 *     match), else {@code null}
 */
public record OverheadCell(SpawnedPattern pattern, int ways, ThreadMode mode, int threads, int singleStageThreads, int stages,
                           int unitsPerStage, Forks single, Forks staged, String sameAs) {
    /** Checks S. */
    public OverheadCell {
        if (stages < 1) {
            throw new IllegalArgumentException("stages must be at least 1, was " + stages);
        }
    }

    /** @return JMH's score unit in seconds, e.g. 1e-3 for {@code ms/op} */
    static double seconds(String jmhUnit) {
        return switch (jmhUnit) {
            case "ns/op" -> 1e-9;
            case "us/op" -> 1e-6;
            case "ms/op" -> 1e-3;
            case "s/op" -> 1;
            default -> throw new IllegalArgumentException("unexpected JMH unit " + jmhUnit + " (expected a time per operation)");
        };
    }

    /** @return median T(1) over the forks, s */
    public double singleStageSeconds() {
        return single.estimate().value() * seconds(single.unit());
    }

    /** @return median T(S) over the forks, s */
    public double stagedSeconds() {
        return staged.estimate().value() * seconds(staged.unit());
    }

    /** @return (median T(S) - median T(1)) / S in µs, with its bootstrap 95% interval over both benchmarks' forks */
    public Estimate overhead() {
        double s1 = seconds(single.unit()) * 1e6;
        double ss = seconds(staged.unit()) * 1e6;
        return Forks.bootstrap(f -> (Estimate.medianOf(f[1]) * ss - Estimate.medianOf(f[0]) * s1) / stages, single, staged);
    }

    /**
     * The figure for the headline: {@link #overhead()} where both benchmarks ran
     * {@value #FORKS_FOR_BOOTSTRAP} forks or more. With one fork on either side, its value alone,
     * with no interval, since one fork's interval holds its iterations only and not the other mode
     * a second fork may land in ({@link Forks#acrossForks()}). With two, the interval also spans every
     * pairing of one T(1) fork with one T(S) fork ({@link #forkBand()}): a bootstrap that resamples
     * two forks is too sure of itself (two consecutive quick runs of 2 forks put one cell's
     * interval at 0.81-1.36 µs and the other at -0.90-0.79 µs).
     */
    public Estimate overheadAcrossForks() {
        Estimate e = overhead();
        int fewest = Math.min(single.iterations().size(), staged.iterations().size());
        if (fewest < 2) {
            return Estimate.point(e.value());
        }
        if (fewest < FORKS_FOR_BOOTSTRAP) {
            double[] band = forkBand();
            return new Estimate(e.value(), Math.min(e.low(), band[0]), Math.max(e.high(), band[1]));
        }
        return e;
    }

    /** Forks per benchmark from which the bootstrap interval alone is the headline's. */
    static final int FORKS_FOR_BOOTSTRAP = 3;

    /**
     * The overheads every pairing of one T(1) fork with one T(S) fork gives, each fork by the mean
     * of its iterations: {(fastest T(S) fork - slowest T(1) fork) / S, (slowest T(S) fork -
     * fastest T(1) fork) / S}, in µs.
     */
    double[] forkBand() {
        double s1 = seconds(single.unit()) * 1e6;
        double ss = seconds(staged.unit()) * 1e6;
        java.util.DoubleSummaryStatistics t1 = single.iterations().stream()
                .mapToDouble(f -> java.util.Arrays.stream(f).average().orElse(Double.NaN) * s1).summaryStatistics();
        java.util.DoubleSummaryStatistics ts = staged.iterations().stream()
                .mapToDouble(f -> java.util.Arrays.stream(f).average().orElse(Double.NaN) * ss).summaryStatistics();
        return new double[] {(ts.getMin() - t1.getMax()) / stages, (ts.getMax() - t1.getMin()) / stages};
    }

    /** @return whether the forks of T(1) or T(S) fell into two modes more than 1.5x apart */
    public boolean split() {
        return single.modes().split() || staged.modes().split();
    }

    /**
     * The compute time per stage that T(1) showed: {@code ways} one-stage computations sharing
     * {@code min(ways, cores)} cores.
     *
     * @param cores the machine's processors
     * @return µs of computation per stage of one computation
     */
    public double observedStageMicros(int cores) {
        return singleStageSeconds() * 1e6 * Math.min(ways, cores) / ways / stages;
    }

    /** @return the same measurement filed under another thread mode, with a note saying so */
    public OverheadCell as(ThreadMode otherMode, String note) {
        return new OverheadCell(pattern, ways, otherMode, threads, singleStageThreads, stages, unitsPerStage, single, staged, note);
    }
}
