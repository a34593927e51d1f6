package io.ccrj.examples.clustering;

import java.util.Arrays;

/**
 * K cluster centres in D dimensions and their priors (the fraction of the points each holds).
 *
 * @param k the number of clusters
 * @param d the dimensions
 * @param centres {@code k * d} coordinates, centre by centre
 * @param priors {@code k} priors summing to 1
 */
public record Solution(int k, int d, double[] centres, double[] priors) {
    /**
     * One coordinate of a centre.
     *
     * @param c the cluster
     * @param j the dimension
     * @return its coordinate
     */
    public double centre(int c, int j) {
        return centres[c * d + j];
    }

    /**
     * The cluster whose centre is nearest to point {@code i} (the lowest index among equals): the
     * hard assignment, the T -&gt; 0 limit of the soft memberships.
     *
     * @param points the points
     * @param i the point
     * @return its cluster
     */
    public int nearest(Points points, int i) {
        double[] x = points.values();
        int base = i * d;
        int best = 0;
        double bestD = Double.POSITIVE_INFINITY;
        for (int c = 0; c < k; c++) {
            double s = 0;
            for (int j = 0; j < d; j++) {
                double t = x[base + j] - centres[c * d + j];
                s += t * t;
            }
            if (s < bestD) {
                bestD = s;
                best = c;
            }
        }
        return best;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Solution s && s.k == k && s.d == d && Arrays.equals(s.centres, centres)
                && Arrays.equals(s.priors, priors);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(centres) + Arrays.hashCode(priors);
    }

    @Override
    public String toString() {
        return k + " centres in " + d + " dimensions " + Arrays.toString(centres);
    }
}
