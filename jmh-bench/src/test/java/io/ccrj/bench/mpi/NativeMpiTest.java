package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.bench.mpi.MpiKernels.LatencyOp;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native MPI peer: the C program built with the machine's mpicc (CI installs Open MPI, as it
 * installs MPJ Express) and run with mpirun, and the parsing of what it prints.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class NativeMpiTest {

    @Test
    void theProgramBuildsRunsAndReportsEveryOperationAtTwoRanks(@TempDir Path dir) throws IOException {
        List<String> why = new ArrayList<>();
        NativeMpi mpi = NativeMpi.build(dir, why).orElseThrow(() -> new AssertionError(why));
        assertThat(mpi.version()).contains("MPI");
        Map<LatencyOp, double[]> nanos = mpi.run(2, 3, 1_000);
        assertThat(nanos.keySet()).containsExactlyInAnyOrder(LatencyOp.values());
        nanos.values().forEach(reps -> assertThat(reps).hasSize(3));
        // a one-way message, a barrier, a broadcast on one machine: over a nanosecond, under a millisecond
        nanos.values().forEach(reps -> assertThat(java.util.Arrays.stream(reps).boxed().toList())
                .allSatisfy(v -> assertThat(v).isBetween(1.0, 1e6)));
    }

    @Test
    void oneRankHasNoPingPong(@TempDir Path dir) throws IOException {
        List<String> why = new ArrayList<>();
        NativeMpi mpi = NativeMpi.build(dir, why).orElseThrow(() -> new AssertionError(why));
        assertThat(mpi.run(1, 2, 100).keySet()).containsExactlyInAnyOrder(LatencyOp.BARRIER, LatencyOp.BCAST,
                LatencyOp.ALLREDUCE);
    }

    @Test
    void parsingKeepsEachOperationsRepetitionsAndRefusesWhatItDoesNotKnow() throws IOException {
        Map<LatencyOp, double[]> m = NativeMpi.parse("ping-pong 130.5\nping-pong 129.5\nbarrier 150\nbarrier 151\n", 2);
        assertThat(m.get(LatencyOp.PING_PONG)).containsExactly(130.5, 129.5);
        assertThat(m.get(LatencyOp.BARRIER)).containsExactly(150.0, 151.0);
        assertThatThrownBy(() -> NativeMpi.parse("ping-pong 1\n", 2)).hasMessageContaining("1 repetitions");
        assertThatThrownBy(() -> NativeMpi.parse("gather 1\n", 1)).hasMessageContaining("unknown operations [gather]");
        assertThatThrownBy(() -> NativeMpi.parse("barrier fast\n", 1)).hasMessageContaining("barrier fast");
    }
}
