package io.ccrj.examples.clustering;

import java.util.stream.IntStream;

/**
 * The peer a Java user would write instead of persistent ranks: each EM iteration forks the points'
 * chunks as a parallel stream on the common {@link java.util.concurrent.ForkJoinPool} and joins
 * their partial sums, so the threads are handed work afresh at every iteration (fork-join threads
 * per iteration, against the ranks' long-running ones). The same partial sums
 * ({@link DeterministicAnnealing#partialSums}) and the same update as the ranks.
 */
public final class ForkJoinPeer {
    private ForkJoinPeer() {
    }

    /**
     * EM iterations at a fixed temperature as fork-join loops.
     *
     * @param points the points
     * @param start the centres and priors to start from
     * @param t the temperature
     * @param chunks how many parallel parts each iteration forks
     * @return the iterations (not thread-safe: one caller at a time)
     */
    public static DeterministicAnnealing.Iterations iterations(Points points, Solution start, double t, int chunks) {
        int n = points.n();
        int d = points.d();
        int k = start.k();
        double[] y = start.centres().clone();
        double[] p = start.priors().clone();
        double[] x = points.values();
        int parts = Math.max(1, Math.min(chunks, n));
        return count -> {
            double f = 0;
            for (int it = 0; it < count; it++) {
                double[] sum = IntStream.range(0, parts).parallel()
                        .mapToObj(c -> DeterministicAnnealing.partialSums(x, d, (int) ((long) n * c / parts),
                                (int) ((long) n * (c + 1) / parts), y, p, k, t))
                        .reduce(ClusteringPipeline::add) // ordered: the partial sums combine in chunk order
                        .orElseThrow();
                DeterministicAnnealing.update(sum, y, p, k, d, n);
                f = sum[k + k * d];
            }
            return f;
        };
    }

    /**
     * Runs EM iterations at a fixed temperature and times them.
     *
     * @param points the points
     * @param start the centres and priors to start from
     * @param t the temperature
     * @param chunks how many parallel parts each iteration forks
     * @param warmup iterations run first and not timed
     * @param iterations iterations timed
     * @return the mean wall time of one timed iteration, in nanoseconds
     */
    public static double timeIterations(Points points, Solution start, double t, int chunks, int warmup, int iterations) {
        DeterministicAnnealing.Iterations loop = iterations(points, start, t, chunks);
        loop.run(warmup);
        long begin = System.nanoTime();
        loop.run(iterations);
        return iterations == 0 ? 0 : (System.nanoTime() - begin) / (double) iterations;
    }
}
