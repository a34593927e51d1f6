package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The SPMD kernel against the plain sequential model of the same equations, across rank counts,
 * in its k-means limit, on seeded well-separated Gaussian mixtures.
 */
@Timeout(120)
class DeterministicAnnealingTest {
    /** Centres of runs that differ only in the order of the reduction's additions agree to this. */
    static final double RANK_TOLERANCE = 1e-6;

    static int[] labels(Points points, Solution s) {
        int[] l = new int[points.n()];
        for (int i = 0; i < points.n(); i++) {
            l[i] = s.nearest(points, i);
        }
        return l;
    }

    @Test
    void theKernelOnOneRankFollowsTheSequentialModelAndFindsTheMixture() {
        GaussianMixture.Labelled data = GaussianMixture.generate(2_000, 2, 4, 8, 11);
        AnnealingSchedule schedule = AnnealingSchedule.quick(4);
        Solution reference = new SequentialAnnealing(data.points(), schedule).run();
        AnnealingResult spmd = DeterministicAnnealing.run(data.points(), schedule, 1, Progress.NONE, () -> false);

        assertThat(spmd.solution().k()).isEqualTo(4);
        assertThat(reference.k()).isEqualTo(4);
        for (int e = 0; e < reference.centres().length; e++) {
            assertThat(spmd.solution().centres()[e]).isCloseTo(reference.centres()[e], within(1e-9));
        }
        int[] l = labels(data.points(), spmd.solution());
        assertThat(AdjustedRand.index(l, labels(data.points(), reference))).isEqualTo(1.0);
        assertThat(AdjustedRand.index(l, data.labels())).isGreaterThanOrEqualTo(0.95);
        assertThat(spmd.t0()).isPositive();
        assertThat(spmd.splitTemperatures()).hasSize(3).allSatisfy(t -> assertThat(t).isLessThan(spmd.t0()));
    }

    @Test
    void theSameClustersOnOneTwoFourAndEightRanks() {
        GaussianMixture.Labelled data = GaussianMixture.generate(3_000, 3, 5, 8, 23);
        AnnealingSchedule schedule = AnnealingSchedule.quick(5);
        AnnealingResult one = DeterministicAnnealing.run(data.points(), schedule, 1, Progress.NONE, () -> false);
        int[] oneLabels = labels(data.points(), one.solution());
        assertThat(AdjustedRand.index(oneLabels, data.labels())).isGreaterThanOrEqualTo(0.95);
        for (int ranks : new int[] {2, 4, 8}) {
            AnnealingResult r = DeterministicAnnealing.run(data.points(), schedule, ranks, Progress.NONE, () -> false);
            assertThat(r.solution().k()).as("clusters at %d ranks", ranks).isEqualTo(5);
            for (int e = 0; e < one.solution().centres().length; e++) {
                assertThat(r.solution().centres()[e]).as("centre coordinate %d at %d ranks", e, ranks)
                        .isCloseTo(one.solution().centres()[e], within(RANK_TOLERANCE));
            }
            assertThat(labels(data.points(), r.solution())).as("assignment at %d ranks", ranks).isEqualTo(oneLabels);
            assertThat(r.fluctuation()).isGreaterThanOrEqualTo(1.0);
        }
    }

    @Test
    void annealOnEachRanksCommunicatorIsTheSameRunAsTheWorldEntry() {
        GaussianMixture.Labelled data = GaussianMixture.generate(1_200, 2, 3, 8, 17);
        AnnealingSchedule schedule = AnnealingSchedule.quick(3);
        AnnealingResult whole = DeterministicAnnealing.run(io.ccrj.mpi.SpmdWorld.builder().size(3).build(),
                data.points(), schedule, Progress.NONE, () -> false);
        List<AnnealingResult> perRank = io.ccrj.mpi.SpmdWorld.run(3,
                comm -> DeterministicAnnealing.anneal(comm, data.points(), schedule));
        for (AnnealingResult r : perRank) {
            // Same points, schedule and rank count: the same additions in the same order.
            assertThat(r.solution()).isEqualTo(whole.solution());
            assertThat(r.t0()).isEqualTo(whole.t0());
            assertThat(r.iterations()).isEqualTo(whole.iterations());
            assertThat(r.splitTemperatures()).isEqualTo(whole.splitTemperatures());
            assertThat(r.steps()).hasSameSizeAs(whole.steps());
            assertThat(r.fluctuation()).isGreaterThanOrEqualTo(1.0);
        }
        assertThatThrownBy(() -> io.ccrj.mpi.SpmdWorld.run(2,
                comm -> DeterministicAnnealing.anneal(comm, new Points(1, 1, new double[] {0}), schedule)))
                .hasRootCauseInstanceOf(IllegalArgumentException.class).hasStackTraceContaining("each rank needs a point");
    }

    @Test
    void threadsInsideRanksGiveTheSameClusters() {
        GaussianMixture.Labelled data = GaussianMixture.generate(2_500, 2, 4, 8, 31);
        AnnealingSchedule schedule = AnnealingSchedule.quick(4);
        AnnealingResult plain = DeterministicAnnealing.run(data.points(), schedule, 1, Progress.NONE, () -> false);
        int[] plainLabels = labels(data.points(), plain.solution());
        for (int[] rt : new int[][] {{1, 3}, {2, 2}}) {
            AnnealingResult r = DeterministicAnnealing.run(data.points(), schedule, rt[0], rt[1], Progress.NONE, () -> false);
            for (int e = 0; e < plain.solution().centres().length; e++) {
                assertThat(r.solution().centres()[e]).as("%d ranks of %d threads", rt[0], rt[1])
                        .isCloseTo(plain.solution().centres()[e], within(RANK_TOLERANCE));
            }
            assertThat(labels(data.points(), r.solution())).isEqualTo(plainLabels);
        }
        assertThat(AdjustedRand.index(plainLabels, data.labels())).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void theTZeroLimitIsLloydsKMeans() {
        GaussianMixture.Labelled data = GaussianMixture.generate(1_500, 2, 3, 3, 5); // overlapping: k-means has work
        Points pts = data.points();
        // start from three of the points, far from the answer
        double[] start = new double[6];
        for (int c = 0; c < 3; c++) {
            System.arraycopy(pts.point(c), 0, start, 2 * c, 2);
        }
        Solution initial = new Solution(3, 2, start, new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});
        Solution lloyd = SequentialAnnealing.lloyd(pts, initial, 500);
        for (int ranks : new int[] {1, 3}) {
            AnnealingResult km = DeterministicAnnealing.kMeans(pts, initial, 500, ranks);
            for (int e = 0; e < 6; e++) {
                assertThat(km.solution().centres()[e]).isCloseTo(lloyd.centres()[e], within(1e-9));
            }
            assertThat(labels(pts, km.solution())).isEqualTo(labels(pts, lloyd));
            assertThat(km.steps()).hasSize(1);
            assertThat(km.steps().get(0).temperature()).isZero();
        }
    }

    @Test
    void kMeansIterationsStepLikeSequentialLloyd() {
        GaussianMixture.Labelled data = GaussianMixture.generate(1_500, 2, 3, 3, 5); // overlapping: k-means has work
        Points pts = data.points();
        double[] start = new double[6];
        for (int c = 0; c < 3; c++) {
            System.arraycopy(pts.point(c), 0, start, 2 * c, 2);
        }
        Solution initial = new Solution(3, 2, start, new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});
        double firstDistortion = 0;
        for (int i = 0; i < pts.n(); i++) {
            double[] x = pts.point(i);
            int c = initial.nearest(pts, i);
            firstDistortion += Math.pow(x[0] - start[2 * c], 2) + Math.pow(x[1] - start[2 * c + 1], 2);
        }
        for (int ranks : new int[] {1, 3}) {
            // one, then two more iterations, each step checked against Lloyd's after as many
            List<double[]> perRank = io.ccrj.mpi.SpmdWorld.builder().size(ranks).name("km-steps").build().run(comm -> {
                DeterministicAnnealing.KMeansIterations km = DeterministicAnnealing.kMeansIterations(comm, pts, initial);
                double distortion = km.run(1);
                double[] afterOne = km.solution().centres();
                km.run(2);
                double[] afterThree = km.solution().centres();
                double[] out = new double[13];
                out[0] = distortion;
                System.arraycopy(afterOne, 0, out, 1, 6);
                System.arraycopy(afterThree, 0, out, 7, 6);
                return out;
            });
            double[] one = SequentialAnnealing.lloyd(pts, initial, 1).centres();
            double[] three = SequentialAnnealing.lloyd(pts, initial, 3).centres();
            assertThat(one).as("Lloyd's first step moves the centres").isNotEqualTo(start);
            for (double[] r : perRank) {
                assertThat(r[0]).as("distortion of the first assignment at %d ranks", ranks)
                        .isCloseTo(firstDistortion, within(1e-9 * firstDistortion));
                for (int e = 0; e < 6; e++) {
                    assertThat(r[1 + e]).as("centre coordinate %d after 1 step at %d ranks", e, ranks)
                            .isCloseTo(one[e], within(1e-9));
                    assertThat(r[7 + e]).as("centre coordinate %d after 3 steps at %d ranks", e, ranks)
                            .isCloseTo(three[e], within(1e-9));
                }
            }
        }
    }

    @Test
    void kMeansIterationsRefuseBadArguments() {
        Points pts = GaussianMixture.generate(10, 2, 2, 8, 1).points();
        Solution threeDims = new Solution(2, 3, new double[6], new double[] {0.5, 0.5});
        List<String> messages = io.ccrj.mpi.SpmdWorld.builder().size(1).name("km-args").build().run(comm -> {
            String dims;
            try {
                DeterministicAnnealing.kMeansIterations(comm, pts, threeDims);
                dims = "accepted";
            } catch (IllegalArgumentException e) {
                dims = e.getMessage();
            }
            var km = DeterministicAnnealing.kMeansIterations(comm, pts, new Solution(2, 2, new double[4], new double[2]));
            String negative;
            try {
                km.run(-1);
                negative = "accepted";
            } catch (IllegalArgumentException e) {
                negative = e.getMessage();
            }
            return dims + " | " + negative;
        });
        assertThat(messages.get(0)).contains("the centres have 3 dimensions, the points 2")
                .contains("iterations must be 0 or more, got -1");
    }

    @Test
    void progressReportsFallingTemperaturesAndGrowingClusters() {
        GaussianMixture.Labelled data = GaussianMixture.generate(1_000, 2, 3, 8, 3);
        List<Step> steps = new CopyOnWriteArrayList<>();
        AnnealingResult r = DeterministicAnnealing.run(data.points(), AnnealingSchedule.quick(3), 2, steps::add, () -> false);
        assertThat(steps).isEqualTo(r.steps());
        assertThat(steps.get(0).temperature()).isEqualTo(r.t0());
        assertThat(steps.get(0).clusters()).isEqualTo(1);
        Step last = steps.get(steps.size() - 1);
        assertThat(last.temperature()).isZero();
        assertThat(last.clusters()).isEqualTo(3);
        assertThat(last.fractionDone()).isEqualTo(1.0);
        for (int i = 1; i < steps.size(); i++) {
            assertThat(steps.get(i).temperature()).isLessThanOrEqualTo(steps.get(i - 1).temperature());
            assertThat(steps.get(i).clusters()).isGreaterThanOrEqualTo(steps.get(i - 1).clusters());
            assertThat(steps.get(i).freeEnergy()).isFinite().isNotNegative();
        }
    }

    @Test
    void aCancelledRunStopsWithCancellation() {
        GaussianMixture.Labelled data = GaussianMixture.generate(2_000, 2, 4, 8, 9);
        AtomicInteger polls = new AtomicInteger();
        assertThatThrownBy(() -> DeterministicAnnealing.run(data.points(), AnnealingSchedule.quick(4), 4,
                Progress.NONE, () -> polls.incrementAndGet() > 40))
                .isInstanceOf(CancellationException.class).hasMessageContaining("cancelled");
    }

    @Test
    void identicalPointsGiveOneClusterAtTheirPlace() {
        Points same = new Points(5, 2, new double[] {1, 2, 1, 2, 1, 2, 1, 2, 1, 2});
        AnnealingResult r = DeterministicAnnealing.run(same, AnnealingSchedule.quick(3), 2, Progress.NONE, () -> false);
        assertThat(r.solution().k()).isEqualTo(1);
        assertThat(r.solution().centres()).containsExactly(1, 2);
        assertThat(r.t0()).isZero();
    }

    @Test
    void moreRanksThanPointsIsRefused() {
        Points two = new Points(2, 1, new double[] {0, 1});
        assertThatThrownBy(() -> DeterministicAnnealing.run(two, AnnealingSchedule.quick(2), 3, Progress.NONE, () -> false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 ranks for 2 points");
    }
}
