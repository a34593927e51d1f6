package io.ccrj.examples.clustering;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Kernel;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdRuntime;
import io.ccrj.mpi.SpmdWorld;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Deterministic-annealing clustering (Rose 1998) as an SPMD kernel on ccr-mpi ranks, the way the
 * SALSA group ran it on CCR and MPI (Qiu, Fox et al. 2008).
 *
 * <p><b>The equations.</b> At temperature T each point {@code x_i} belongs to cluster {@code k}
 * with the soft membership {@code m_ik = p_k exp(-|x_i - y_k|^2 / T) / Z_i}, computed with the
 * log-sum-exp shift (the largest exponent subtracted first), so that no membership underflows to
 * 0/0 however small T gets. One EM iteration computes, per rank over its own block of points, the
 * partial sums {@code S_k = sum_i m_ik} (K doubles), {@code Y_k = sum_i m_ik x_i} (K D doubles),
 * the free energy {@code F = -T sum_i log Z_i} and the distortion {@code sum_ik m_ik |x_i - y_k|^2}:
 * K(D+1)+2 doubles, combined by <em>one</em> {@code allreduce}. Every rank then updates the same
 * centres {@code y_k = Y_k / S_k} and priors {@code p_k = S_k / N}. EM repeats at fixed T until
 * the free energy settles; then the temperature falls, {@code T <- alpha T}, from
 * {@code T0 = 2 lambda_max(Cov)}, above which one cluster (the mean) is the only solution.
 *
 * <p><b>Splitting.</b> After EM has settled at a temperature, one more reduction
 * (K + K D<sup>2</sup> doubles) gives each cluster's membership-weighted covariance {@code C_k}.
 * A cluster becomes unstable below its critical temperature {@code T_c = 2 lambda_max(C_k)}
 * (found by power iteration): there it is split in two, its centre moved
 * {@code +/- perturbation * sqrt(lambda_max)} along the principal eigenvector, its prior halved,
 * while the clusters number fewer than kMax (the most critical first), and EM runs again at the
 * same temperature.
 *
 * <p><b>The end.</b> After {@code stepsAfterLastSplit} more temperatures at kMax clusters (or
 * below {@code tMinRatio * T0}) the run takes the limit T -&gt; 0 with the same code: every point's
 * membership is 1 for its nearest centre (the lowest index among equals), which is Lloyd's
 * k-means, until the distortion stops changing. {@link #kMeans} runs that limit alone from given
 * centres.
 *
 * <p><b>Ranks and determinism.</b> Rank {@code r} of {@code P} owns the block of points
 * {@code [r N / P, (r + 1) N / P)}: it reads only those (the array is shared read-only in one JVM,
 * as each MPI process would hold its own block). Nothing is random: the same points and
 * schedule give the same run. Every rank receives the same reduced sums (ccr-mpi combines in rank
 * order, identically on every rank), so every rank takes the same decisions. Between different
 * rank counts only the order of the floating-point additions differs: the centres agree to a
 * relative 1e-9 or so, and the hard assignment is the same unless a point lies within that of a
 * boundary (the tests check 1, 2, 4 and 8 ranks).
 *
 * <p><b>Threads inside ranks.</b> With more than one thread per rank, each rank computes its
 * partial sums as a ccr-core fan-out over threads of its own and combines them in chunk order
 * before the allreduce: threads first, then ranks. {@link #run(SpmdRuntime, Points,
 * AnnealingSchedule, Progress, BooleanSupplier)} runs the same kernel on any SPMD runtime (the
 * MPJ Express backend's world, for one), and {@link #anneal(Comm, Points, AnnealingSchedule)} on
 * any communicator, for kernels started by name in processes of their own (MPJ Express's cluster
 * device).
 *
 * <p><b>Cancellation.</b> Every rank checks the given flag before each iteration; the first to see
 * it set ends the world, and {@link #run} throws {@link CancellationException}.
 */
public final class DeterministicAnnealing {
    private DeterministicAnnealing() {
    }

    /**
     * Anneals {@code points} on {@code ranks} ccr-mpi ranks of a fresh world.
     *
     * @param points the points
     * @param schedule the annealing parameters
     * @param ranks the number of ranks, 1 or more (at most the number of points)
     * @param progress told of each temperature (on rank 0's thread)
     * @param cancelled polled before every iteration; {@code true} stops the run
     * @return the result
     * @throws CancellationException if {@code cancelled} became true
     * @throws IllegalArgumentException if {@code ranks} is out of range
     */
    public static AnnealingResult run(Points points, AnnealingSchedule schedule, int ranks, Progress progress,
                                      BooleanSupplier cancelled) {
        return run(points, schedule, ranks, 1, progress, cancelled);
    }

    /**
     * Anneals {@code points} on {@code ranks} ccr-mpi ranks of a fresh world, each rank computing
     * its partial sums on {@code threads} threads of its own (a ccr-core fan-out inside the rank:
     * threads first, then ranks, as the SALSA group combined CCR threads with MPI processes).
     *
     * @param points the points
     * @param schedule the annealing parameters
     * @param ranks the number of ranks, 1 or more (at most the number of points)
     * @param threads the threads of each rank, 1 or more
     * @param progress told of each temperature (on rank 0's thread)
     * @param cancelled polled before every iteration; {@code true} stops the run
     * @return the result
     * @throws CancellationException if {@code cancelled} became true
     * @throws IllegalArgumentException if {@code ranks} or {@code threads} is out of range
     */
    public static AnnealingResult run(Points points, AnnealingSchedule schedule, int ranks, int threads,
                                      Progress progress, BooleanSupplier cancelled) {
        checkRanks(points, ranks);
        SpmdWorld world = SpmdWorld.builder().size(ranks).name("annealing").build();
        return run(world, points, schedule, threads, null, progress, cancelled);
    }

    /**
     * Anneals on the ranks of any SPMD runtime: a ccr-mpi {@link SpmdWorld}, or another
     * implementation of {@link SpmdRuntime} (such as the MPJ Express backend's world), with one
     * thread per rank. The kernel is the same code.
     *
     * @param runtime the ranks
     * @param points the points
     * @param schedule the annealing parameters
     * @param progress told of each temperature (on rank 0's thread)
     * @param cancelled polled before every iteration
     * @return the result
     */
    public static AnnealingResult run(SpmdRuntime runtime, Points points, AnnealingSchedule schedule, Progress progress,
                                      BooleanSupplier cancelled) {
        return run(runtime, points, schedule, 1, null, progress, cancelled);
    }

    /**
     * Anneals on the calling rank, as one rank of an SPMD program that every rank of {@code comm}
     * runs with the same arguments: the entry point for a {@link Kernel} of one's own, on any
     * backend, such as MPJ Express's cluster device where each rank is a separate JVM that holds
     * its own copy of the points ({@link MixtureAnnealingKernel}). This rank works its block of
     * the points, one thread, no progress reports, no cancellation.
     *
     * <p>The solution, {@code t0}, steps and splits are the same on every rank (the ranks take
     * the same decisions from the same reduced sums); the times are this rank's, and the
     * fluctuation is the ranks' (one more reduction and an allgather of the compute times).
     *
     * @param comm this rank's communicator; every rank must call this
     * @param points the points, the same on every rank
     * @param schedule the annealing parameters, the same on every rank
     * @return the result, as {@link #run(SpmdRuntime, Points, AnnealingSchedule, Progress, BooleanSupplier)}
     *     returns it from rank 0
     * @throws IllegalArgumentException if the communicator has more ranks than there are points
     */
    public static AnnealingResult anneal(Comm comm, Points points, AnnealingSchedule schedule) {
        Objects.requireNonNull(comm, "comm");
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(schedule, "schedule");
        checkRanks(points, comm.size());
        RankOutcome mine;
        try (RankRun run = new RankRun(comm, points, schedule, 1, Progress.NONE, () -> false)) {
            mine = run.run(null);
        }
        // Every rank ran the same iterations; check that before the allgather relies on it.
        int[] counts = {mine.computeNanos.length, -mine.computeNanos.length};
        comm.allreduce(Comm.IN_PLACE, 0, counts, 0, 2, Datatype.INT, Op.MAX);
        if (counts[0] != -counts[1]) {
            throw new IllegalStateException("the ranks ran from " + -counts[1] + " to " + counts[0]
                    + " iterations: they took different decisions (different points or schedules?)");
        }
        int its = counts[0];
        long[] all = new long[its * comm.size()];
        comm.allgather(mine.computeNanos, 0, its, Datatype.LONG, all, 0, its, Datatype.LONG);
        long[][] compute = new long[comm.size()][];
        for (int r = 0; r < compute.length; r++) {
            compute[r] = Arrays.copyOfRange(all, r * its, (r + 1) * its);
        }
        return new AnnealingResult(mine.solution, mine.t0, mine.steps, mine.iterations, mine.meanIterationNanos,
                fluctuation(compute), mine.hierarchy, mine.splits);
    }

    /**
     * The T -&gt; 0 limit alone: Lloyd's k-means from the given centres, through the same kernel
     * (hard memberships in place of soft ones).
     *
     * @param points the points
     * @param initial the starting centres (their priors are not used)
     * @param maxIterations the most iterations
     * @param ranks the number of ranks
     * @return the result ({@code t0} is 0 and there is one step)
     */
    public static AnnealingResult kMeans(Points points, Solution initial, int maxIterations, int ranks) {
        checkRanks(points, ranks);
        if (initial.d() != points.d()) {
            throw new IllegalArgumentException("the centres have " + initial.d() + " dimensions, the points " + points.d());
        }
        AnnealingSchedule s = new AnnealingSchedule(initial.k(), 0.5, 1e-12, maxIterations, 0.05, 0, 0.5, false);
        SpmdWorld world = SpmdWorld.builder().size(ranks).name("kmeans").build();
        return run(world, points, s, 1, initial, Progress.NONE, () -> false);
    }

    /**
     * Anneals on the ranks of {@code world} (or, with {@code initial}, runs k-means from it).
     *
     * @param world the world to run on (its size is the number of ranks)
     * @param points the points
     * @param schedule the annealing parameters
     * @param threads the threads of each rank
     * @param initial {@code null} to anneal; centres to run the T -&gt; 0 limit from
     * @param progress told of each temperature
     * @param cancelled polled before every iteration
     * @return the result
     */
    static AnnealingResult run(SpmdRuntime world, Points points, AnnealingSchedule schedule, int threads,
                               Solution initial, Progress progress, BooleanSupplier cancelled) {
        if (threads < 1 || threads > 256) {
            throw new IllegalArgumentException("threads per rank must be from 1 to 256, got " + threads);
        }
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(cancelled, "cancelled");
        checkRanks(points, world.size());
        Kernel<RankOutcome> kernel = comm -> {
            try (RankRun run = new RankRun(comm, points, schedule, threads, progress, cancelled)) {
                return run.run(initial);
            }
        };
        List<RankOutcome> outcomes;
        try {
            outcomes = world.run(kernel);
        } catch (RankFailedException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CancellationException ce) {
                throw ce;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
        RankOutcome first = outcomes.get(0);
        long[][] compute = new long[outcomes.size()][];
        for (int r = 0; r < outcomes.size(); r++) {
            compute[r] = outcomes.get(r).computeNanos;
        }
        return new AnnealingResult(first.solution, first.t0, first.steps, first.iterations, first.meanIterationNanos,
                fluctuation(compute), first.hierarchy, first.splits);
    }

    /**
     * The time of EM iterations at a fixed temperature, for the overhead measurement: each rank
     * runs {@code warmup} iterations, then {@code iterations} timed ones, from the same centres.
     *
     * @param world the ranks
     * @param points the points
     * @param start the centres and priors to iterate from
     * @param t the temperature (&gt; 0: soft memberships, as in the annealing)
     * @param warmup iterations run first and not timed
     * @param iterations iterations timed
     * @return the mean wall time of one iteration on rank 0 (reduction included) and the ranks' fluctuation
     */
    static IterationTiming timeIterations(SpmdRuntime world, Points points, Solution start, double t, int warmup,
                                          int iterations) {
        checkRanks(points, world.size());
        AnnealingSchedule s = new AnnealingSchedule(start.k(), 0.5, 1e-12, 1, 0.05, 0, 0.5, false);
        List<RankOutcome> outcomes = world.run(comm -> {
            try (RankRun run = new RankRun(comm, points, s, 1, Progress.NONE, () -> false)) {
                return run.timed(start, t, warmup, iterations);
            }
        });
        long[][] compute = new long[outcomes.size()][];
        for (int r = 0; r < outcomes.size(); r++) {
            compute[r] = outcomes.get(r).computeNanos;
        }
        return new IterationTiming(outcomes.get(0).meanIterationNanos, fluctuation(compute));
    }

    /**
     * What {@link #timeIterations} measured.
     *
     * @param meanNanos the mean wall time of one EM iteration on rank 0, its reduction included
     * @param fluctuation the slowest rank's compute time over the ranks' mean, averaged over iterations
     */
    record IterationTiming(double meanNanos, double fluctuation) {
    }

    /**
     * EM iterations at a fixed temperature on the calling rank, for benchmarks that drive the
     * kernel's inner loop on a runtime of their own: each {@link Iterations#run(int)} runs the
     * kernel's iteration (this rank's partial sums, one allreduce of K(D+1)+2 doubles, the
     * update) {@code n} times. Every rank of the communicator must create one with the same
     * arguments and call {@code run} with the same counts.
     *
     * @param comm this rank's communicator (on ccr-mpi or any other {@link SpmdRuntime})
     * @param points the points (this rank works its block of them)
     * @param start the centres and priors to iterate from
     * @param t the temperature (0: the k-means limit)
     * @return the iterations
     */
    public static Iterations iterations(Comm comm, Points points, Solution start, double t) {
        Objects.requireNonNull(start, "start");
        if (start.d() != points.d()) {
            throw new IllegalArgumentException("the centres have " + start.d() + " dimensions, the points " + points.d());
        }
        AnnealingSchedule s = new AnnealingSchedule(start.k(), 0.5, 1e-12, 1, 0.05, 0, 0.5, false);
        RankRun run = new RankRun(comm, points, s, 1, Progress.NONE, () -> false);
        run.begin(start);
        return n -> {
            for (int i = 0; i < n; i++) {
                run.iterate(t);
            }
            return run.freeEnergy;
        };
    }

    /** EM iterations on one rank; see {@link #iterations}. Confined to the rank's thread. */
    @FunctionalInterface
    public interface Iterations {
        /**
         * Runs EM iterations.
         *
         * @param n how many
         * @return the free energy after the last (the distortion at T = 0)
         */
        double run(int n);
    }

    /**
     * Lloyd's k-means iterations (the T -&gt; 0 limit) on the calling rank, one at a time, with the
     * centres readable after each: what {@link #iterations iterations(comm, points, start, 0)} runs,
     * for peers that must be checked against the kernel's own k-means step (Spark MLlib's, in
     * jmh-bench/spark-peer). Each {@link KMeansIterations#run(int)} iteration assigns every point
     * of this rank's block to its nearest centre (the lowest index among equals), sums the points
     * of each cluster, reduces the K(D+1)+2 doubles with one allreduce and moves every centre to its
     * cluster's mean; a cluster that lost all its points keeps its centre. Every rank of the
     * communicator must create one with the same arguments and call {@code run} with the same
     * counts.
     *
     * @param comm this rank's communicator (on ccr-mpi or any other {@link SpmdRuntime})
     * @param points the points (this rank works its block of them)
     * @param start the centres to iterate from (their priors are not used)
     * @return the iterations
     * @throws IllegalArgumentException if the centres' dimension is not the points'
     */
    public static KMeansIterations kMeansIterations(Comm comm, Points points, Solution start) {
        Objects.requireNonNull(comm, "comm");
        Objects.requireNonNull(points, "points");
        Objects.requireNonNull(start, "start");
        if (start.d() != points.d()) {
            throw new IllegalArgumentException("the centres have " + start.d() + " dimensions, the points " + points.d());
        }
        checkRanks(points, comm.size());
        AnnealingSchedule s = new AnnealingSchedule(start.k(), 0.5, 1e-12, 1, 0.05, 0, 0.5, false);
        RankRun run = new RankRun(comm, points, s, 1, Progress.NONE, () -> false);
        run.begin(start);
        return new KMeansIterations() {
            @Override
            public double run(int n) {
                if (n < 0) {
                    throw new IllegalArgumentException("iterations must be 0 or more, got " + n);
                }
                for (int i = 0; i < n; i++) {
                    run.iterate(0);
                }
                return run.freeEnergy;
            }

            @Override
            public Solution solution() {
                return run.solution();
            }
        };
    }

    /**
     * k-means iterations on one rank; see {@link #kMeansIterations}. Confined to the rank's thread.
     */
    public interface KMeansIterations extends Iterations {
        /**
         * Runs k-means iterations.
         *
         * @param n how many, 0 or more
         * @return the distortion (the sum of squared distances to the nearest centre) of the last
         *     iteration's assignment, measured against the centres it started from; 0 before the first
         * @throws IllegalArgumentException if {@code n} is negative
         */
        @Override
        double run(int n);

        /**
         * The centres after the last iteration, and as priors each cluster's share of the points.
         *
         * @return the current solution (a copy; the same on every rank)
         */
        Solution solution();
    }

    private static void checkRanks(Points points, int ranks) {
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, got " + ranks);
        }
        if (ranks > points.n()) {
            throw new IllegalArgumentException(ranks + " ranks for " + points.n() + " points: each rank needs a point");
        }
    }

    /**
     * The mean over iterations of the slowest rank's compute time over the ranks' mean (1 for one
     * rank): how far the loosely synchronous ranks drift apart between two reductions.
     */
    static double fluctuation(long[][] computeNanos) {
        int iterations = Integer.MAX_VALUE;
        for (long[] c : computeNanos) {
            iterations = Math.min(iterations, c.length);
        }
        if (iterations == 0 || iterations == Integer.MAX_VALUE) {
            return 1;
        }
        double sum = 0;
        int counted = 0;
        for (int it = 0; it < iterations; it++) {
            long max = 0;
            double mean = 0;
            for (long[] c : computeNanos) {
                max = Math.max(max, c[it]);
                mean += c[it];
            }
            mean /= computeNanos.length;
            if (mean > 0) {
                sum += max / mean;
                counted++;
            }
        }
        return counted == 0 ? 1 : sum / counted;
    }

    /**
     * One block's partial sums of one EM iteration at temperature t (hard memberships at t = 0):
     * {@code [S_0..S_(k-1), Y_0 (d values) .. Y_(k-1), F, distortion]}, K(D+1)+2 doubles. The one
     * computation every model runs (ranks, the fork-join peer).
     *
     * @param x the points, row by row
     * @param d the dimensions
     * @param lo the block's first point
     * @param hi one past its last
     * @param y the centres
     * @param p the priors
     * @param k the clusters
     * @param t the temperature
     * @return the partial sums
     */
    static double[] partialSums(double[] x, int d, int lo, int hi, double[] y, double[] p, int k, double t) {
        int sOff = 0;
        int yOff = k;
        int fOff = k + k * d;
        double[] part = new double[k * (d + 1) + 2];
        double[] logP = new double[k];
        for (int c = 0; c < k; c++) {
            logP[c] = p[c] > 0 ? Math.log(p[c]) : Double.NEGATIVE_INFINITY;
        }
        double[] dist = new double[k];
        double[] a = new double[k];
        double f = 0;
        double distortionPart = 0;
        for (int i = lo; i < hi; i++) {
            int base = i * d;
            for (int c = 0; c < k; c++) {
                double sq = 0;
                int cb = c * d;
                for (int j = 0; j < d; j++) {
                    double e = x[base + j] - y[cb + j];
                    sq += e * e;
                }
                dist[c] = sq;
            }
            if (t > 0) {
                // log-sum-exp: a_c = log p_c - d_c / T, shifted by the largest, so exp never overflows
                // and the largest term is exactly 1.
                double max = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < k; c++) {
                    a[c] = logP[c] - dist[c] / t;
                    max = Math.max(max, a[c]);
                }
                // One exponential per cluster: m_c = exp(a_c - max) / z equals exp(a_c - log Z) up to
                // rounding, and the exponentials are most of the kernel's time.
                double z = 0;
                for (int c = 0; c < k; c++) {
                    double e = Math.exp(a[c] - max);
                    a[c] = e;
                    z += e;
                }
                f -= t * (max + Math.log(z));
                double invZ = 1 / z;
                for (int c = 0; c < k; c++) {
                    double m = a[c] * invZ;
                    if (m == 0) {
                        continue;
                    }
                    part[sOff + c] += m;
                    int yb = yOff + c * d;
                    for (int j = 0; j < d; j++) {
                        part[yb + j] += m * x[base + j];
                    }
                    distortionPart += m * dist[c];
                }
            } else {
                int best = 0;
                for (int c = 1; c < k; c++) {
                    if (dist[c] < dist[best]) {
                        best = c;
                    }
                }
                part[sOff + best] += 1;
                int yb = yOff + best * d;
                for (int j = 0; j < d; j++) {
                    part[yb + j] += x[base + j];
                }
                distortionPart += dist[best];
                f += dist[best];
            }
        }
        part[fOff] = f;
        part[fOff + 1] = distortionPart;
        return part;
    }

    /**
     * The M step from reduced sums: {@code y_k = Y_k / S_k}, {@code p_k = S_k / N}; an empty cluster
     * keeps its centre and gets prior 0.
     */
    static void update(double[] part, double[] y, double[] p, int k, int d, int n) {
        for (int c = 0; c < k; c++) {
            double mass = part[c];
            if (mass > 0) {
                for (int j = 0; j < d; j++) {
                    y[c * d + j] = part[k + c * d + j] / mass;
                }
            }
            p[c] = mass / n;
        }
    }

    /** What one rank hands back to the caller of the world. */
    private record RankOutcome(Solution solution, double t0, List<Step> steps, int iterations,
                               double meanIterationNanos, long[] computeNanos, List<Solution> hierarchy,
                               List<Double> splits) {
    }

    /**
     * One rank's run. Confined to the rank's thread; it reads the shared points (never writes
     * them) and shares nothing else. With more than one thread, the rank's block is cut into
     * {@code threads} chunks whose partial sums a ccr-core fan-out computes on a dispatcher of the
     * rank's own and combines in chunk order (the rank's thread waits for them: its handlers only
     * read the points and the centres, which the rank's thread does not change meanwhile).
     */
    private static final class RankRun implements AutoCloseable {
        private final Comm comm;
        private final Points points;
        private final AnnealingSchedule s;
        private final Progress progress;
        private final BooleanSupplier cancelled;
        private final double[] x;
        private final int n;
        private final int d;
        private final int lo;
        private final int hi;
        /** Centres (kMax * d) and log priors; the first k are in use. */
        private final double[] y;
        private final double[] p;
        /** The temperature at which each cluster was made: a cluster never splits at the temperature it was born at. */
        private final double[] bornAt;
        private int k;
        private double freeEnergy;
        /** The distortion sum_ik m_ik |x_i - y_k|^2 of the last iteration (reduced with the free energy). */
        private double distortion;
        private long[] computeNanos = new long[256];
        private int iterations;
        private long iterationNanosTotal;
        /** The iterations and their time up to the last report, for each step's own mean. */
        private int reportedIterations;
        private long reportedNanos;
        private final List<Step> steps = new ArrayList<>();
        private final List<Double> splits = new ArrayList<>();
        /** The solution reached at each number of clusters, before the split that left it. */
        private final TreeMap<Integer, Solution> snapshots = new TreeMap<>();

        private final io.ccrj.core.Dispatcher threadPool;
        private final FanOut fanOut;

        RankRun(Comm comm, Points points, AnnealingSchedule s, int threads, Progress progress, BooleanSupplier cancelled) {
            this.comm = comm;
            if (threads > 1) {
                threadPool = new io.ccrj.core.Dispatcher(threads, "rank-" + comm.rank() + "-threads");
                fanOut = new FanOut(threadPool, "partial-sums", threads);
            } else {
                threadPool = null;
                fanOut = null;
            }
            this.points = points;
            this.s = s;
            this.progress = progress;
            this.cancelled = cancelled;
            this.x = points.values();
            this.n = points.n();
            this.d = points.d();
            int size = comm.size();
            int rank = comm.rank();
            this.lo = (int) ((long) n * rank / size);
            this.hi = (int) ((long) n * (rank + 1) / size);
            this.y = new double[s.kMax() * d];
            this.p = new double[s.kMax()];
            this.bornAt = new double[s.kMax()];
            Arrays.fill(bornAt, Double.POSITIVE_INFINITY);
        }

        @Override
        public void close() {
            if (threadPool != null) {
                threadPool.close();
            }
        }

        /** This rank's partial sums: on its own thread, or chunk by chunk on its threads. */
        private double[] partial(double t) {
            if (fanOut == null) {
                return partialSums(x, d, lo, hi, y, p, k, t);
            }
            int kk = k;
            return fanOut.map(hi - lo, (from, to) -> partialSums(x, d, lo + from, lo + to, y, p, kk, t),
                    ClusteringPipeline::add, () -> false);
        }

        RankOutcome run(Solution initial) {
            double t0;
            if (initial != null) {
                t0 = 0;
                k = initial.k();
                System.arraycopy(initial.centres(), 0, y, 0, k * d);
                Arrays.fill(p, 0, k, 1.0 / k);
                settle(0);
            } else {
                t0 = anneal();
            }
            List<Solution> hierarchy = new ArrayList<>();
            if (s.keepHierarchy()) {
                Solution last = solution();
                for (Solution snap : snapshots.values()) {
                    if (snap.k() < last.k()) {
                        k = snap.k();
                        System.arraycopy(snap.centres(), 0, y, 0, k * d);
                        System.arraycopy(snap.priors(), 0, p, 0, k);
                        emAtZero();
                        hierarchy.add(solution());
                    }
                }
                hierarchy.add(last);
                k = last.k();
                System.arraycopy(last.centres(), 0, y, 0, k * d);
                System.arraycopy(last.priors(), 0, p, 0, k);
            }
            double mean = iterations == 0 ? 0 : (double) iterationNanosTotal / iterations;
            return new RankOutcome(solution(), t0, List.copyOf(steps), iterations, mean,
                    Arrays.copyOf(computeNanos, iterations), List.copyOf(hierarchy), List.copyOf(splits));
        }

        /** Sets the centres and priors to iterate from. */
        void begin(Solution start) {
            k = start.k();
            System.arraycopy(start.centres(), 0, y, 0, k * d);
            System.arraycopy(start.priors(), 0, p, 0, k);
        }

        /** Timed EM iterations at a fixed temperature from the given centres. */
        RankOutcome timed(Solution start, double t, int warmup, int timed) {
            begin(start);
            for (int i = 0; i < warmup; i++) {
                iterate(t);
            }
            iterations = 0;
            iterationNanosTotal = 0;
            for (int i = 0; i < timed; i++) {
                iterate(t);
            }
            double mean = iterations == 0 ? 0 : (double) iterationNanosTotal / iterations;
            return new RankOutcome(solution(), 0, List.of(), iterations, mean, Arrays.copyOf(computeNanos, iterations),
                    List.of(), List.of());
        }

        /** The whole annealing; returns T0. */
        private double anneal() {
            // The mean and the covariance of all points: two reductions.
            double[] sum = new double[d];
            for (int i = lo; i < hi; i++) {
                for (int j = 0; j < d; j++) {
                    sum[j] += x[i * d + j];
                }
            }
            allreduce(sum);
            double[] mean = new double[d];
            for (int j = 0; j < d; j++) {
                mean[j] = sum[j] / n;
            }
            double[] cov = new double[d * d];
            for (int i = lo; i < hi; i++) {
                addOuter(cov, i, mean, 0, 1.0);
            }
            allreduce(cov);
            for (int e = 0; e < cov.length; e++) {
                cov[e] /= n;
            }
            double lambda = Linalg.largestEigenvalue(cov, d, null);
            k = 1;
            System.arraycopy(mean, 0, y, 0, d);
            p[0] = 1;
            double t0 = 2 * lambda;
            if (!(t0 > 0)) {
                // Every point is the same point: one cluster, nothing to anneal.
                settle(0);
                return 0;
            }
            double t = t0;
            double tEnd = s.tMinRatio() * t0;
            int afterLast = 0;
            int index = 0;
            while (true) {
                int its = em(t);
                boolean split = k < s.kMax() && splitCritical(t);
                double fraction = Math.min(0.99, Math.log(t0 / t) / Math.log(t0 / estimatedEnd(t0, t, tEnd)));
                report(index++, t, its, fraction);
                if (split) {
                    continue; // EM again at the same temperature, with the new clusters
                }
                if (k == s.kMax() && afterLast++ >= s.stepsAfterLastSplit()) {
                    break;
                }
                t *= s.alpha();
                if (t < tEnd) {
                    break;
                }
            }
            settle(index);
            return t0;
        }

        /** Where the run will likely stop cooling, for the progress estimate. */
        private double estimatedEnd(double t0, double t, double tEnd) {
            if (k == s.kMax()) {
                double remaining = s.stepsAfterLastSplit() + 1;
                return Math.max(tEnd, t * Math.pow(s.alpha(), remaining));
            }
            // Before kMax: guess from the clusters split so far (the splits come at falling temperatures).
            double guess = t * Math.pow(s.alpha(), s.stepsAfterLastSplit() + 1) * Math.pow(0.5, s.kMax() - k);
            return Math.max(tEnd, Math.min(guess, t0 * s.alpha()));
        }

        /** The T -> 0 limit from the current centres, reported as the last step. */
        private void settle(int index) {
            int its = emAtZero();
            report(index, 0, its, 1);
        }

        private void report(int index, double t, int its, double fraction) {
            int its0 = iterations - reportedIterations;
            double ms = its0 == 0 ? 0 : (iterationNanosTotal - reportedNanos) / 1e6 / its0;
            reportedIterations = iterations;
            reportedNanos = iterationNanosTotal;
            Step step = new Step(index, t, k, freeEnergy, its, ms, Math.max(0, fraction), Arrays.copyOf(y, k * d));
            steps.add(step);
            if (comm.rank() == 0) {
                progress.step(step);
            }
        }

        /** EM at temperature t until the free energy settles; returns the iterations run. */
        private int em(double t) {
            double previous = Double.NaN;
            for (int it = 1; it <= s.maxIterations(); it++) {
                iterate(t);
                if (it > 1 && Math.abs(freeEnergy - previous) <= s.tolerance() * Math.abs(freeEnergy)) {
                    return it;
                }
                previous = freeEnergy;
            }
            return s.maxIterations();
        }

        /** Hard memberships until the distortion stops changing (k-means). */
        private int emAtZero() {
            double previous = Double.NaN;
            for (int it = 1; it <= s.maxIterations(); it++) {
                iterate(0);
                if (it > 1 && Math.abs(freeEnergy - previous) <= 1e-12 * Math.abs(freeEnergy)) {
                    return it;
                }
                previous = freeEnergy;
            }
            return s.maxIterations();
        }

        /** One EM iteration: this rank's partial sums, one allreduce of K(D+1)+2 doubles, the update. */
        private void iterate(double t) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("the clustering job was cancelled");
            }
            long start = System.nanoTime();
            double[] part = partial(t);
            long computed = System.nanoTime();
            allreduce(part);
            update(part, y, p, k, d, n);
            freeEnergy = part[k + k * d];
            distortion = part[k + k * d + 1];
            long end = System.nanoTime();
            if (iterations == computeNanos.length) {
                computeNanos = Arrays.copyOf(computeNanos, 2 * iterations);
            }
            computeNanos[iterations++] = computed - start;
            iterationNanosTotal += end - start;
        }

        /**
         * Splits, most critical first, every cluster whose critical temperature lies above t, while
         * fewer than kMax. One reduction of K + K D^2 doubles (the weighted covariances).
         */
        private boolean splitCritical(double t) {
            double[] part = new double[k + k * d * d];
            double[] logP = new double[k];
            for (int c = 0; c < k; c++) {
                logP[c] = p[c] > 0 ? Math.log(p[c]) : Double.NEGATIVE_INFINITY;
            }
            double[] a = new double[k];
            double[] m = new double[k];
            for (int i = lo; i < hi; i++) {
                int base = i * d;
                double max = Double.NEGATIVE_INFINITY;
                for (int c = 0; c < k; c++) {
                    double sq = 0;
                    for (int j = 0; j < d; j++) {
                        double e = x[base + j] - y[c * d + j];
                        sq += e * e;
                    }
                    a[c] = logP[c] - sq / t;
                    max = Math.max(max, a[c]);
                }
                double z = 0;
                for (int c = 0; c < k; c++) {
                    z += Math.exp(a[c] - max);
                }
                double logZ = max + Math.log(z);
                for (int c = 0; c < k; c++) {
                    m[c] = Math.exp(a[c] - logZ);
                    if (m[c] > 0) {
                        part[c] += m[c];
                        addOuter(part, i, y, c * d, m[c], k + c * d * d);
                    }
                }
            }
            allreduce(part);
            int before = k;
            double[] tc = new double[before];
            double[][] axis = new double[before][d];
            double[] lambda = new double[before];
            for (int c = 0; c < before; c++) {
                double mass = part[c];
                if (mass <= 0) {
                    continue;
                }
                double[] cov = Arrays.copyOfRange(part, before + c * d * d, before + (c + 1) * d * d);
                for (int e = 0; e < cov.length; e++) {
                    cov[e] /= mass;
                }
                lambda[c] = Linalg.largestEigenvalue(cov, d, axis[c]);
                tc[c] = 2 * lambda[c];
            }
            Integer[] order = new Integer[before];
            for (int c = 0; c < before; c++) {
                order[c] = c;
            }
            Arrays.sort(order, (u, v) -> tc[u] != tc[v] ? Double.compare(tc[v], tc[u]) : Integer.compare(u, v));
            boolean any = false;
            for (int c : order) {
                if (k >= s.kMax() || !(tc[c] > t)) {
                    break;
                }
                if (!(bornAt[c] > t)) {
                    continue; // split at this temperature already: let EM separate the halves first
                }
                if (!any) {
                    snapshots.put(k, solution());
                }
                any = true;
                double delta = s.perturbation() * Math.sqrt(lambda[c]);
                int fresh = k++;
                for (int j = 0; j < d; j++) {
                    double centre = y[c * d + j];
                    y[c * d + j] = centre + delta * axis[c][j];
                    y[fresh * d + j] = centre - delta * axis[c][j];
                }
                p[c] /= 2;
                p[fresh] = p[c];
                bornAt[c] = t;
                bornAt[fresh] = t;
                splits.add(t);
            }
            return any;
        }

        /** out[off + (a, b)] += w (x_i - c)(x_i - c)^T, c at centre[cOff ..]. */
        private void addOuter(double[] out, int i, double[] centre, int cOff, double w, int off) {
            int base = i * d;
            for (int u = 0; u < d; u++) {
                double du = x[base + u] - centre[cOff + u];
                double wu = w * du;
                for (int v = 0; v < d; v++) {
                    out[off + u * d + v] += wu * (x[base + v] - centre[cOff + v]);
                }
            }
        }

        private void addOuter(double[] out, int i, double[] centre, int cOff, double w) {
            addOuter(out, i, centre, cOff, w, 0);
        }

        private void allreduce(double[] buf) {
            comm.allreduce(Comm.IN_PLACE, 0, buf, 0, buf.length, Datatype.DOUBLE, Op.SUM);
        }

        private Solution solution() {
            return new Solution(k, d, Arrays.copyOf(y, k * d), Arrays.copyOf(p, k));
        }
    }
}
