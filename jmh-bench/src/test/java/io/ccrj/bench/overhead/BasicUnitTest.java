package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class BasicUnitTest {

    @Test
    void oneUnitIsThePapersSeries() {
        double expected = 0;
        for (int i = 1; i <= 100; i++) {
            expected += 1.0 / ((i + 9.87654321) * i);
        }
        assertThat(BasicUnit.value()).isEqualTo(expected);
    }

    @Test
    void unitsAddUpAndEveryUnitAddsTheSameValue() {
        assertThat(BasicUnit.compute(0)).isZero();
        assertThat(BasicUnit.compute(1000)).isCloseTo(1000 * BasicUnit.value(), within(1e-9));
        // The anti-hoisting offset is far below one ulp: equal stages give bit-identical results.
        assertThat(BasicUnit.compute(215)).isEqualTo(BasicUnit.compute(215));
    }
}
