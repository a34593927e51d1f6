package io.ccrj.bench.spark;

import io.ccrj.examples.clustering.GaussianMixture;
import io.ccrj.examples.clustering.Solution;

import java.util.Arrays;

/**
 * The data both sides of the comparison iterate on: the seeded mixture of jmh-bench's
 * {@code AnnealingIterationBenchmark} (D = 2, K = 8, centres 6 standard deviations apart, the
 * seed the point count), and its true centres as the start, so that the two benchmarks of this
 * module and the fixed-T EM benchmark there all work the same points from the same centres.
 */
final class KMeansData {
    static final int DIMS = 2;
    static final int CLUSTERS = 8;
    static final double SEPARATION = 6;

    private KMeansData() {
    }

    /** The mixture of {@code points} points. */
    static GaussianMixture.Labelled mixture(int points) {
        if (points < CLUSTERS) {
            throw new IllegalArgumentException("points must be at least " + CLUSTERS + " (one per cluster), got " + points);
        }
        return GaussianMixture.generate(points, DIMS, CLUSTERS, SEPARATION, points);
    }

    /** The true centres, equal priors (k-means does not read them). */
    static Solution start(GaussianMixture.Labelled data) {
        double[] priors = new double[CLUSTERS];
        Arrays.fill(priors, 1.0 / CLUSTERS);
        return new Solution(CLUSTERS, DIMS, data.centres().clone(), priors);
    }
}
