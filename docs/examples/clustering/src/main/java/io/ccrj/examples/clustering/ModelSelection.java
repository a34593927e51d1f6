package io.ccrj.examples.clustering;

import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Choosing the number of clusters: the Bayesian information criterion (Schwarz 1978) of a mixture
 * of Gaussians, each cluster with its own full covariance, fitted by the hard assignment (as
 * X-means does with spherical ones, Pelleg &amp; Moore 2000), over the solutions the annealing
 * reached at each number of clusters. The annealing splits the most critical cluster first, so
 * those solutions form a hierarchy; the criterion trades each split's better fit against its
 * 1 + D + D(D+1)/2 more parameters. Full covariances keep a cluster stretched by the input's units
 * (or by its own shape) from scoring as two.
 */
public final class ModelSelection {
    /** Added to every cluster covariance's diagonal (standardised units), so that none is singular. */
    static final double VARIANCE_FLOOR = 1e-4;

    private ModelSelection() {
    }

    /**
     * Per-cluster statistics of a hard assignment.
     *
     * @param counts points per cluster
     * @param sums the sum of each cluster's points, {@code k * d}
     * @param sse each cluster's sum of squared distances from its own mean
     * @param scatter each cluster's sum of outer products about its own mean, {@code k * d * d}
     */
    public record Stats(long[] counts, double[] sums, double[] sse, double[] scatter) {
    }

    /**
     * Per-cluster statistics, by a fan-out over the points: counts and sums first, then the squared
     * distances from each cluster's mean.
     *
     * @param points the points
     * @param labels each point's cluster
     * @param k the number of clusters
     * @param fanOut where the per-point work runs
     * @param cancelled polled by each chunk
     * @return the statistics
     */
    public static Stats stats(Points points, int[] labels, int k, FanOut fanOut, BooleanSupplier cancelled) {
        int d = points.d();
        double[] x = points.values();
        long[] counts = fanOut.map(points.n(), (from, to) -> {
            long[] c = new long[k];
            for (int i = from; i < to; i++) {
                c[labels[i]]++;
            }
            return c;
        }, ClusteringPipeline::add, cancelled);
        double[] sums = fanOut.map(points.n(), (from, to) -> {
            double[] s = new double[k * d];
            for (int i = from; i < to; i++) {
                for (int j = 0; j < d; j++) {
                    s[labels[i] * d + j] += x[i * d + j];
                }
            }
            return s;
        }, ClusteringPipeline::add, cancelled);
        double[] scatter = fanOut.map(points.n(), (from, to) -> {
            double[] s = new double[k * d * d];
            double[] e = new double[d];
            for (int i = from; i < to; i++) {
                int c = labels[i];
                for (int j = 0; j < d; j++) {
                    e[j] = x[i * d + j] - sums[c * d + j] / counts[c];
                }
                int off = c * d * d;
                for (int u = 0; u < d; u++) {
                    for (int v = 0; v < d; v++) {
                        s[off + u * d + v] += e[u] * e[v];
                    }
                }
            }
            return s;
        }, ClusteringPipeline::add, cancelled);
        double[] sse = new double[k];
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < d; j++) {
                sse[c] += scatter[c * d * d + j * d + j];
            }
        }
        return new Stats(counts, sums, sse, scatter);
    }

    /**
     * The criterion of one hard clustering (larger is better).
     *
     * @param stats its per-cluster statistics
     * @param n the points
     * @param d the dimensions
     * @return {@code log L - (p / 2) log n}, p = (K - 1) + K D + K D (D + 1) / 2 free parameters
     */
    public static double criterion(Stats stats, int n, int d) {
        int k = stats.counts().length;
        double logL = 0;
        for (int c = 0; c < k; c++) {
            long nc = stats.counts()[c];
            if (nc == 0) {
                continue;
            }
            double[] cov = new double[d * d];
            for (int e = 0; e < cov.length; e++) {
                cov[e] = stats.scatter()[c * d * d + e] / nc;
            }
            for (int j = 0; j < d; j++) {
                cov[j * d + j] += VARIANCE_FLOOR;
            }
            // the maximum-likelihood Gaussian's log-likelihood of its own points:
            // n_c log(n_c / n) - n_c / 2 (D log 2 pi + log det C + D)
            logL += nc * Math.log((double) nc / n) - nc / 2.0 * (d * Math.log(2 * Math.PI) + logDet(cov, d) + d);
        }
        double parameters = (k - 1) + (double) k * d + (double) k * d * (d + 1) / 2;
        return logL - parameters / 2 * Math.log(n);
    }

    /** log det of a symmetric positive definite matrix, by Cholesky. */
    static double logDet(double[] m, int d) {
        double[] l = new double[d * d];
        double sum = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double s = m[i * d + j];
                for (int q = 0; q < j; q++) {
                    s -= l[i * d + q] * l[j * d + q];
                }
                if (i == j) {
                    double diag = Math.sqrt(Math.max(s, 1e-300));
                    l[i * d + i] = diag;
                    sum += Math.log(diag);
                } else {
                    l[i * d + j] = s / l[j * d + j];
                }
            }
        }
        return 2 * sum;
    }

    /**
     * The solution of {@code hierarchy} with the largest criterion (the fewest clusters among equals).
     *
     * @param points the points
     * @param hierarchy solutions with 1, 2, ... clusters
     * @param fanOut where the per-point work runs
     * @param criterion receives each K's criterion
     * @param cancelled polled by each chunk
     * @return the chosen solution
     */
    public static Solution choose(Points points, List<Solution> hierarchy, FanOut fanOut, Map<Integer, Double> criterion,
                                  BooleanSupplier cancelled) {
        Solution best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (Solution s : hierarchy) {
            int[] labels = new int[points.n()];
            fanOut.map(points.n(), (from, to) -> {
                for (int i = from; i < to; i++) {
                    labels[i] = s.nearest(points, i);
                }
                return 0;
            }, Integer::sum, cancelled);
            double score = criterion(stats(points, labels, s.k(), fanOut, cancelled), points.n(), points.d());
            criterion.put(s.k(), score);
            if (score > bestScore) {
                bestScore = score;
                best = s;
            }
        }
        return best;
    }
}
