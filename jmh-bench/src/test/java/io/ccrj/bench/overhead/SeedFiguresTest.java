package io.ccrj.bench.overhead;

import io.ccrj.bench.overhead.SeedFigures.Machine;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SeedFiguresTest {

    @Test
    void amdFiguresComeFromTable2Amd() {
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 1).value()).isEqualTo(0.77);
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 2).value()).isEqualTo(2.4);
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.SHIFT, ThreadMode.MATCH, 2).value()).isEqualTo(3.3);
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.TWO_SHIFTS, ThreadMode.MATCH, 2).value()).isEqualTo(4.8);
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.TWO_SHIFTS, ThreadMode.DEFAULT, 8).value()).isEqualTo(24.0);
        assertThat(SeedFigures.overhead(Machine.AMD, SpawnedPattern.SHIFT, ThreadMode.DEFAULT, 3).value()).isEqualTo(4.2);
    }

    @Test
    void intelFiguresComeFromTable2IntelNotFromItsParentheses() {
        assertThat(SeedFigures.overhead(Machine.INTEL, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 1).value()).isEqualTo(1.7);
        assertThat(SeedFigures.overhead(Machine.INTEL, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 8).value()).isEqualTo(25.9);
        assertThat(SeedFigures.overhead(Machine.INTEL, SpawnedPattern.TWO_SHIFTS, ThreadMode.DEFAULT, 2).value()).isEqualTo(23.1);
    }

    @Test
    void notApplicableErrorAndUnmeasuredCellsHaveNoValue() {
        io.ccrj.bench.runner.Seeds.Seed na = SeedFigures.overhead(Machine.AMD, SpawnedPattern.SHIFT, ThreadMode.MATCH, 1);
        assertThat(na.hasValue()).isFalse();
        assertThat(na.text()).isEqualTo("N/A");
        io.ccrj.bench.runner.Seeds.Seed error = SeedFigures.overhead(Machine.AMD, SpawnedPattern.EXCHANGE, ThreadMode.MATCH, 8);
        assertThat(error.hasValue()).isFalse();
        assertThat(error.text()).isEqualTo("Error");
        io.ccrj.bench.runner.Seeds.Seed none = SeedFigures.overhead(Machine.AMD, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 16);
        assertThat(none.hasValue()).isFalse();
        assertThat(none.text()).isEqualTo("–");
    }
}
