package io.ccrj.examples.clustering;

import java.util.SplittableRandom;

/**
 * A seeded mixture of spherical Gaussian clusters, well separated: the data a run is checked on.
 *
 * <p>The K centres are drawn uniformly in a cube and redrawn until every two lie at least
 * {@code separation} standard deviations (of the wider of the two) apart; each cluster has its own
 * spread, between 0.6 and 1.4, and an equal share of the points (point {@code i} is drawn from
 * cluster {@code i mod K} and the points are then shuffled). The same arguments always give the
 * same points.
 */
public final class GaussianMixture {
    private GaussianMixture() {
    }

    /**
     * Points with the cluster each was drawn from.
     *
     * @param points the points
     * @param labels the cluster of each point, in [0, K)
     * @param centres the true centres, K x D, row by row
     */
    public record Labelled(Points points, int[] labels, double[] centres) {
    }

    /**
     * Draws a mixture.
     *
     * @param n the points, at least 1
     * @param d the dimensions, at least 1
     * @param k the clusters, 1 to n
     * @param separation the least distance between two centres, in standard deviations (8 is well separated)
     * @param seed the seed
     * @return the points and their clusters
     * @throws IllegalArgumentException for a count out of range
     */
    public static Labelled generate(int n, int d, int k, double separation, long seed) {
        if (n < 1 || d < 1 || k < 1) {
            throw new IllegalArgumentException("a mixture needs at least one point, dimension and cluster; got "
                    + n + " points, " + d + " dimensions, " + k + " clusters");
        }
        if (k > n) {
            throw new IllegalArgumentException(k + " clusters for " + n + " points: there must be no more clusters than points");
        }
        if ((long) n * d > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(n + " points of " + d + " dimensions do not fit one array");
        }
        SplittableRandom random = new SplittableRandom(seed);
        double[] sigma = new double[k];
        for (int c = 0; c < k; c++) {
            sigma[c] = 0.6 + 0.8 * random.nextDouble();
        }
        // A cube wide enough that the centres fit at the separation asked for.
        double side = separation * 1.4 * Math.max(2, Math.ceil(Math.pow(k, 1.0 / d))) * 1.5;
        double[] centres = new double[k * d];
        for (int c = 0; c < k; c++) {
            for (int attempt = 0; ; attempt++) {
                for (int j = 0; j < d; j++) {
                    centres[c * d + j] = (random.nextDouble() - 0.5) * side;
                }
                if (farFromOthers(centres, c, d, sigma, separation) || attempt > 10_000) {
                    if (attempt > 10_000) {
                        side *= 1.5; // crowded: widen the cube and start this centre again
                        attempt = 0;
                        continue;
                    }
                    break;
                }
            }
        }
        double[] values = new double[n * d];
        int[] labels = new int[n];
        for (int i = 0; i < n; i++) {
            int c = i % k;
            labels[i] = c;
            for (int j = 0; j < d; j++) {
                values[i * d + j] = centres[c * d + j] + sigma[c] * random.nextGaussian();
            }
        }
        // Fisher-Yates, so that no rank's block holds one cluster only.
        for (int i = n - 1; i > 0; i--) {
            int o = random.nextInt(i + 1);
            int tl = labels[i];
            labels[i] = labels[o];
            labels[o] = tl;
            for (int j = 0; j < d; j++) {
                double t = values[i * d + j];
                values[i * d + j] = values[o * d + j];
                values[o * d + j] = t;
            }
        }
        return new Labelled(new Points(n, d, values), labels, centres);
    }

    private static boolean farFromOthers(double[] centres, int c, int d, double[] sigma, double separation) {
        for (int o = 0; o < c; o++) {
            double sq = 0;
            for (int j = 0; j < d; j++) {
                double e = centres[c * d + j] - centres[o * d + j];
                sq += e * e;
            }
            double need = separation * Math.max(sigma[c], sigma[o]);
            if (sq < need * need) {
                return false;
            }
        }
        return true;
    }
}
