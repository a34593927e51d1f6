package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Estimate;
import io.ccrj.bench.runner.Figure;
import io.ccrj.bench.runner.FigureKey;
import io.ccrj.bench.runner.ForkSpread;
import io.ccrj.bench.runner.Metric;
import io.ccrj.bench.runner.Section;
import io.ccrj.bench.runner.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The papers' overhead per stage beside both of ours: the difference method and the back-to-back
 * stages, and the paragraph that says which resolves and why ({@link OverheadReport#methods}).
 * The papers' 2-way match Pipeline figure is 2.4 µs per stage.
 */
class OverheadMethodsTest {
    private static final Verdict.Context FULL = new Verdict.Context("overhead", true, ForkSpread.NONE);
    private static final Verdict.Context QUICK = new Verdict.Context("overhead", false, ForkSpread.NONE);

    private static Figure difference(Estimate e) {
        return Figure.of(new FigureKey(Section.OVERHEAD, OverheadReport.Method.DIFFERENCE, SpawnedPattern.PIPELINE, ThreadMode.MATCH, 2,
                50_000, Metric.OVERHEAD_US), "difference", e, "overhead.amd.Pipeline.match.2");
    }

    private static Figure backToBack(Estimate e) {
        return Figure.of(new FigureKey(Section.OVERHEAD, OverheadReport.Method.BACK_TO_BACK, SpawnedPattern.PIPELINE, ThreadMode.MATCH,
                2, 1_000_000, Metric.MESSAGING_US), "back-to-back", e, "overhead.amd.Pipeline.match.2");
    }

    @Test
    void onlyTheBackToBackStagesResolveWhereTheDifferenceIntervalReachesZero() {
        // The difference method's interval spans -0.8 .. 1.0 µs on 28 µs stages; the back-to-back stages 0.045 .. 0.055.
        String text = OverheadReport.methods(List.of(difference(new Estimate(0.1, -0.8, 1.0))),
                List.of(backToBack(new Estimate(0.05, 0.045, 0.055))), 1.8, 0.01, 28, FULL);

        assertThat(text).contains("the difference method, (T(S) - T(1)) / S, gives a verdict for 0 of 1 patterns")
                .contains("the back-to-back stages for 1 of 1, so here only the back-to-back stages resolve it")
                .contains("its intervals here are 1.80 µs wide (median), 6.4% of the 28.0 µs a stage computes")
                .contains("against the papers' 2.40 µs per stage")
                .contains("(intervals 0.010 µs wide)");
        // The same figures as the headline rows: the back-to-back one states a ratio against the papers', the other does not.
        assertThat(Verdict.of(backToBack(new Estimate(0.05, 0.045, 0.055)).ours(), Estimate.point(2.4), true, FULL).text())
                .contains("x better");
        assertThat(Verdict.of(difference(new Estimate(0.1, -0.8, 1.0)).ours(), Estimate.point(2.4), true, FULL).resolved()).isFalse();
    }

    @Test
    void bothResolveWhereBothIntervalsAreApartFromThePapers() {
        String text = OverheadReport.methods(List.of(difference(new Estimate(0.30, 0.25, 0.36))),
                List.of(backToBack(new Estimate(0.05, 0.045, 0.055))), 0.11, 0.01, 28, FULL);

        assertThat(text).contains("gives a verdict for 1 of 1 patterns, the back-to-back stages for 1 of 1, so both methods resolve it");
    }

    @Test
    void neitherResolvesAndTheSettingThatWouldIsNamed() {
        // A smoke run: no interval on either side.
        String text = OverheadReport.methods(List.of(difference(Estimate.point(0.4))), List.of(backToBack(Estimate.point(0.05))),
                Double.NaN, Double.NaN, 2, QUICK);

        assertThat(text).contains("so neither method resolves it in this run (rerun with --full)")
                .contains("its intervals here are not measured (no interval) wide");
    }

    @Test
    void nothingToSayWithoutFigures() {
        assertThat(OverheadReport.methods(List.of(), List.of(), Double.NaN, Double.NaN, 28, FULL)).isEmpty();
    }

    @Test
    void theMedianWidthSkipsFiguresWithoutAnInterval() {
        assertThat(OverheadReport.medianWidth(List.of(new Estimate(1, 0.5, 1.5), Estimate.point(3), new Estimate(1, 0.9, 1.1),
                new Estimate(2, 1, 4)))).isEqualTo(1.0);
        assertThat(OverheadReport.medianWidth(List.of(Estimate.point(3)))).isNaN();
    }

    @Test
    void aTypedKeyReadsBackAndABadOneIsRefused() {
        Figure f = difference(new Estimate(0.3, 0.25, 0.36));

        assertThat(f.id()).isEqualTo("overhead.DIFFERENCE.PIPELINE.MATCH.2.50000.OVERHEAD_US");
        assertThat(f.unit()).isEqualTo("µs");
        assertThat(f.lowerIsBetter()).isTrue();
        assertThat(f.typedKey().item(SpawnedPattern.class)).isEqualTo(SpawnedPattern.PIPELINE);
        assertThat(f.typedKey().backend(ThreadMode.class)).isEqualTo(ThreadMode.MATCH);
        assertThat(f.typedKey().experiment(OverheadReport.Method.class)).isEqualTo(OverheadReport.Method.DIFFERENCE);
        assertThatThrownBy(() -> Figure.of(List.of("overhead", "x"), "x", "µs", true, Estimate.point(1), null).typedKey())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a typed figure key");
        assertThatThrownBy(() -> new FigureKey(Section.OVERHEAD, OverheadReport.Method.DIFFERENCE, SpawnedPattern.PIPELINE,
                ThreadMode.MATCH, -1, 0, Metric.OVERHEAD_US)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ranks and size are 0 or more");
    }
}
