package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native MPI-3 peer: the C program built with the machine's mpicc (CI installs Open MPI) and
 * run with mpirun with tiny counts, and the parsing of what it prints into the table's units.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class NativeMpi3Test {

    private static List<Double> list(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    @Test
    void theProgramBuildsRunsAndReportsEveryOperationAtItsRanks(@TempDir Path dir) throws IOException {
        List<String> why = new ArrayList<>();
        NativeMpi3 mpi = NativeMpi3.build(dir, why).orElseThrow(() -> new AssertionError(why));
        List<Mpi3Op> two = Arrays.stream(Mpi3Op.values()).filter(op -> op.ranks == 2 && op != Mpi3Op.COMPARE_AND_SWAP).toList();
        Map<Mpi3Op, double[]> figures = mpi.run(2, 2, 200, 2, two, List.of());
        assertThat(figures.keySet()).containsExactlyInAnyOrderElementsOf(two);
        figures.values().forEach(reps -> assertThat(reps).hasSize(2));
        // a latency on one machine: over a nanosecond, under 10 ms; a put of 1 MB: over 1 MB/s
        for (Mpi3Op op : List.of(Mpi3Op.IALLREDUCE, Mpi3Op.PUT_FLUSH, Mpi3Op.GET_FLUSH, Mpi3Op.PUT_FENCE, Mpi3Op.FETCH_AND_OP)) {
            assertThat(list(figures.get(op))).as(op.name())
                    .allSatisfy(v -> assertThat(v).isBetween(1e-3, 1e4));
        }
        assertThat(list(figures.get(Mpi3Op.PUT_1MB))).allSatisfy(v -> assertThat(v).isGreaterThan(1.0));
        // one overlap per repetition, a finite number; no bound: t_pure, t_compute and t_overall
        // are three separate timings of a few calls, so on a loaded machine a preempted t_compute
        // alone puts the figure far above 100% (or below zero); the formula has its own test
        assertThat(list(figures.get(Mpi3Op.IALLREDUCE_OVERLAP))).allSatisfy(v -> assertThat(v).isFinite());
        Map<Mpi3Op, double[]> grid = mpi.run(4, 1, 50, 1, List.of(Mpi3Op.NEIGHBOR_ALLTOALL), List.of());
        assertThat(list(grid.get(Mpi3Op.NEIGHBOR_ALLTOALL))).hasSize(1).allSatisfy(v -> assertThat(v).isBetween(1e-3, 1e5));
    }

    @Test
    void overlapIsTheShareOfTheCollectiveHiddenBehindTheComputation() {
        // t_pure 10, t_compute 10: all hidden (overall 10), half (15), none (20)
        assertThat(NativeMpi3.overlapPercent(10, 10, 10)).isEqualTo(100.0);
        assertThat(NativeMpi3.overlapPercent(10, 10, 15)).isEqualTo(50.0);
        assertThat(NativeMpi3.overlapPercent(10, 10, 20)).isEqualTo(0.0);
        // a computation that took longer alone than with the collective: the figure passes 100%
        assertThat(NativeMpi3.overlapPercent(10, 30, 15)).isEqualTo(250.0);
    }

    @Test
    void compareAndSwapRunsOnThePointToPointComponent(@TempDir Path dir) throws IOException {
        // The runner's fallback where the default one-sided component fails on a 64-bit compare-and-swap.
        List<String> why = new ArrayList<>();
        NativeMpi3 mpi = NativeMpi3.build(dir, why).orElseThrow(() -> new AssertionError(why));
        Map<Mpi3Op, double[]> cas = mpi.run(2, 1, 50, 1, List.of(Mpi3Op.COMPARE_AND_SWAP), MpiRunner.OSC_PT2PT);
        assertThat(list(cas.get(Mpi3Op.COMPARE_AND_SWAP))).hasSize(1).allSatisfy(v -> assertThat(v).isBetween(1e-3, 1e5));
    }

    @Test
    void parsingTurnsNanosecondsIntoEachRowsUnit() throws IOException {
        String out = """
                iallreduce 1500
                iallreduce 1600
                overlap-pure 400000
                overlap-compute 500000
                overlap-overall 560000
                overlap-pure 400000
                overlap-compute 400000
                overlap-overall 800000
                put-1mb-flush 100000
                put-1mb-flush 200000
                """;
        Map<Mpi3Op, double[]> m = NativeMpi3.parse(out, 2, List.of(Mpi3Op.IALLREDUCE, Mpi3Op.IALLREDUCE_OVERLAP, Mpi3Op.PUT_1MB));
        assertThat(m.get(Mpi3Op.IALLREDUCE)).containsExactly(1.5, 1.6);
        // (500 + 400 - 560) / 400 = 85%; (400 + 400 - 800) / 400 = 0%
        assertThat(m.get(Mpi3Op.IALLREDUCE_OVERLAP)[0]).isCloseTo(85, within(1e-9));
        assertThat(m.get(Mpi3Op.IALLREDUCE_OVERLAP)[1]).isCloseTo(0, within(1e-9));
        // 1,048,576 bytes in 100 µs: 10,485.76 MB/s
        assertThat(m.get(Mpi3Op.PUT_1MB)[0]).isCloseTo(10_485.76, within(1e-6));
        assertThat(m.get(Mpi3Op.PUT_1MB)[1]).isCloseTo(5_242.88, within(1e-6));
    }

    @Test
    void parsingRefusesWhatIsMissingExtraOrMalformed() {
        assertThatThrownBy(() -> NativeMpi3.parse("iallreduce 1\n", 2, List.of(Mpi3Op.IALLREDUCE)))
                .hasMessageContaining("1 repetitions of iallreduce, not 2");
        assertThatThrownBy(() -> NativeMpi3.parse("overlap-pure 1\noverlap-overall 1\n", 1, List.of(Mpi3Op.IALLREDUCE_OVERLAP)))
                .hasMessageContaining("printed no overlap-compute");
        assertThatThrownBy(() -> NativeMpi3.parse("put-flush 1\nget-flush 2\n", 1, List.of(Mpi3Op.PUT_FLUSH)))
                .hasMessageContaining("unknown operations [get-flush]");
        assertThatThrownBy(() -> NativeMpi3.parse("put-flush fast\n", 1, List.of(Mpi3Op.PUT_FLUSH)))
                .hasMessageContaining("put-flush fast");
    }
}
