package io.ccrj.bench.spark;

import io.ccrj.examples.clustering.DeterministicAnnealing;
import io.ccrj.examples.clustering.GaussianMixture;
import io.ccrj.examples.clustering.Solution;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Our side of the Spark comparison: one hard k-means (Lloyd) iteration of the clustering kernel,
 * its T -&gt; 0 limit ({@link DeterministicAnnealing#kMeansIterations}), on persistent ccr-mpi ranks:
 * every rank assigns its block of points to the nearest centres and sums the clusters, one
 * allreduce of K(D+1)+2 doubles, every rank moves the centres. The same data, start and K as
 * {@link SparkKMeansIterationBenchmark}, with one rank per core where Spark has one task thread
 * per core ({@code cores}, the same parameter name, so that one {@code -p cores=...} sets both).
 * The score is per iteration; each iteration starts from the previous one's centres.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KernelKMeansIterationBenchmark {
    /** Iterations per invocation: the gate's wake-up is spread over them, as in AnnealingIterationBenchmark. */
    static final int ITERATIONS = 10;

    /** The ranks (one thread each). */
    @Param({"1", "2", "4", "8"})
    public int cores;

    /** The total points (each rank's block is points / cores). */
    @Param({"8000", "80000"})
    public int points;

    private PersistentRanks ranks;

    /** Generates the data and starts the ranks, each with its k-means loop from the true centres. */
    @Setup(Level.Trial)
    public void setUp() {
        GaussianMixture.Labelled data = KMeansData.mixture(points);
        Solution start = KMeansData.start(data);
        ranks = new PersistentRanks(cores, comm -> {
            DeterministicAnnealing.KMeansIterations km = DeterministicAnnealing.kMeansIterations(comm, data.points(), start);
            return km::run;
        });
    }

    /**
     * Stops the ranks.
     *
     * @throws InterruptedException if interrupted while they finish
     */
    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        ranks.close();
    }

    /** {@link #ITERATIONS} k-means iterations on every rank. */
    @Benchmark
    @OperationsPerInvocation(ITERATIONS)
    public void kMeansIteration() {
        ranks.round(ITERATIONS);
    }
}
