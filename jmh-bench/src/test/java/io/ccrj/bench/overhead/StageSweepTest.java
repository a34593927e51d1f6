package io.ccrj.bench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class StageSweepTest {

    @Test
    void stageCountsAreOneAndFractionsOfSWithoutRepeats() {
        assertThat(StageSweep.stageCounts(20_000)).containsExactly(1, 1_250, 5_000, 20_000);
        assertThat(StageSweep.stageCounts(4)).containsExactly(1, 4);
        assertThat(StageSweep.stageCounts(1)).containsExactly(1);
    }

    @Test
    void csvAndMarkdownListEveryPoint() {
        List<io.ccrj.bench.runner.Figure> points = List.of(StageSweep.point(SpawnedPattern.PIPELINE, 2, 1, 0.5),
                StageSweep.point(SpawnedPattern.PIPELINE, 2, 4, 0.51), StageSweep.point(SpawnedPattern.SHIFT, 2, 1, 0.5),
                StageSweep.point(SpawnedPattern.SHIFT, 2, 4, 0.52));
        assertThat(StageSweep.csv(points).toString()).isEqualTo("pattern,ways,stages,run_time_s\nPipeline,2,1,0.500000\n"
                + "Pipeline,2,4,0.510000\nShift,2,1,0.500000\nShift,2,4,0.520000\n");
        // Slopes: 0.01 s over 3 stages = 3333.333 µs per stage; 0.02 s over 3 = 6666.667.
        assertThat(StageSweep.markdown(points, 2)).contains("| pattern | S = 1 | S = 4 | fitted slope µs/stage |")
                .contains("| Straight Pipeline | 0.5000 s | 0.5100 s | 3333.333 |")
                .contains("| Shift | 0.5000 s | 0.5200 s | 6666.667 |");
    }

    @Test
    void fittedSlopeIgnoresACostThatComesOncePerRun() {
        // 2 µs per stage plus a fixed 5 ms per run at every S > 1, and a T(1) with none: the papers'
        // (T(S) - T(1)) / S at S = 1000 reads 7 µs; the least-squares line through S/16..S reads nearly 2.
        List<io.ccrj.bench.runner.Figure> line = List.of(
                StageSweep.point(SpawnedPattern.PIPELINE, 2, 1, 1.0),
                StageSweep.point(SpawnedPattern.PIPELINE, 2, 62, 1.005 + 62 * 2e-6),
                StageSweep.point(SpawnedPattern.PIPELINE, 2, 250, 1.005 + 250 * 2e-6),
                StageSweep.point(SpawnedPattern.PIPELINE, 2, 1000, 1.005 + 1000 * 2e-6));
        assertThat(StageSweep.slopeEstimate(line.subList(1, 4)).value()).isCloseTo(2.0, within(1e-9));
        assertThat(StageSweep.slopeEstimate(line).value()).isBetween(2.0, 5.0);
        assertThat(StageSweep.slopeEstimate(line.subList(0, 1)).value()).isNaN();
    }

    @Test
    void theSlopeCarriesItsConfidenceInterval() {
        List<io.ccrj.bench.runner.Figure> exact = List.of(StageSweep.point(SpawnedPattern.SHIFT, 2, 100, 1.0 + 100 * 3e-6),
                StageSweep.point(SpawnedPattern.SHIFT, 2, 200, 1.0 + 200 * 3e-6), StageSweep.point(SpawnedPattern.SHIFT, 2, 400, 1.0 + 400 * 3e-6));
        assertThat(StageSweep.slopeEstimate(exact).value()).isCloseTo(3.0, within(1e-6));
        assertThat(StageSweep.slopeEstimate(exact).high() - StageSweep.slopeEstimate(exact).low()).isLessThan(1e-6);
        List<io.ccrj.bench.runner.Figure> noisy = List.of(StageSweep.point(SpawnedPattern.SHIFT, 2, 100, 1.0003),
                StageSweep.point(SpawnedPattern.SHIFT, 2, 200, 1.0009), StageSweep.point(SpawnedPattern.SHIFT, 2, 300, 1.0008),
                StageSweep.point(SpawnedPattern.SHIFT, 2, 400, 1.0013));
        var e = StageSweep.slopeEstimate(noisy);
        assertThat(e.hasInterval()).isTrue();
        assertThat(e.low()).isLessThan(e.value());
        assertThat(e.high()).isGreaterThan(e.value());
        assertThat(StageSweep.slopeEstimate(exact.subList(0, 2)).hasInterval()).isFalse();
    }
}
