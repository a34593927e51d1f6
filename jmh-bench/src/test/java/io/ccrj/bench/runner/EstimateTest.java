package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void theBootstrapIntervalOfAMedianHoldsTheMedianAndNarrowsWithMoreSamples() {
        Random r = new Random(1);
        double[] few = r.doubles(5).map(x -> 10 + x).toArray();
        double[] many = r.doubles(200).map(x -> 10 + x).toArray();
        Estimate a = Estimate.median(few);
        Estimate b = Estimate.median(many);
        assertThat(a.low()).isLessThanOrEqualTo(a.value());
        assertThat(a.high()).isGreaterThanOrEqualTo(a.value());
        assertThat(b.value()).isCloseTo(10.5, within(0.1));
        assertThat(b.high() - b.low()).isLessThan(a.high() - a.low()).isPositive();
        // Seeded: the same samples always give the same interval.
        assertThat(Estimate.median(few)).isEqualTo(a);
    }

    @Test
    void oneRepetitionHasNoInterval() {
        Estimate e = Estimate.median(new double[] {3});
        assertThat(e.value()).isEqualTo(3);
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.contains(3)).isFalse();
    }

    @Test
    void aStatisticOfTwoSampleSetsResamplesBoth() {
        double[] t1 = {100, 101, 99, 100.5};
        double[] ts = {110, 112, 108, 111};
        Estimate d = Estimate.bootstrap(s -> Estimate.medianOf(s[1]) - Estimate.medianOf(s[0]), t1, ts);
        assertThat(d.value()).isCloseTo(110.5 - 100.25, within(1e-9));
        assertThat(d.low()).isGreaterThan(5).isLessThan(d.value());
        assertThat(d.high()).isLessThan(14).isGreaterThan(d.value());
        assertThat(Arrays.stream(t1).min().orElseThrow()).isEqualTo(99); // inputs untouched
    }
}
