package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OverheadReportPublishedFiguresTest {

    @Test
    void amdFiguresComeFromTable2Amd() {
        assertThat(OverheadReport.published("amd", SpawnedPattern.PIPELINE, ThreadMode.MATCH, 1).value()).isEqualTo(0.77);
        assertThat(OverheadReport.published("amd", SpawnedPattern.PIPELINE, ThreadMode.MATCH, 2).value()).isEqualTo(2.4);
        assertThat(OverheadReport.published("amd", SpawnedPattern.SHIFT, ThreadMode.MATCH, 2).value()).isEqualTo(3.3);
        assertThat(OverheadReport.published("amd", SpawnedPattern.TWO_SHIFTS, ThreadMode.MATCH, 2).value()).isEqualTo(4.8);
        assertThat(OverheadReport.published("amd", SpawnedPattern.TWO_SHIFTS, ThreadMode.DEFAULT, 8).value()).isEqualTo(24.0);
        assertThat(OverheadReport.published("amd", SpawnedPattern.SHIFT, ThreadMode.DEFAULT, 3).value()).isEqualTo(4.2);
    }

    @Test
    void intelFiguresComeFromTable2IntelNotFromItsParentheses() {
        assertThat(OverheadReport.published("intel", SpawnedPattern.PIPELINE, ThreadMode.MATCH, 1).value()).isEqualTo(1.7);
        assertThat(OverheadReport.published("intel", SpawnedPattern.PIPELINE, ThreadMode.MATCH, 8).value()).isEqualTo(25.9);
        assertThat(OverheadReport.published("intel", SpawnedPattern.TWO_SHIFTS, ThreadMode.DEFAULT, 2).value()).isEqualTo(23.1);
    }

    @Test
    void notApplicableErrorAndUnmeasuredCellsHaveNoValue() {
        io.ccrj.bench.runner.PublishedFigures.Published na = OverheadReport.published("amd", SpawnedPattern.SHIFT, ThreadMode.MATCH, 1);
        assertThat(na.hasValue()).isFalse();
        assertThat(na.text()).isEqualTo("N/A");
        io.ccrj.bench.runner.PublishedFigures.Published error = OverheadReport.published("amd", SpawnedPattern.EXCHANGE, ThreadMode.MATCH, 8);
        assertThat(error.hasValue()).isFalse();
        assertThat(error.text()).isEqualTo("Error");
        io.ccrj.bench.runner.PublishedFigures.Published none = OverheadReport.published("amd", SpawnedPattern.PIPELINE, ThreadMode.MATCH, 16);
        assertThat(none.hasValue()).isFalse();
        assertThat(none.text()).isEqualTo("–");
    }
}
