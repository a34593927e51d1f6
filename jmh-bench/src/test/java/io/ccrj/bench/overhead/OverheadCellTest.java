package io.ccrj.bench.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Forks;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headline's overhead figure from few forks: no interval from one, the fork pairings' band from two. */
class OverheadCellTest {

    private static Forks forks(double... forkMeansMillis) {
        // Each fork: two iterations a hair apart around its mean, so the bootstrap over iterations is narrow.
        List<double[]> iterations = java.util.Arrays.stream(forkMeansMillis).mapToObj(m -> new double[] {m - 0.001, m + 0.001})
                .toList();
        return new Forks("io.ccrj.bench.overhead.SpawnedPatternBenchmark.computation", Map.of(), "ms/op", iterations);
    }

    private static OverheadCell cell(Forks single, Forks staged) {
        return new OverheadCell(SpawnedPattern.EXCHANGE, 2, ThreadMode.MATCH, 2, 2, 5_000, 200, single, staged, null);
    }

    @Test
    void oneForkGivesTheValueWithoutAnInterval() {
        Estimate e = cell(forks(140.0), forks(145.0)).overheadAcrossForks();
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.value()).isCloseTo(1.0, within(1e-6)); // (145 - 140) ms / 5,000 stages = 1 µs
    }

    @Test
    void twoForksSpanEveryPairingOfTheirForks() {
        // T(1) forks at 140 and 144 ms, T(S) forks at 141 and 146 ms: the pairings give -0.6 .. 1.2 µs per stage.
        OverheadCell c = cell(forks(140.0, 144.0), forks(141.0, 146.0));
        assertThat(c.forkBand()[0]).isCloseTo(-0.6, within(1e-6));
        assertThat(c.forkBand()[1]).isCloseTo(1.2, within(1e-6));
        Estimate e = c.overheadAcrossForks();
        assertThat(e.low()).isLessThanOrEqualTo(-0.6 + 1e-9);
        assertThat(e.high()).isGreaterThanOrEqualTo(1.2 - 1e-9);
        assertThat(e.resolved()).isFalse(); // it reaches zero: the headline says "not resolved"
    }

    @Test
    void threeForksOrMoreKeepTheBootstrapInterval() {
        OverheadCell c = cell(forks(140.0, 144.0, 142.0), forks(141.0, 146.0, 143.0));
        assertThat(c.overheadAcrossForks()).isEqualTo(c.overhead());
    }
}
