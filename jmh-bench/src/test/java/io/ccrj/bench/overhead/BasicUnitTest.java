package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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

    @Test
    void unitsPerStageRoundsThePapersStageTimeOverTheUnitTime() {
        assertThat(new Calibration(0.13).unitsPerStage(28.0)).isEqualTo(215);
        assertThat(new Calibration(1.4).unitsPerStage(28.0)).isEqualTo(20); // the papers' AMD: 20 units of 1.4 µs
        assertThat(new Calibration(0.13).unitsPerStage(0.01)).isEqualTo(1);
        assertThatThrownBy(() -> new Calibration(0.13).unitsPerStage(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Calibration(Double.NaN).unitsPerStage(28)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void calibrationMeasuresAPositiveUnitTime() {
        Calibration c = Calibration.measure(3, 2_000);
        assertThat(c.unitMicros()).isPositive();
        assertThat(c.unitsPerStage(28.0)).isPositive();
    }
}
