package io.ccrj.examples.clustering;

import java.util.ArrayList;
import java.util.List;

/**
 * The same equations as {@link DeterministicAnnealing}, written plainly for one thread: no ranks,
 * no reductions, textbook loops. The tests hold the SPMD kernel to it.
 */
final class SequentialAnnealing {
    final int n;
    final int d;
    final double[][] x;
    final AnnealingSchedule s;
    List<double[]> y = new ArrayList<>();
    List<Double> p = new ArrayList<>();
    List<Double> born = new ArrayList<>();
    double freeEnergy;

    SequentialAnnealing(Points points, AnnealingSchedule s) {
        this.n = points.n();
        this.d = points.d();
        this.s = s;
        x = new double[n][];
        for (int i = 0; i < n; i++) {
            x[i] = points.point(i);
        }
    }

    Solution run() {
        double[] mean = new double[d];
        for (double[] xi : x) {
            for (int j = 0; j < d; j++) {
                mean[j] += xi[j] / n;
            }
        }
        double[][] cov = covariance(i -> 1.0, mean);
        double[] v = new double[d];
        double lambda = Linalg.largestEigenvalue(flat(cov), d, v);
        y.add(mean);
        p.add(1.0);
        born.add(Double.POSITIVE_INFINITY);
        double t0 = 2 * lambda;
        double t = t0;
        int after = 0;
        while (true) {
            em(t, s.maxIterations(), s.tolerance());
            boolean split = y.size() < s.kMax() && split(t);
            if (split) {
                continue;
            }
            if (y.size() == s.kMax() && after++ >= s.stepsAfterLastSplit()) {
                break;
            }
            t *= s.alpha();
            if (t < s.tMinRatio() * t0) {
                break;
            }
        }
        em(0, s.maxIterations(), 1e-12);
        return solution();
    }

    Solution solution() {
        int k = y.size();
        double[] c = new double[k * d];
        double[] pr = new double[k];
        for (int a = 0; a < k; a++) {
            System.arraycopy(y.get(a), 0, c, a * d, d);
            pr[a] = p.get(a);
        }
        return new Solution(k, d, c, pr);
    }

    /** Memberships of point i at temperature t (hard at t = 0). */
    double[] memberships(int i, double t) {
        int k = y.size();
        double[] dist = new double[k];
        for (int a = 0; a < k; a++) {
            for (int j = 0; j < d; j++) {
                double e = x[i][j] - y.get(a)[j];
                dist[a] += e * e;
            }
        }
        double[] m = new double[k];
        if (t == 0) {
            int best = 0;
            for (int a = 1; a < k; a++) {
                if (dist[a] < dist[best]) {
                    best = a;
                }
            }
            m[best] = 1;
            freeEnergy += dist[best];
            return m;
        }
        double max = Double.NEGATIVE_INFINITY;
        double[] e = new double[k];
        for (int a = 0; a < k; a++) {
            e[a] = Math.log(p.get(a)) - dist[a] / t;
            max = Math.max(max, e[a]);
        }
        double z = 0;
        for (int a = 0; a < k; a++) {
            z += Math.exp(e[a] - max);
        }
        double logZ = max + Math.log(z);
        freeEnergy -= t * logZ;
        for (int a = 0; a < k; a++) {
            m[a] = Math.exp(e[a] - logZ);
        }
        return m;
    }

    void em(double t, int maxIterations, double tolerance) {
        double previous = Double.NaN;
        for (int it = 1; it <= maxIterations; it++) {
            int k = y.size();
            double[] mass = new double[k];
            double[][] sum = new double[k][d];
            freeEnergy = 0;
            for (int i = 0; i < n; i++) {
                double[] m = memberships(i, t);
                for (int a = 0; a < k; a++) {
                    mass[a] += m[a];
                    for (int j = 0; j < d; j++) {
                        sum[a][j] += m[a] * x[i][j];
                    }
                }
            }
            for (int a = 0; a < k; a++) {
                if (mass[a] > 0) {
                    for (int j = 0; j < d; j++) {
                        y.get(a)[j] = sum[a][j] / mass[a];
                    }
                }
                p.set(a, mass[a] / n);
            }
            if (it > 1 && Math.abs(freeEnergy - previous) <= tolerance * Math.abs(freeEnergy)) {
                return;
            }
            previous = freeEnergy;
        }
    }

    boolean split(double t) {
        int k = y.size();
        double[] tc = new double[k];
        double[] lambda = new double[k];
        double[][] axis = new double[k][d];
        double[][][] cov = new double[k][d][d];
        double[] mass = new double[k];
        for (int i = 0; i < n; i++) {
            double[] m = memberships(i, t);
            for (int a = 0; a < k; a++) {
                mass[a] += m[a];
                for (int u = 0; u < d; u++) {
                    for (int w = 0; w < d; w++) {
                        cov[a][u][w] += m[a] * (x[i][u] - y.get(a)[u]) * (x[i][w] - y.get(a)[w]);
                    }
                }
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int a = 0; a < k; a++) {
            double[] c = flat(cov[a]);
            for (int e = 0; e < c.length; e++) {
                c[e] /= mass[a];
            }
            lambda[a] = Linalg.largestEigenvalue(c, d, axis[a]);
            tc[a] = 2 * lambda[a];
            order.add(a);
        }
        order.sort((u, w) -> tc[u] != tc[w] ? Double.compare(tc[w], tc[u]) : Integer.compare(u, w));
        boolean any = false;
        for (int a : order) {
            if (y.size() >= s.kMax() || !(tc[a] > t)) {
                break;
            }
            if (!(born.get(a) > t)) {
                continue;
            }
            any = true;
            double delta = s.perturbation() * Math.sqrt(lambda[a]);
            double[] plus = new double[d];
            double[] minus = new double[d];
            for (int j = 0; j < d; j++) {
                plus[j] = y.get(a)[j] + delta * axis[a][j];
                minus[j] = y.get(a)[j] - delta * axis[a][j];
            }
            y.set(a, plus);
            y.add(minus);
            p.set(a, p.get(a) / 2);
            p.add(p.get(a));
            born.set(a, t);
            born.add(t);
        }
        return any;
    }

    interface Weight {
        double of(int i);
    }

    double[][] covariance(Weight w, double[] centre) {
        double[][] c = new double[d][d];
        for (int i = 0; i < n; i++) {
            for (int u = 0; u < d; u++) {
                for (int v = 0; v < d; v++) {
                    c[u][v] += w.of(i) * (x[i][u] - centre[u]) * (x[i][v] - centre[v]) / n;
                }
            }
        }
        return c;
    }

    static double[] flat(double[][] m) {
        int d = m.length;
        double[] f = new double[d * d];
        for (int u = 0; u < d; u++) {
            System.arraycopy(m[u], 0, f, u * d, d);
        }
        return f;
    }

    /** Lloyd's k-means from the given centres, until no centre moves. */
    static Solution lloyd(Points points, Solution initial, int maxIterations) {
        int n = points.n();
        int d = points.d();
        int k = initial.k();
        double[] c = initial.centres().clone();
        int[] label = new int[n];
        java.util.Arrays.fill(label, -1);
        double[] mass = new double[k];
        for (int it = 0; it < maxIterations; it++) {
            boolean changed = false;
            for (int i = 0; i < n; i++) {
                int best = new Solution(k, d, c, new double[k]).nearest(points, i);
                changed |= best != label[i];
                label[i] = best;
            }
            double[] sum = new double[k * d];
            mass = new double[k];
            for (int i = 0; i < n; i++) {
                mass[label[i]]++;
                for (int j = 0; j < d; j++) {
                    sum[label[i] * d + j] += points.get(i, j);
                }
            }
            for (int a = 0; a < k; a++) {
                if (mass[a] > 0) {
                    for (int j = 0; j < d; j++) {
                        c[a * d + j] = sum[a * d + j] / mass[a];
                    }
                }
            }
            if (!changed) {
                break;
            }
        }
        double[] pr = new double[k];
        for (int a = 0; a < k; a++) {
            pr[a] = mass[a] / n;
        }
        return new Solution(k, d, c, pr);
    }
}
