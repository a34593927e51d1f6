package io.ccrj.bench.spark;

import io.ccrj.examples.clustering.GaussianMixture;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Spark MLlib's k-means in local mode, the peer of the clustering kernel's T -&gt; 0 limit: the
 * time of one Lloyd iteration run by MLlib ({@link SparkKMeans#iterate}: {@code KMeans} with the
 * previous iteration's centres as its initial model and {@code maxIterations} 1), so that
 * initialisation is apart. The SparkSession ({@code local[cores]}) is created once per trial and
 * the points are cached and materialised before the first iteration; the data, the start and K are
 * {@link KernelKMeansIterationBenchmark}'s. A {@code cores} above the machine's cores
 * oversubscribes it (Spark runs that many task threads all the same).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
// Longer than the kernel's warm-up: Spark's per-job code (scheduler, broadcast, shuffle, block
// manager) is large and compiled late, so its first seconds run far slower than its steady state.
@Warmup(iterations = 8, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SparkKMeansIterationBenchmark {
    /** Spark's local[cores] task threads, and the points' partitions. */
    @Param({"1", "2", "4", "8"})
    public int cores;

    /** The total points. */
    @Param({"8000", "80000"})
    public int points;

    private SparkKMeans spark;
    private double[] centres;

    /** Generates the data, starts the session and caches the points. */
    @Setup(Level.Trial)
    public void setUp() {
        GaussianMixture.Labelled data = KMeansData.mixture(points);
        centres = KMeansData.start(data).centres();
        spark = SparkKMeans.local(cores, data.points());
    }

    /** Stops the session. */
    @TearDown(Level.Trial)
    public void tearDown() {
        spark.close();
    }

    /**
     * One k-means iteration by MLlib from the previous centres.
     *
     * @return MLlib's cost of the iteration (so that nothing is dead code)
     */
    @Benchmark
    public double kMeansIteration() {
        SparkKMeans.Step step = spark.iterate(centres);
        centres = step.centres();
        return step.cost();
    }
}
