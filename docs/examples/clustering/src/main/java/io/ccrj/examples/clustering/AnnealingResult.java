package io.ccrj.examples.clustering;

import java.util.List;

/**
 * What an annealing run found and what it cost.
 *
 * @param solution the final centres and priors (after the T -&gt; 0 limit)
 * @param t0 the starting temperature, {@code 2 lambda_max(Cov)} (0 for a k-means run)
 * @param steps every temperature, in order, the T -&gt; 0 limit last
 * @param iterations the EM iterations of the whole run (all temperatures)
 * @param meanIterationNanos the mean wall time of one, on rank 0 (reduction included)
 * @param fluctuation the mean over iterations of the slowest rank's compute time (before the
 *     reduction) over the ranks' mean: 1 for perfectly balanced ranks
 * @param hierarchy with {@link AnnealingSchedule#keepHierarchy()}: the solution at each number of
 *     clusters the run passed through, each polished in the T -&gt; 0 limit, fewest first; else empty
 * @param splitTemperatures the temperature of every split, in order
 */
public record AnnealingResult(Solution solution, double t0, List<Step> steps, int iterations,
                              double meanIterationNanos, double fluctuation, List<Solution> hierarchy,
                              List<Double> splitTemperatures) {
}
