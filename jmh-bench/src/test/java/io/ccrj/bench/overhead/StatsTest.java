package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class StatsTest {

    @Test
    void overheadPerStageDividesByTheNumberOfStages() {
        // 1 s more over 500,000 stages = 2 µs per stage.
        assertThat(Stats.overheadPerStageMicros(14.0e9, 15.0e9, 500_000)).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void overheadPerStageReproducesThePapersTable2FromTheirTable1() {
        // Table 1-AMD run times at 500,000 stages, against the "about 14 seconds" single-stage time (28 s
        // at 8-way on 4 cores), give Table 2-AMD's figures.
        assertThat(Stats.overheadPerStageMicros(14.0e9, 15.20e9, 500_000)).isCloseTo(2.4, within(0.05));   // Pipeline 2 match
        assertThat(Stats.overheadPerStageMicros(14.0e9, 16.50e9, 500_000)).isCloseTo(5.0, within(0.05));   // Pipeline 4 match
        assertThat(Stats.overheadPerStageMicros(14.0e9, 16.39e9, 500_000)).isCloseTo(4.8, within(0.05));   // Two Shifts 2 match
        assertThat(Stats.overheadPerStageMicros(28.0e9, 41.02e9, 500_000)).isCloseTo(26.0, within(0.05));  // Two Shifts 8 match
    }

    @Test
    void overheadMayComeOutNegativeWhenNoiseWins() {
        assertThat(Stats.overheadPerStageMicros(2.0e9, 1.9e9, 100_000)).isNegative();
    }

    @Test
    void overheadNeedsAtLeastOneStage() {
        assertThatThrownBy(() -> Stats.overheadPerStageMicros(1, 2, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(Stats.median(new long[] {5, 1, 3})).isEqualTo(3.0);
        assertThat(Stats.median(new long[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(Stats.median(new long[] {7})).isEqualTo(7.0);
    }

    @Test
    void medianDoesNotReorderItsInput() {
        long[] v = {3, 1, 2};
        Stats.median(v);
        assertThat(v).containsExactly(3, 1, 2);
    }

    @Test
    void medianOfNothingIsAnError() {
        assertThatThrownBy(() -> Stats.median(new long[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void quietSamplesLeaveOutDisturbedRunsUnlessAllWere() {
        long[] nanos = {10, 20, 30, 40};
        assertThat(Stats.quietSamples(nanos, new double[] {0.0, 0.5, Double.NaN, 0.1}, 0.1)).containsExactly(10, 30, 40);
        assertThat(Stats.quietSamples(nanos, new double[] {0.3, 0.5, 0.2, 0.9}, 0.1)).containsExactly(10, 20, 30, 40);
    }
}
