package io.ccrj.examples.clustering;

import java.util.concurrent.CountDownLatch;

/**
 * The floor under the parallel overhead: an EM iteration's arithmetic alone (the partial sums of
 * {@link DeterministicAnnealing#partialSums}) on threads that never communicate, each over its own
 * block of the points, as the ranks' blocks are cut. Nothing is reduced, nothing waits for anyone,
 * the centres stay where they start, so whatever makes P such threads slower than one thread on
 * all the points is the machine's (cores that share a cache, a memory bus or a physical core,
 * another process, the hypervisor), not a runtime's. The overhead f of the ranks is read against
 * this floor's f on the same machine in the same run.
 */
public final class ArithmeticFloor {
    private ArithmeticFloor() {
    }

    /**
     * The partial sums of one block, run again and again with the same centres.
     *
     * @param points the points
     * @param start the centres and priors
     * @param t the temperature (0: the k-means limit)
     * @param from the block's first point
     * @param to one past its last
     * @return the loop; {@code run(n)} computes the block's partial sums {@code n} times and returns
     *     the last free-energy term (so that nothing is dead code). Confined to one thread.
     * @throws IllegalArgumentException if the block is empty or outside the points, or the centres'
     *     dimension is not the points'
     */
    public static DeterministicAnnealing.Iterations block(Points points, Solution start, double t, int from, int to) {
        if (from < 0 || to > points.n() || from >= to) {
            throw new IllegalArgumentException("the block [" + from + ", " + to + ") is not a non-empty part of "
                    + points.n() + " points");
        }
        if (start.d() != points.d()) {
            throw new IllegalArgumentException("the centres have " + start.d() + " dimensions, the points " + points.d());
        }
        int d = points.d();
        int k = start.k();
        double[] x = points.values();
        double[] y = start.centres().clone();
        double[] p = start.priors().clone();
        return n -> {
            double f = 0;
            for (int i = 0; i < n; i++) {
                f = DeterministicAnnealing.partialSums(x, d, from, to, y, p, k, t)[k + k * d];
            }
            return f;
        };
    }

    /**
     * Times the floor: {@code threads} platform threads started together, thread r working the
     * r-th of {@code threads} equal blocks, each running {@code warmup} untimed and then
     * {@code iterations} timed partial sums.
     *
     * @param points the points (at least {@code threads})
     * @param start the centres and priors
     * @param t the temperature
     * @param threads how many threads (and blocks)
     * @param warmup untimed iterations per thread
     * @param iterations timed iterations per thread, at least 1
     * @return the threads' mean time of one block's partial sums, nanoseconds
     * @throws IllegalArgumentException if there are fewer points than threads, or no timed iteration
     */
    public static double time(Points points, Solution start, double t, int threads, int warmup, int iterations) {
        if (threads < 1 || threads > points.n()) {
            throw new IllegalArgumentException(threads + " threads for " + points.n() + " points: each thread needs a point");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        int n = points.n();
        long[] nanos = new long[threads];
        Throwable[] failure = new Throwable[threads];
        CountDownLatch go = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        for (int r = 0; r < threads; r++) {
            int rank = r;
            DeterministicAnnealing.Iterations loop = block(points, start, t, (int) ((long) n * r / threads),
                    (int) ((long) n * (r + 1) / threads));
            workers[r] = Thread.ofPlatform().name("arithmetic-floor-" + r).start(() -> {
                try {
                    go.await();
                    loop.run(warmup);
                    long begin = System.nanoTime();
                    loop.run(iterations);
                    nanos[rank] = System.nanoTime() - begin;
                } catch (Throwable e) {
                    failure[rank] = e;
                }
            });
        }
        go.countDown();
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while timing the arithmetic floor", e);
            }
        }
        // Thread.join orders each worker's writes before this read.
        double sum = 0;
        for (int r = 0; r < threads; r++) {
            if (failure[r] != null) {
                throw new IllegalStateException("the arithmetic floor's thread " + r + " failed: " + failure[r], failure[r]);
            }
            sum += nanos[r] / (double) iterations;
        }
        return sum / threads;
    }
}
