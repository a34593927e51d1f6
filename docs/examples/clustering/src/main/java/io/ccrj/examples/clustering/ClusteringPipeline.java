package io.ccrj.examples.clustering;

import io.ccrj.core.Dispatcher;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/**
 * One clustering job from points to result, the three models in one application:
 *
 * <ol>
 *   <li><b>standardise</b> (CCR fan-out): each dimension's mean and standard deviation, then every
 *       point centred and scaled, chunk by chunk on the dispatcher;</li>
 *   <li><b>project</b> (CCR fan-out): the first two principal components, for the pictures (the
 *       live one while the annealing runs, and the final one);</li>
 *   <li><b>anneal</b> (ccr-mpi ranks): {@link DeterministicAnnealing} on the standardised points;</li>
 *   <li><b>assign</b> (CCR fan-out): every point's nearest centre;</li>
 *   <li><b>statistics</b> (CCR fan-out): per cluster its count, centre in the input's units and
 *       spread; when the job chooses K, the Bayesian information criterion of each number of
 *       clusters the annealing passed through ({@link ModelSelection}).</li>
 * </ol>
 *
 * <p>Thread safety: {@link #run} may be called from several threads at once (each call has its
 * own ports and ranks); the dispatcher is shared.
 */
public final class ClusteringPipeline {
    private final FanOut fanOut;

    /**
     * A pipeline whose fan-outs run on {@code dispatcher}.
     *
     * @param dispatcher the threads of the per-point work (not closed by the pipeline)
     */
    public ClusteringPipeline(Dispatcher dispatcher) {
        this.fanOut = new FanOut(dispatcher, "clustering-fan-out", Math.max(4, 4 * dispatcher.workerCount()));
    }

    /**
     * Runs a job.
     *
     * @param raw the points, in their own units
     * @param truth the known cluster of each point, or {@code null}
     * @param spec the job
     * @param listener told of each stage, the projection and each annealing temperature
     * @param cancelled polled during the job; {@code true} stops it with a
     *     {@link java.util.concurrent.CancellationException}
     * @return the result
     * @throws IllegalArgumentException if the job does not fit the points
     */
    public JobResult run(Points raw, int[] truth, JobSpec spec, JobListener listener, BooleanSupplier cancelled) {
        spec.checkAgainst(raw);
        if (truth != null && truth.length != raw.n()) {
            throw new IllegalArgumentException(truth.length + " known labels for " + raw.n() + " points");
        }
        int n = raw.n();
        int d = raw.d();
        Map<String, Double> stages = new LinkedHashMap<>();

        long t = System.nanoTime();
        double[][] scale = meanAndDeviation(raw, cancelled);
        double[] mean = scale[0];
        double[] sd = scale[1];
        double[] z = new double[n * d];
        fanOut.map(n, (from, to) -> {
            for (int i = from; i < to; i++) {
                for (int j = 0; j < d; j++) {
                    z[i * d + j] = (raw.values()[i * d + j] - mean[j]) / sd[j];
                }
            }
            return 0;
        }, Integer::sum, cancelled);
        Points points = new Points(n, d, z);
        t = stage(stages, listener, "standardise", t);

        Projection projection = project(points, cancelled);
        listener.projected(projection);
        t = stage(stages, listener, "project", t);

        AnnealingResult annealed = DeterministicAnnealing.run(points, spec.schedule(n), spec.ranks(), spec.threads(), listener::step,
                cancelled);
        t = stage(stages, listener, "anneal", t);

        Solution chosen = annealed.solution();
        Map<Integer, Double> criterion = new TreeMap<>();
        if (spec.clusters() == 0 && annealed.hierarchy().size() > 1) {
            chosen = ModelSelection.choose(points, annealed.hierarchy(), fanOut, criterion, cancelled);
        }
        int k = chosen.k();
        int[] labels = new int[n];
        Solution fin = chosen;
        fanOut.map(n, (from, to) -> {
            for (int i = from; i < to; i++) {
                labels[i] = fin.nearest(points, i);
            }
            return 0;
        }, Integer::sum, cancelled);
        t = stage(stages, listener, "assign", t);

        ModelSelection.Stats stats = ModelSelection.stats(points, labels, k, fanOut, cancelled);
        double[] centres = new double[k * d];
        double[] spread = new double[k];
        for (int c = 0; c < k; c++) {
            for (int j = 0; j < d; j++) {
                double zc = stats.counts()[c] > 0 ? stats.sums()[c * d + j] / stats.counts()[c] : fin.centre(c, j);
                centres[c * d + j] = mean[j] + sd[j] * zc;
            }
            spread[c] = stats.counts()[c] > 0 ? Math.sqrt(stats.sse()[c] / stats.counts()[c]) : 0;
        }
        double ari = truth == null ? Double.NaN : AdjustedRand.index(labels, truth);
        stage(stages, listener, "statistics", t);

        return new JobResult(k, d, centres, stats.counts(), spread, labels, projection.xy(),
                projection.project(fin.centres(), k), ari,
                annealed.t0(), annealed.steps(), annealed.iterations(), annealed.meanIterationNanos() / 1e6,
                annealed.fluctuation(), criterion, stages);
    }

    private static long stage(Map<String, Double> stages, JobListener listener, String name, long start) {
        long now = System.nanoTime();
        double ms = (now - start) / 1e6;
        stages.put(name, ms);
        listener.stage(name, ms);
        return now;
    }

    /** Each dimension's mean and standard deviation (1 where a dimension is constant). */
    private double[][] meanAndDeviation(Points raw, BooleanSupplier cancelled) {
        int d = raw.d();
        double[] x = raw.values();
        double[] sum = fanOut.map(raw.n(), (from, to) -> {
            double[] s = new double[d];
            for (int i = from; i < to; i++) {
                for (int j = 0; j < d; j++) {
                    s[j] += x[i * d + j];
                }
            }
            return s;
        }, ClusteringPipeline::add, cancelled);
        double[] mean = new double[d];
        for (int j = 0; j < d; j++) {
            mean[j] = sum[j] / raw.n();
        }
        double[] sq = fanOut.map(raw.n(), (from, to) -> {
            double[] s = new double[d];
            for (int i = from; i < to; i++) {
                for (int j = 0; j < d; j++) {
                    double e = x[i * d + j] - mean[j];
                    s[j] += e * e;
                }
            }
            return s;
        }, ClusteringPipeline::add, cancelled);
        double[] sd = new double[d];
        for (int j = 0; j < d; j++) {
            double v = Math.sqrt(sq[j] / raw.n());
            sd[j] = v > 0 ? v : 1;
        }
        return new double[][] {mean, sd};
    }

    /** The points on their two leading principal components. */
    private Projection project(Points points, BooleanSupplier cancelled) {
        double[] out = new double[2 * points.n()];
        int d = points.d();
        double[] x = points.values();
        // the standardised points have mean 0: the covariance is the mean of the outer products
        double[] cov = fanOut.map(points.n(), (from, to) -> {
            double[] s = new double[d * d];
            for (int i = from; i < to; i++) {
                for (int u = 0; u < d; u++) {
                    for (int v = 0; v < d; v++) {
                        s[u * d + v] += x[i * d + u] * x[i * d + v];
                    }
                }
            }
            return s;
        }, ClusteringPipeline::add, cancelled);
        for (int e = 0; e < cov.length; e++) {
            cov[e] /= points.n();
        }
        double[] first = new double[d];
        double l1 = Linalg.largestEigenvalue(cov, d, first);
        double[] second = new double[d];
        if (d > 1) {
            double[] deflated = cov.clone();
            for (int u = 0; u < d; u++) {
                for (int v = 0; v < d; v++) {
                    deflated[u * d + v] -= l1 * first[u] * first[v];
                }
            }
            Linalg.largestEigenvalue(deflated, d, second);
        }
        fanOut.map(points.n(), (from, to) -> {
            for (int i = from; i < to; i++) {
                double a = 0;
                double b = 0;
                for (int j = 0; j < d; j++) {
                    a += x[i * d + j] * first[j];
                    b += x[i * d + j] * second[j];
                }
                out[2 * i] = a;
                out[2 * i + 1] = b;
            }
            return 0;
        }, Integer::sum, cancelled);
        return new Projection(points, out, first, second);
    }

    static double[] add(double[] a, double[] b) {
        double[] s = Arrays.copyOf(a, a.length);
        for (int i = 0; i < s.length; i++) {
            s[i] += b[i];
        }
        return s;
    }

    static long[] add(long[] a, long[] b) {
        long[] s = Arrays.copyOf(a, a.length);
        for (int i = 0; i < s.length; i++) {
            s[i] += b[i];
        }
        return s;
    }
}
