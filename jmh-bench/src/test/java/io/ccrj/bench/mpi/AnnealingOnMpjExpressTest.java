package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.examples.clustering.AdjustedRand;
import io.ccrj.examples.clustering.AnnealingResult;
import io.ccrj.examples.clustering.AnnealingSchedule;
import io.ccrj.examples.clustering.DeterministicAnnealing;
import io.ccrj.examples.clustering.GaussianMixture;
import io.ccrj.examples.clustering.Points;
import io.ccrj.examples.clustering.Progress;
import io.ccrj.examples.clustering.Solution;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The clustering example's annealing kernel, unchanged, on MPJ Express's multicore device: the
 * same clusters as on ccr-mpi's ranks (the peer {@link AnnealingIterationBenchmark} times).
 */
@Timeout(180)
class AnnealingOnMpjExpressTest {
    static int[] labels(Points points, Solution s) {
        int[] l = new int[points.n()];
        for (int i = 0; i < l.length; i++) {
            l[i] = s.nearest(points, i);
        }
        return l;
    }

    @Test
    void theKernelFindsTheSameClustersOnMpjExpressAsOnCcrMpi() {
        GaussianMixture.Labelled data = GaussianMixture.generate(1_500, 2, 3, 8, 12);
        AnnealingSchedule schedule = AnnealingSchedule.quick(3);
        AnnealingResult ccr = DeterministicAnnealing.run(SpmdWorld.builder().size(2).build(), data.points(), schedule,
                Progress.NONE, () -> false);
        AnnealingResult mpj = DeterministicAnnealing.run(MpjExpressWorld.builder().size(2).build(), data.points(), schedule,
                Progress.NONE, () -> false);
        assertThat(mpj.solution().k()).isEqualTo(3);
        for (int e = 0; e < ccr.solution().centres().length; e++) {
            assertThat(mpj.solution().centres()[e]).isCloseTo(ccr.solution().centres()[e], within(1e-6));
        }
        int[] l = labels(data.points(), mpj.solution());
        assertThat(l).isEqualTo(labels(data.points(), ccr.solution()));
        assertThat(AdjustedRand.index(l, data.labels())).isGreaterThanOrEqualTo(0.95);
    }
}
