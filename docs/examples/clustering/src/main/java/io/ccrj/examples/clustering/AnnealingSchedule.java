package io.ccrj.examples.clustering;

/**
 * The parameters of one deterministic-annealing run (Rose 1998; Qiu, Fox et al. 2008).
 *
 * <p>The run starts at {@code T0 = 2 lambda_max(Cov)} with one cluster, iterates EM at each
 * temperature until the free energy settles ({@code |dF| <= tolerance * F}, at most
 * {@code maxIterations} iterations), splits every cluster whose critical temperature the
 * temperature has fallen below (up to {@code kMax} clusters), cools by {@code alpha}, and after
 * {@code stepsAfterLastSplit} further temperatures at {@code kMax} clusters (or below
 * {@code tMinRatio * T0}) takes the limit {@code T -> 0}: hard memberships, which is k-means, until
 * the distortion stops changing.
 *
 * @param kMax the most clusters, at least 1
 * @param alpha the cooling factor, in (0, 1)
 * @param tolerance the relative change of the free energy at which EM at one temperature stops, &gt; 0
 * @param maxIterations the most EM iterations at one temperature (and in the T -&gt; 0 limit), at least 1
 * @param perturbation a split moves the two halves this many standard deviations (of the cluster along
 *     its principal axis) apart from the centre, each way, &gt; 0
 * @param stepsAfterLastSplit temperatures cooled through at {@code kMax} clusters before the T -&gt; 0 limit
 * @param tMinRatio annealing stops below {@code tMinRatio * T0} even with fewer than kMax clusters, in (0, 1)
 * @param keepHierarchy whether to polish, in the T -&gt; 0 limit, the solution reached at every number of
 *     clusters (1, 2, ... up to the last), for choosing K afterwards ({@link ModelSelection})
 */
public record AnnealingSchedule(int kMax, double alpha, double tolerance, int maxIterations, double perturbation,
                                int stepsAfterLastSplit, double tMinRatio, boolean keepHierarchy) {
    /** @throws IllegalArgumentException naming the parameter out of range */
    public AnnealingSchedule {
        if (kMax < 1) {
            throw new IllegalArgumentException("kMax must be at least 1, got " + kMax);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("the cooling factor alpha must lie in (0, 1), got " + alpha);
        }
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance must be > 0, got " + tolerance);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        }
        if (!(perturbation > 0)) {
            throw new IllegalArgumentException("perturbation must be > 0, got " + perturbation);
        }
        if (stepsAfterLastSplit < 0) {
            throw new IllegalArgumentException("stepsAfterLastSplit must be >= 0, got " + stepsAfterLastSplit);
        }
        if (!(tMinRatio > 0 && tMinRatio < 1)) {
            throw new IllegalArgumentException("tMinRatio must lie in (0, 1), got " + tMinRatio);
        }
    }

    /**
     * The schedule of a quick run: cooling by 0.9, free energy to 1e-6.
     *
     * @param kMax the most clusters
     * @return the schedule
     */
    public static AnnealingSchedule quick(int kMax) {
        return new AnnealingSchedule(kMax, 0.9, 1e-6, 500, 0.05, 8, 1e-6, false);
    }

    /**
     * The schedule of a full run: cooling by 0.95, free energy to 1e-8.
     *
     * @param kMax the most clusters
     * @return the schedule
     */
    public static AnnealingSchedule full(int kMax) {
        return new AnnealingSchedule(kMax, 0.95, 1e-8, 1000, 0.05, 12, 1e-7, false);
    }

    /**
     * This schedule with {@link #keepHierarchy()} set.
     *
     * @param keep whether to keep and polish the solution at every number of clusters
     * @return a copy
     */
    public AnnealingSchedule withHierarchy(boolean keep) {
        return new AnnealingSchedule(kMax, alpha, tolerance, maxIterations, perturbation, stepsAfterLastSplit,
                tMinRatio, keep);
    }
}
