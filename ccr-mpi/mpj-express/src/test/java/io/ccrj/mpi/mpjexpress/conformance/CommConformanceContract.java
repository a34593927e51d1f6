package io.ccrj.mpi.mpjexpress.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.SpmdRuntime;
import io.ccrj.mpi.SpmdWorld;
import io.ccrj.mpi.mpjexpress.MpjExpressWorld;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The communicator contract suite: every conformance kernel at 2, 3, 4 and 8 ranks, each rank's
 * result compared element by element with the kernel's sequential oracle, and every
 * {@link FaultyKernel} failing with the error class the contract names. A kernel that names a
 * known MPJ Express deviation ({@link ConformanceKernel#mpjExpressDeviation()}) must show it on
 * MPJ Express and match the oracle on ccr-mpi. One subclass per {@link SpmdRuntime}
 * ({@link CcrMpiConformanceTest}, {@link MpjExpressConformanceTest});
 * {@link BackendEquivalenceTest} compares the backends with each other.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
abstract class CommConformanceContract {

    /** Deadlock timeout for the suite: long enough for 8 ranks on a loaded 2-core machine, short enough to fail fast. */
    static final Duration DEADLOCK_TIMEOUT = Duration.ofSeconds(20);

    /**
     * A ccr-mpi world of {@code size} ranks for the suite.
     *
     * @param size the number of ranks
     * @return the runtime
     */
    static SpmdRuntime ccrMpi(int size) {
        return SpmdWorld.builder().size(size).name("ccr-mpi-conformance").deadlockTimeout(DEADLOCK_TIMEOUT).build();
    }

    /**
     * An MPJ Express world of {@code size} ranks for the suite.
     *
     * @param size the number of ranks
     * @return the runtime
     */
    static SpmdRuntime mpjExpress(int size) {
        return MpjExpressWorld.builder().size(size).name("mpj-conformance").deadlockTimeout(DEADLOCK_TIMEOUT).build();
    }

    /**
     * The runtime under test, with {@code size} ranks.
     *
     * @param size the number of ranks
     * @return the runtime
     */
    abstract SpmdRuntime world(int size);

    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("io.ccrj.mpi.mpjexpress.conformance.Kernels#cases")
    void kernelMatchesItsOracleOnEveryRank(ConformanceKernel kernel, int size) {
        SpmdRuntime world = world(size);
        List<Object> results = world.run(kernel);
        assertThat(results).hasSize(size);
        String deviation = world instanceof MpjExpressWorld ? kernel.mpjExpressDeviation() : null;
        String firstDifference = null;
        for (int r = 0; r < size && firstDifference == null; r++) {
            String d = ElementComparison.firstDifference(kernel.expected(r, size), results.get(r));
            if (d != null) {
                firstDifference = "rank " + r + " " + d;
            }
        }
        if (deviation != null) {
            assertThat(firstDifference).as("known deviation of %s no longer shows in %s on %d ranks: \"%s\" (remove "
                    + "it from the kernel and docs/mpj-express.md)", world.name(), kernel.name(), size, deviation).isNotNull();
        } else if (firstDifference != null) {
            fail(world.name() + ", " + kernel.name() + " on " + size + " ranks, " + firstDifference);
        }
    }

    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("io.ccrj.mpi.mpjexpress.conformance.FaultyKernel#cases")
    void aMistakeFailsTheWorldWithTheContractsErrorClass(FaultyKernel kernel, int size) {
        assertThatThrownBy(() -> world(size).run(kernel))
                .isInstanceOfSatisfying(RankFailedException.class, e -> {
                    assertThat(e.rank()).as("failed rank").isEqualTo(FaultyKernel.CULPRIT);
                    assertThat(e.getCause()).isInstanceOfSatisfying(MpiException.class,
                            m -> assertThat(m.errorClass()).as(m.toString()).isEqualTo(kernel.expected()));
                });
    }
}
