package io.ccrj.bench.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.examples.clustering.DeterministicAnnealing;
import io.ccrj.examples.clustering.GaussianMixture;
import io.ccrj.examples.clustering.Points;
import io.ccrj.examples.clustering.Solution;
import io.ccrj.mpi.SpmdWorld;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Spark MLlib's one-iteration step ({@link SparkKMeans#iterate}) against the clustering kernel's
 * hard k-means iteration ({@link DeterministicAnnealing#kMeansIterations}) from the same start on
 * the same seeded mixture: the same assignment rule (nearest centre, lowest index among equals)
 * and the same update (the cluster's mean; an empty cluster keeps its centre) give the same
 * centres, up to the order of the additions. So the two benchmarks of this module time the same
 * computation.
 */
@Timeout(120)
class LocalKMeansTest {
    private static final int N = 2_400;
    private static GaussianMixture.Labelled data;
    private static SparkKMeans spark;

    @BeforeAll
    static void startSpark() {
        data = KMeansData.mixture(N);
        spark = SparkKMeans.local(2, data.points());
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.close();
        }
    }

    /** The true centres moved off by a deterministic, sizeable step: k-means has work to do. */
    private static double[] shiftedStart() {
        double[] c = KMeansData.start(data).centres();
        for (int e = 0; e < c.length; e++) {
            c[e] += (e % 3 == 0 ? 1.5 : -1.0) * (1 + e % 2);
        }
        return c;
    }

    /** Our kernel's centres after each of {@code steps} iterations, and the first distortion, on {@code ranks}. */
    private static double[][] ours(double[] start, int steps, int ranks) {
        Points pts = data.points();
        Solution s = new Solution(KMeansData.CLUSTERS, KMeansData.DIMS, start.clone(), new double[KMeansData.CLUSTERS]);
        List<double[][]> perRank = SpmdWorld.builder().size(ranks).name("local-kmeans-test").build().run(comm -> {
            DeterministicAnnealing.KMeansIterations km = DeterministicAnnealing.kMeansIterations(comm, pts, s);
            double[][] out = new double[steps + 1][];
            for (int i = 0; i < steps; i++) {
                double distortion = km.run(1);
                if (i == 0) {
                    out[steps] = new double[] {distortion};
                }
                out[i] = km.solution().centres();
            }
            return out;
        });
        for (double[][] r : perRank) {
            assertThat(r[0]).as("every rank holds the same centres").isEqualTo(perRank.get(0)[0]);
        }
        return perRank.get(0);
    }

    private static double scale(double[] c) {
        return Arrays.stream(c).map(Math::abs).max().orElse(1);
    }

    @Test
    void sparksIterationGivesTheKernelsCentresStepByStep() {
        double[] start = shiftedStart();
        int steps = 3;
        for (int ranks : new int[] {1, 2}) {
            double[][] kernel = ours(start, steps, ranks);
            double[] sparkCentres = start;
            for (int i = 0; i < steps; i++) {
                SparkKMeans.Step step = spark.iterate(sparkCentres);
                if (i == 0) {
                    // MLlib's cost is the kernel's distortion of the same assignment; MLlib computes
                    // squared distances from norms where that is precise to 1e-6, hence the tolerance.
                    assertThat(step.cost()).isCloseTo(kernel[steps][0], within(1e-6 * kernel[steps][0]));
                    assertThat(step.centres()).as("the first step moves the centres").isNotEqualTo(start);
                }
                double tolerance = 1e-9 * scale(kernel[i]);
                for (int e = 0; e < start.length; e++) {
                    assertThat(step.centres()[e]).as("coordinate %d after step %d, kernel on %d ranks", e, i + 1, ranks)
                            .isCloseTo(kernel[i][e], within(tolerance));
                }
                sparkCentres = step.centres();   // Spark's next step from its own centres, as the benchmark runs
            }
        }
    }

    @Test
    void anEmptyClusterKeepsItsCentreOnBothSides() {
        double[] start = KMeansData.start(data).centres();
        // the last centre far from every point: no point is nearest to it
        start[start.length - 2] = 1e6;
        start[start.length - 1] = 1e6;
        SparkKMeans.Step step = spark.iterate(start);
        double[] kernel = ours(start, 1, 2)[0];
        assertThat(step.centres()[start.length - 2]).isEqualTo(1e6);
        assertThat(kernel[start.length - 2]).isEqualTo(1e6);
        double tolerance = 1e-9 * scale(kernel);
        for (int e = 0; e < start.length; e++) {
            assertThat(step.centres()[e]).isCloseTo(kernel[e], within(tolerance));
        }
    }

    @Test
    void badArgumentsAreRefusedWithTheReason() {
        Points pts = data.points();
        assertThatThrownBy(() -> SparkKMeans.local(0, pts)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cores must be from 1 to 256, got 0");
        Points two = new Points(2, 1, new double[] {0, 1});
        assertThatThrownBy(() -> SparkKMeans.local(3, two)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("3 cores for 2 points");
        assertThatThrownBy(() -> spark.iterate(new double[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("centres must be K x 2 values");
        assertThatThrownBy(() -> KMeansData.mixture(7)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("points must be at least 8");
    }
}
