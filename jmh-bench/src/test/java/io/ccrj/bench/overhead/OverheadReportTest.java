package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Forks;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The papers' layout from synthetic JMH forks (scores in ms per computation, as the benchmarks report them). */
class OverheadReportTest {
    private static final int S = 1000;

    /** One benchmark whose forks scored these (ms), one iteration each. */
    private static Forks forks(double... ms) {
        return new Forks("io.ccrj.X.computation", Map.of(), "ms/op", Arrays.stream(ms).mapToObj(v -> new double[] {v}).toList());
    }

    /** T(1) forks at 1000 ms ± 5 ns, T(S) the same plus {@code overheadMicros} x S: a tight interval. */
    private static OverheadCell cell(SpawnedPattern p, int ways, ThreadMode m, double overheadMicros) {
        double ts = 1000 + overheadMicros * S / 1000;
        int threads = m == ThreadMode.MATCH ? ways : 2;
        return new OverheadCell(p, ways, m, threads, threads, S, 215, forks(1000, 1000 + 5e-6, 1000 - 5e-6),
                forks(ts, ts + 5e-6, ts - 5e-6), null);
    }

    private static OverheadReport report() {
        OverheadCell pipe2 = cell(SpawnedPattern.PIPELINE, 2, ThreadMode.MATCH, 0.12);
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
    void overheadIsTheDifferenceOfTheForksMediansOverS() {
        OverheadCell c = cell(SpawnedPattern.PIPELINE, 2, ThreadMode.MATCH, 0.12);

        assertThat(c.singleStageSeconds()).isCloseTo(1.0, within(1e-12));
        assertThat(c.stagedSeconds()).isCloseTo(1.00012, within(1e-12));
        assertThat(c.overhead().value()).isCloseTo(0.12, within(1e-6));
        assertThat(c.overhead().low()).isCloseTo(0.12, within(1e-4));
        assertThat(c.overhead().resolved()).isTrue();
        // 2 ways on 2 cores: T(1) of 1 s is 1 ms of compute per stage of each computation; 8 ways on 2 cores, 250 µs.
        assertThat(c.observedStageMicros(2)).isCloseTo(1000, within(1e-6));
        assertThat(new OverheadCell(c.pattern(), 8, ThreadMode.MATCH, 8, 8, S, 215, c.single(), c.staged(), null).observedStageMicros(2))
                .isCloseTo(250, within(1e-6));
    }

    @Test
    void overheadTableHasThePapersRowsAndColumnsWithTheirAmdFiguresAndTheRatio() {
        String t = report().overheadTable();

        assertThat(t).contains("| Stage overhead (µs) | threads | 1-way | 2-way | 4-way |");
        assertThat(t).contains("| Straight Pipeline | match | 0.050 (0.77, 0.065-0.065) | 0.120 (2.4, 0.050-0.050) | 6.000 (5.0, 1.200-1.200) |");
        assertThat(t).contains("| Shift | match | N/A | 0.600 (3.3, 0.182-0.182) | – (4.7) |");
        assertThat(t).contains("0.120\\* (4.7, 0.026-0.026)").contains("\\* default = match here").doesNotContain("†");
    }

    /** T(1) forks at 1000, 1010, 990 ms and T(S) the same plus {@code overheadMicros} x S: a 10 µs per stage spread. */
    private static OverheadCell noisy(SpawnedPattern p, int ways, double overheadMicros) {
        double ts = overheadMicros * S / 1000;
        return new OverheadCell(p, ways, ThreadMode.MATCH, ways, ways, S, 215, forks(1000, 1010, 990),
                forks(1000 + ts, 1010 + ts, 990 + ts), null);
    }

    @Test
    void noNegativeOverheadIsAFigureAndNoRatioIsGivenInsideTheInterval() {
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
        assertThat(t).contains("| Shift | match | N/A | 3.300 (3.3, not resolved) |");
    }

    @Test
    void forksInTwoModesAreMarkedAndShownAsTwoGroups() {
        // T(S)'s forks: two at 1000.1 ms, one at 1600 ms (1.6x apart).
        OverheadCell split = new OverheadCell(SpawnedPattern.PIPELINE, 2, ThreadMode.MATCH, 2, 2, S, 215, forks(1000, 1000, 1000),
                forks(1000.1, 1000.1, 1600), null);
        OverheadReport r = new OverheadReport(List.of(split), List.of(SpawnedPattern.PIPELINE), List.of(2), List.of(ThreadMode.MATCH));

        assertThat(split.split()).isTrue();
        assertThat(r.overheadTable()).contains("not resolved†").contains("† the forks of T(1) or T(S) fell into two modes");
        assertThat(r.markdown("# t\n")).contains("| 3 forks, one mode | two modes 1.6x apart: 2 forks at 1.00, 1 fork at 1.60 |");
    }

    @Test
    void cellsWhoseSingleStageRunsCannotBeBalancedAreFootnoted() {
        OverheadCell three = cell(SpawnedPattern.PIPELINE, 3, ThreadMode.DEFAULT, 0.2);
        OverheadReport r = new OverheadReport(List.of(new OverheadCell(three.pattern(), 3, ThreadMode.DEFAULT, 2, 3, S, 215,
                three.single(), three.staged(), null), cell(SpawnedPattern.PIPELINE, 4, ThreadMode.DEFAULT, 0.2)),
                List.of(SpawnedPattern.PIPELINE), List.of(3, 4), List.of(ThreadMode.DEFAULT));

        String note = "T(1) of 3-way default (2 threads) taken with one thread per computation";
        assertThat(r.overheadTable()).contains(note).doesNotContain("4-way default (2 threads) taken");
        assertThat(r.markdown("# t\n")).contains(note);
        assertThat(report().overheadTable()).doesNotContain("taken with one thread per computation");
    }

    @Test
    void runTimeTableShowsTheForksMedianSeconds() {
        String t = report().runTimeTable();

        assertThat(t).contains("| T(1), one stage | match | 1.000 | 1.000 | 1.000 |").contains("| Straight Pipeline | match | 1.000 | 1.000 | 1.006 |");
    }

    @Test
    void csvHasOneLinePerMeasuredCellWithPublishedFiguresAndEveryForksScore() {
        List<String> lines = report().csv().toString().lines().toList();

        assertThat(lines).hasSize(1 + 6);
        assertThat(lines.get(0)).isEqualTo("pattern,ways,threads_mode,dispatcher_threads,t1_dispatcher_threads,stages,units_per_stage,"
                + "t1_forks,ts_forks,t1_s,ts_s,overhead_us,overhead_low_us,overhead_high_us,published_amd_us,published_intel_us,"
                + "ratio_to_amd,ratio_to_intel,same_as,t1_modes,ts_modes,t1_fork_scores_s,ts_fork_scores_s");
        String pipe2 = lines.stream().filter(l -> l.startsWith("Pipeline,2,match,")).findFirst().orElseThrow();
        assertThat(pipe2).startsWith("Pipeline,2,match,2,2,1000,215,3,3,1.000000,1.000120,0.1200,0.1200,0.1200,2.4,3.3,0.0500,0.0364,,")
                .endsWith(",\"3 forks, one mode\",\"3 forks, one mode\",1.000000;1.000000;1.000000,1.000120;1.000120;1.000120");
        assertThat(lines.stream().filter(l -> l.startsWith("Pipeline,2,default,")).findFirst().orElseThrow())
                .contains(",default = match here,");
    }

    @Test
    void markdownHasThePaperLayoutAndOneRowPerCell() {
        String md = report().markdown("# title\n");

        assertThat(md).startsWith("# title");
        assertThat(md).contains("| Straight Pipeline | match | 0.050 (0.77, 0.065-0.065) | 0.120 (2.4, 0.050-0.050) | 6.000 (5.0, 1.200-1.200) |")
                .contains("## Run time (s), Qiu, Fox & Ho 2006, Table 1 layout").contains("| T(1), one stage | match | 1.000 | 1.000 | 1.000 |");
        assertThat(md).contains("| Shift | match | 2 | 2 | 1.000 | 1.001 | 0.600 | 0.600 .. 0.600 | 3 forks, one mode | 3 forks, one mode"
                + " | 3.3 | 3.4 | 0.182-0.182 | 0.176-0.176 |");
    }
}
