package io.ccrj.bench.mpi;

import io.ccrj.examples.clustering.ArithmeticFloor;
import io.ccrj.examples.clustering.DeterministicAnnealing;
import io.ccrj.examples.clustering.ForkJoinPeer;
import io.ccrj.examples.clustering.GaussianMixture;
import io.ccrj.examples.clustering.Solution;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One EM iteration of the clustering example's deterministic-annealing kernel (docs/clustering.md):
 * every rank's partial sums over its block of points, one allreduce of K(D+1)+2 doubles, the
 * update; at a fixed temperature (a tenth of 2 lambda_max), from the mixture's true centres. The
 * same kernel on ccr-mpi's persistent ranks and on MPJ Express's multicore device, side by side;
 * {@link ForkJoin} is the fork-join peer on the same data, {@link Floor} the machine's floor under
 * the parallel overhead. The score is per EM iteration.
 */
public class AnnealingIterationBenchmark extends WorldBenchmark {
    /**
     * EM iterations per invocation. A round of the persistent ranks costs the driver one wake-up
     * (tens of microseconds on a small virtual machine), a harness cost the fork-join peer, driven
     * from JMH's own thread, does not pay: spread over 50 iterations it is well under a
     * microsecond of each, small beside the smallest grain's iteration.
     */
    static final int ITERATIONS = 50;
    static final int DIMS = 2;
    static final int CLUSTERS = 8;

    /** The ranks. */
    @Param({"1", "2", "4", "8"})
    public int ranks;

    /** The total points (the grain is points / ranks). */
    @Param({"80", "800", "8000", "80000"})
    public int points;

    @Override
    int worldSize() {
        return ranks;
    }

    @Override
    DrivenWorld.RankBody body() {
        GaussianMixture.Labelled data = GaussianMixture.generate(points, DIMS, CLUSTERS, 6, points);
        Solution start = start(data);
        double t = temperature(data);
        return comm -> {
            DeterministicAnnealing.Iterations em = DeterministicAnnealing.iterations(comm, data.points(), start, t);
            return em::run;
        };
    }

    /** {@link #ITERATIONS} EM iterations on every rank. */
    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public void emIteration() {
        round(ITERATIONS);
    }

    static Solution start(GaussianMixture.Labelled data) {
        double[] priors = new double[CLUSTERS];
        Arrays.fill(priors, 1.0 / CLUSTERS);
        return new Solution(CLUSTERS, DIMS, data.centres().clone(), priors);
    }

    /** A tenth of 2 lambda_max of the points' covariance: the middle of an annealing. */
    static double temperature(GaussianMixture.Labelled data) {
        var p = data.points();
        double[] mean = new double[DIMS];
        for (int i = 0; i < p.n(); i++) {
            for (int j = 0; j < DIMS; j++) {
                mean[j] += p.get(i, j) / p.n();
            }
        }
        double a = 0;
        double b = 0;
        double c = 0;
        for (int i = 0; i < p.n(); i++) {
            double u = p.get(i, 0) - mean[0];
            double v = p.get(i, 1) - mean[1];
            a += u * u / p.n();
            b += u * v / p.n();
            c += v * v / p.n();
        }
        double lambda = (a + c) / 2 + Math.sqrt((a - c) * (a - c) / 4 + b * b); // 2 x 2 symmetric
        return 0.2 * lambda;
    }

    /** The fork-join peer: a parallel stream on the common pool per EM iteration, the same partial sums. */
    @State(Scope.Benchmark)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    @Fork(1)
    public static class ForkJoin {
        /** The total points. */
        @Param({"80", "800", "8000", "80000"})
        public int points;

        private DeterministicAnnealing.Iterations em;

        /** Generates the data and the loop. */
        @Setup
        public void setUp() {
            GaussianMixture.Labelled data = GaussianMixture.generate(points, DIMS, CLUSTERS, 6, points);
            em = ForkJoinPeer.iterations(data.points(), start(data), temperature(data),
                    4 * Runtime.getRuntime().availableProcessors());
        }

        /**
         * {@link #ITERATIONS} EM iterations.
         *
         * @return the free energy (so that nothing is dead code)
         */
        @Benchmark
        @OperationsPerInvocation(ITERATIONS)
        public double emIteration() {
            return em.run(ITERATIONS);
        }
    }

    /**
     * The floor under the parallel overhead f: the partial sums' arithmetic alone
     * ({@link ArithmeticFloor}), on one thread over all the points ({@code oneThread}) and on two
     * JMH threads that never communicate, each over its half ({@code twoThreads}), each with its own
     * copy of the data. The score is the time of one block's sums; the floor's
     * f(2) = (2 twoThreads - oneThread) / oneThread is what the machine costs two ranks before
     * any runtime does, to read the ranks' f(2) against.
     */
    @State(Scope.Thread)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @Warmup(iterations = 3, time = 1)
    @Measurement(iterations = 5, time = 1)
    @Fork(1)
    public static class Floor {
        /** The total points. */
        @Param({"80", "800", "8000", "80000"})
        public int points;

        private DeterministicAnnealing.Iterations block;

        /**
         * Generates this thread's copy of the data and its block: the r-th of as many as there are threads.
         *
         * @param thread this thread's index and the thread count
         */
        @Setup
        public void setUp(ThreadParams thread) {
            GaussianMixture.Labelled data = GaussianMixture.generate(points, DIMS, CLUSTERS, 6, points);
            int r = thread.getThreadIndex();
            int of = thread.getThreadCount();
            block = ArithmeticFloor.block(data.points(), start(data), temperature(data), (int) ((long) points * r / of),
                    (int) ((long) points * (r + 1) / of));
        }

        /**
         * {@link #ITERATIONS} partial sums of all the points on one thread.
         *
         * @return the last free-energy term
         */
        @Benchmark
        @Threads(1)
        @OperationsPerInvocation(ITERATIONS)
        public double oneThread() {
            return block.run(ITERATIONS);
        }

        /**
         * {@link #ITERATIONS} partial sums of this thread's half, two threads at once.
         *
         * @return the last free-energy term
         */
        @Benchmark
        @Threads(2)
        @OperationsPerInvocation(ITERATIONS)
        public double twoThreads() {
            return block.run(ITERATIONS);
        }
    }
}
