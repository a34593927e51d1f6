package io.ccrj.mpi.mpjexpress.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One kernel, two backends: every conformance kernel at 2, 3, 4 and 8 ranks on ccr-mpi and on
 * MPJ Express, each rank's results compared element by element (doubles bit for bit). Where they
 * differ, the oracle says which backend is wrong. For a kernel that names a known MPJ Express
 * deviation, ccr-mpi must match the oracle and MPJ Express must still differ.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BackendEquivalenceTest {

    @ParameterizedTest(name = "{0} on {1} ranks")
    @MethodSource("io.ccrj.mpi.mpjexpress.conformance.Kernels#cases")
    void ccrMpiAndMpjExpressReturnTheSameResults(ConformanceKernel kernel, int size) {
        List<Object> ccr = CommConformanceContract.ccrMpi(size).run(kernel);
        List<Object> mpj = CommConformanceContract.mpjExpress(size).run(kernel);
        assertThat(ccr).hasSize(size);
        assertThat(mpj).hasSize(size);
        String deviation = kernel.mpjExpressDeviation();
        if (deviation != null) {
            // a named deviation: ccr-mpi follows the oracle, MPJ Express does not
            boolean differs = false;
            for (int r = 0; r < size; r++) {
                assertThat(ElementComparison.firstDifference(kernel.expected(r, size), ccr.get(r)))
                        .as("ccr-mpi, %s on %d ranks, rank %d", kernel.name(), size, r).isNull();
                differs |= ElementComparison.firstDifference(ccr.get(r), mpj.get(r)) != null;
            }
            assertThat(differs).as("known deviation of MPJ Express no longer shows in %s on %d ranks: \"%s\"",
                    kernel.name(), size, deviation).isTrue();
            return;
        }
        for (int r = 0; r < size; r++) {
            String d = ElementComparison.firstDifference(mpj.get(r), ccr.get(r));
            if (d != null) {
                Object oracle = kernel.expected(r, size);
                fail(kernel.name() + " on " + size + " ranks, rank " + r + ": ccr-mpi and MPJ Express differ at "
                        + d.replace("expected", "MPJ Express has").replace("but was", "and ccr-mpi has")
                        + " (oracle agrees with "
                        + (ElementComparison.firstDifference(oracle, ccr.get(r)) == null ? "ccr-mpi"
                                : ElementComparison.firstDifference(oracle, mpj.get(r)) == null ? "MPJ Express"
                                        : "neither")
                        + ")");
            }
        }
    }
}
