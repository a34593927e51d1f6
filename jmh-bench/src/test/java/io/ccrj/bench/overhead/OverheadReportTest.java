package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OverheadReportTest {
    private static final int S = 1000;
    private static final double[] UNKNOWN_LOADS = {Double.NaN, Double.NaN, Double.NaN};

    /** T(1) = 1.0 s, T(S) = 1.0 s + overhead * S. */
    private static CellTiming cell(SpawnedPattern p, int ways, ThreadMode m, double overheadMicros) {
        long t1 = 1_000_000_000L;
        long ts = t1 + Math.round(overheadMicros * 1000 * S);
        return new CellTiming(p, ways, m, m == ThreadMode.MATCH ? ways : 2, S, 215,
                new long[] {t1, t1 + 5, t1 - 5}, new long[] {ts, ts + 5, ts - 5},
                new double[] {0.02, 0.0, 0.01}, new double[] {0.0, 0.02, Double.NaN}, null);
    }

    private static OverheadReport report() {
        CellTiming pipe2 = cell(SpawnedPattern.PIPELINE, 2, ThreadMode.MATCH, 0.12);
        return new OverheadReport(List.of(
                cell(SpawnedPattern.PIPELINE, 1, ThreadMode.MATCH, 0.05),
                cell(SpawnedPattern.PIPELINE, 1, ThreadMode.DEFAULT, 0.30),
                pipe2,
                pipe2.as(ThreadMode.DEFAULT, "default = match here"),
                cell(SpawnedPattern.SHIFT, 2, ThreadMode.MATCH, 0.60),
                cell(SpawnedPattern.PIPELINE, 4, ThreadMode.MATCH, 6.0)),
                List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT), List.of(1, 2, 4), List.of(ThreadMode.MATCH, ThreadMode.DEFAULT));
    }

    @Test
    void overheadTableHasThePapersRowsAndColumnsWithTheirAmdFiguresAndTheRatio() {
        String t = report().overheadTable();

        assertThat(t).contains("| Stage overhead (µs) | threads | 1-way | 2-way | 4-way |");
        assertThat(t).contains("| Straight Pipeline | match | 0.050 (0.77, 0.065-0.065) | 0.120 (2.4, 0.050-0.050) | 6.000 (5.0, 1.200-1.200) |");
        assertThat(t).contains("| Shift | match | N/A | 0.600 (3.3, 0.182-0.182) | – (4.7) |");
        assertThat(t).contains("0.120\\* (4.7, 0.026-0.026)").contains("\\* default = match here");
    }

    /** T(1) runs 1.00, 1.01, 0.99 s and T(S) runs the same plus {@code overheadMicros} x S: a 10 µs per stage spread. */
    private static CellTiming noisy(SpawnedPattern p, int ways, double overheadMicros) {
        long ts = Math.round(overheadMicros * 1000 * S);
        return new CellTiming(p, ways, ThreadMode.MATCH, ways, S, 215, new long[] {1_000_000_000L, 1_010_000_000L, 990_000_000L},
                new long[] {1_000_000_000L + ts, 1_010_000_000L + ts, 990_000_000L + ts}, UNKNOWN_LOADS, UNKNOWN_LOADS, null);
    }

    @Test
    void noNegativeOverheadIsAFigureAndNoRatioIsGivenInsideTheNoise() {
        OverheadReport r = new OverheadReport(List.of(
                        cell(SpawnedPattern.PIPELINE, 1, ThreadMode.MATCH, -0.148), // tight, below zero
                        noisy(SpawnedPattern.PIPELINE, 2, 0.5), // its interval reaches zero
                        cell(SpawnedPattern.SHIFT, 2, ThreadMode.MATCH, 3.3)), // the papers' 3.3 inside ours' interval
                List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT), List.of(1, 2), List.of(ThreadMode.MATCH));
        String t = r.overheadTable();
        assertThat(t).contains("| Straight Pipeline | match | below resolution (0.77) | not resolved (2.4) |")
                .contains("reaches zero or spans more than 3x (rerun with --full)").doesNotContain("-0.148").doesNotContain("(0.77, -");
        assertThat(r.markdown("# t\n")).contains("| Straight Pipeline | match | 1 | 1 | 1.000 | 1.000 | below resolution |")
                .contains("| Straight Pipeline | match | 2 | 2 | 1.000 | 1.001 | not resolved |");
        // Ours 3.300 with the papers' 3.3 inside its interval: no ratio.
        assertThat(t).contains("| Shift | match | N/A | 3.300 (3.3, not resolved) |");
    }

    @Test
    void cellsWhoseSingleStageRunsCannotBeBalancedAreFootnoted() {
        OverheadReport r = new OverheadReport(List.of(cell(SpawnedPattern.PIPELINE, 3, ThreadMode.DEFAULT, 0.2),
                cell(SpawnedPattern.PIPELINE, 4, ThreadMode.DEFAULT, 0.2)), List.of(SpawnedPattern.PIPELINE), List.of(3, 4),
                List.of(ThreadMode.DEFAULT));

        String note = "T(1) of 3-way default (2 threads) taken with one thread per computation";
        assertThat(r.overheadTable()).contains(note).doesNotContain("4-way default (2 threads) taken");
        assertThat(r.markdown("# t\n")).contains(note);
        assertThat(report().overheadTable()).doesNotContain("taken with one thread per computation");
    }

    @Test
    void runTimeTableShowsMedianSeconds() {
        String t = report().runTimeTable();

        assertThat(t).contains("T(1), one stage").contains("1.000").contains("1.006");
    }

    @Test
    void csvHasOneLinePerMeasuredCellWithPublishedFiguresAndSamples() {
        List<String> lines = report().csv().toString().lines().toList();

        assertThat(lines).hasSize(1 + 6);
        assertThat(lines.get(0)).startsWith("pattern,ways,threads_mode,dispatcher_threads,stages");
        String pipe2 = lines.stream().filter(l -> l.startsWith("Pipeline,2,match,")).findFirst().orElseThrow();
        assertThat(pipe2).contains(",0.1200,2.4,3.3,0.0500,0.0364,2.0,0,,").contains("1.000000;1.000000;1.000000")
                .endsWith(",2.0;0.0;1.0,0.0;2.0;,0.1200,0.1200");
        assertThat(lines.stream().filter(l -> l.startsWith("Pipeline,2,default,")).findFirst().orElseThrow())
                .contains(",default = match here,").doesNotContain("\"");
    }

    @Test
    void markdownHasThePaperLayoutAndOneRowPerCell() {
        String md = report().markdown("# title\n");

        assertThat(md).startsWith("# title");
        assertThat(md).contains("| Straight Pipeline | match | 0.050 (0.77, 0.065-0.065) | 0.120 (2.4, 0.050-0.050) | 6.000 (5.0, 1.200-1.200) |")
                .contains("## Run time (s), Qiu, Fox & Ho 2006, Table 1 layout").contains("| T(1), one stage | match | 1.000 | 1.000 | 1.000 |");
        assertThat(md).contains("| Shift | match | 2 | 2 | 1.000 | 1.001 | 0.600 | 0.600 .. 0.600 | 0.600 .. 0.600 | 3.3 | 3.4 | 0.182-0.182 | 0.176-0.176 | 2% |");
    }

    @Test
    void noiseBandPairsTheExtremeRuns() {
        // T(1) 1.000/1.001/0.999 s, T(S) 1.0002/1.0006/0.9999 s over S = 1000: medians give 0.2 µs,
        // the pairings range from (0.9999 - 1.001) to (1.0006 - 0.999) s.
        CellTiming m = new CellTiming(SpawnedPattern.PIPELINE, 2, ThreadMode.MATCH, 2, S, 215,
                new long[] {1_000_000_000L, 1_001_000_000L, 999_000_000L},
                new long[] {1_000_200_000L, 1_000_600_000L, 999_900_000L}, UNKNOWN_LOADS, UNKNOWN_LOADS, null);

        assertThat(m.overheadMicros()).isCloseTo(0.2, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(m.overheadRangeMicros()).containsExactly(new double[] {-1.1, 1.6},
                org.assertj.core.api.Assertions.within(1e-9));
    }
}
