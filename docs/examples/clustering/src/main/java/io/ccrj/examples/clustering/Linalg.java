package io.ccrj.examples.clustering;

/** The little linear algebra the annealing needs: the largest eigenvalue of a covariance. */
final class Linalg {
    private Linalg() {
    }

    /**
     * The largest eigenvalue of a symmetric positive semi-definite d x d matrix, by power
     * iteration from a fixed start (so the same matrix always gives the same answer).
     *
     * @param m the matrix, row by row
     * @param d its order
     * @param vector if not null, receives the unit eigenvector
     * @return the eigenvalue (0 for the zero matrix)
     */
    static double largestEigenvalue(double[] m, int d, double[] vector) {
        double[] v = new double[d];
        double norm = 0;
        for (int j = 0; j < d; j++) {
            v[j] = 1 + 0.1 * j; // not orthogonal to any axis-aligned eigenvector
            norm += v[j] * v[j];
        }
        scale(v, 1 / Math.sqrt(norm));
        double lambda = 0;
        double[] w = new double[d];
        for (int it = 0; it < 1000; it++) {
            for (int u = 0; u < d; u++) {
                double s = 0;
                for (int j = 0; j < d; j++) {
                    s += m[u * d + j] * v[j];
                }
                w[u] = s;
            }
            double len = 0;
            for (double e : w) {
                len += e * e;
            }
            len = Math.sqrt(len);
            if (len == 0) {
                lambda = 0;
                break;
            }
            double next = 0;
            for (int u = 0; u < d; u++) {
                next += v[u] * w[u]; // Rayleigh quotient v^T M v
            }
            for (int u = 0; u < d; u++) {
                v[u] = w[u] / len;
            }
            boolean settled = Math.abs(next - lambda) <= 1e-12 * Math.abs(next);
            lambda = next;
            if (settled && it > 2) {
                break;
            }
        }
        if (vector != null) {
            System.arraycopy(v, 0, vector, 0, d);
        }
        return Math.max(0, lambda);
    }

    private static void scale(double[] v, double f) {
        for (int j = 0; j < v.length; j++) {
            v[j] *= f;
        }
    }
}
