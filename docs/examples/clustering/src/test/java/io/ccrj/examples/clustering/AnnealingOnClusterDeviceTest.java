package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.examples.clustering.MixtureAnnealingKernel.Outcome;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressCluster;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Beyond one machine: the annealing kernel, unchanged, on MPJ Express's cluster device (two rank
 * JVMs started by MPJ Express's daemon and {@code mpjrun}, TCP over loopback, exactly as across
 * hosts) finds the same clusters as on two ccr-mpi ranks in this JVM, and the mixture's true ones.
 * Needs MPJ Express (Debian's libmpj-java); {@code -Dccrj.skipMpjExpress} leaves this test out of
 * the build (docs/clustering.md).
 */
@Timeout(180)
class AnnealingOnClusterDeviceTest {

    /**
     * How far the two backends' centres may differ. Each backend adds the same two ranks' partial
     * sums, so they agree far more closely; the tolerance only allows for a different order of
     * the additions.
     */
    private static final double CENTRE_TOLERANCE = 1e-6;

    @Test
    void theKernelFindsTheSameClustersInTwoJvmsOnTheClusterDeviceAsOnTwoCcrMpiRanks() throws Exception {
        MixtureAnnealingKernel kernel = new MixtureAnnealingKernel();
        GaussianMixture.Labelled truth = kernel.mixture();
        List<Outcome> onCcrMpi = SpmdWorld.run(2, kernel);
        List<Outcome> onCluster;
        try (MpjExpressCluster cluster = MpjExpressCluster.builder().processes(2).start()) {
            onCluster = cluster.run(MixtureAnnealingKernel.class);
        }

        long self = ProcessHandle.current().pid();
        assertThat(onCcrMpi).extracting(Outcome::pid).containsOnly(self);
        assertThat(onCluster).extracting(Outcome::pid).doesNotHaveDuplicates().doesNotContain(self);
        assertThat(onCluster).extracting(Outcome::rank).containsExactly(0, 1);
        assertThat(onCluster).extracting(Outcome::size).containsOnly(2);

        Outcome ccr = onCcrMpi.get(0);
        assertThat(ccr.k()).isEqualTo(MixtureAnnealingKernel.CLUSTERS);
        assertThat(AdjustedRand.index(ccr.assignment(), truth.labels())).isGreaterThanOrEqualTo(0.99);
        for (Outcome mpj : onCluster) {
            assertThat(mpj.k()).as("clusters on rank %d", mpj.rank()).isEqualTo(ccr.k());
            assertThat(AdjustedRand.index(mpj.assignment(), ccr.assignment())).as("ARI against ccr-mpi, rank %d",
                    mpj.rank()).isGreaterThanOrEqualTo(0.99);
            assertThat(AdjustedRand.index(mpj.assignment(), truth.labels())).as("ARI against the truth, rank %d",
                    mpj.rank()).isGreaterThanOrEqualTo(0.99);
            assertThat(mpj.adjustedRand()).isEqualTo(AdjustedRand.index(mpj.assignment(), truth.labels()));
            for (int e = 0; e < ccr.centres().length; e++) {
                assertThat(mpj.centres()[e]).as("centre coordinate %d, rank %d", e, mpj.rank())
                        .isCloseTo(ccr.centres()[e], within(CENTRE_TOLERANCE));
            }
            assertThat(mpj.iterations()).isEqualTo(ccr.iterations());
        }
    }
}
