package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.ccrj.bench.runner.Forks.Modes;
import io.ccrj.bench.runner.Forks.Modes.Group;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-fork JMH scores, synthetic: modes shown where the forks split, one figure where they do not. */
class ForksTest {

    private static Forks forks(double[]... iterations) {
        return new Forks("io.ccrj.X.m", Map.of("impl", "ccr"), "ops/s", List.of(iterations));
    }

    @Test
    void forksOfOneModeAreOneGroup() {
        Forks f = forks(new double[] {10, 10.4}, new double[] {10.2, 10.6}, new double[] {9.8, 10.0}, new double[] {10.1, 10.3},
                new double[] {10.5, 10.5});
        assertThat(f.scores()).containsExactly(new double[] {10.2, 10.4, 9.9, 10.2, 10.5}, within(1e-9));
        assertThat(f.modes().split()).isFalse();
        assertThat(f.modes().groups()).containsExactly(new Group(10.2, 5));
        assertThat(f.modes().describe(1)).isEqualTo("5 forks, one mode");
        Estimate e = f.estimate();
        assertThat(e.value()).isEqualTo(10.2);
        assertThat(e.low()).isGreaterThanOrEqualTo(9.9).isLessThanOrEqualTo(10.2);
        assertThat(e.high()).isGreaterThanOrEqualTo(10.2).isLessThanOrEqualTo(10.6);
        assertThat(e.resolved()).isTrue();
        assertThat(f.param("impl")).isEqualTo("ccr");
        assertThatThrownBy(() -> f.param("size")).hasMessageContaining("size");
    }

    @Test
    void forksTwoTimesApartAreTwoModesWithTheirMediansAndCounts() {
        // Three forks in the slow mode, two in the fast one, as the 2-vCPU machines give.
        Modes m = Modes.of(new double[] {14e6, 29e6, 13.5e6, 30e6, 14.4e6});
        assertThat(m.split()).isTrue();
        assertThat(m.groups()).containsExactly(new Group(14e6, 3), new Group(29.5e6, 2));
        assertThat(m.describe(1e-6)).isEqualTo("two modes 2.1x apart: 3 forks at 14.0, 2 forks at 29.5");
        // Two forks, one in each mode, are two modes too.
        assertThat(Modes.of(new double[] {0.22, 0.45}).describe(1)).isEqualTo("two modes 2.0x apart: 1 fork at 0.220, 1 fork at 0.450");
        // The figure's interval reaches over both modes instead of settling in one.
        Estimate e = forks(new double[] {14e6}, new double[] {29e6}, new double[] {13.5e6}, new double[] {30e6}, new double[] {14.4e6})
                .estimate();
        assertThat(e.low()).isLessThan(14.5e6);
        assertThat(e.high()).isGreaterThan(28e6);
    }

    @Test
    void aSpreadOfOnePointFourIsNotTwoModes() {
        // Two clusters 1.4x apart: not far enough apart to be called modes.
        assertThat(Modes.of(new double[] {10, 10.2, 14, 14.1, 10.1}).split()).isFalse();
        // An even climb over 2x: the forks scatter, they do not fall into groups.
        assertThat(Modes.of(new double[] {10, 12, 14, 16, 18, 20}).split()).isFalse();
        assertThat(Modes.of(new double[] {7}).describe(1)).isEqualTo("1 fork");
    }

    @Test
    void oneForkGivesTheIterationsSpreadAndNoForkIsAMistake() {
        Estimate one = forks(new double[] {5, 5.2, 4.8, 5.1}).estimate();
        assertThat(one.value()).isCloseTo(5.025, within(1e-9));
        assertThat(one.hasInterval()).isTrue();
        assertThat(forks(new double[] {5}).estimate().hasInterval()).isFalse();
        assertThatThrownBy(() -> new Forks("b", Map.of(), "ops/s", List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> forks(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStatisticOfTwoBenchmarksResamplesEachOnItsOwn() {
        // T(1) forks at 100 (one at 102), T(S) forks at 110 (one at 113): the difference of the medians is 10.
        Forks single = forks(new double[] {100, 100}, new double[] {100, 100}, new double[] {102, 102});
        Forks staged = forks(new double[] {110, 110}, new double[] {113, 113}, new double[] {110, 110});

        Estimate d = Forks.bootstrap(s -> Estimate.medianOf(s[1]) - Estimate.medianOf(s[0]), single, staged);

        assertThat(d.value()).isEqualTo(10);
        // Every resample's medians lie within the forks' scores: 110-102 .. 113-100.
        assertThat(d.low()).isGreaterThanOrEqualTo(8).isLessThan(10);
        assertThat(d.high()).isGreaterThan(10).isLessThanOrEqualTo(13);
        assertThat(Forks.bootstrap(s -> s[0][0], forks(new double[] {7}))).isEqualTo(new Estimate(7, 7, 7));
    }
}
