package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The headline states only what the intervals support; every case below is one the report writer meets. */
class HeadlineTest {

    private static Estimate e(double v, double lo, double hi) {
        return new Estimate(v, lo, hi);
    }

    /** The verdict of a quick run's section with no fork spread measured. */
    private static String compare(Estimate ours, Estimate other, boolean lowerIsBetter) {
        return Verdict.of(ours, other, lowerIsBetter, new Verdict.Context("mpi", false, ForkSpread.NONE)).text();
    }

    @Test
    void separatedIntervalsGiveTheRatioWithTheRangeTheyAllow() {
        // lower is better: the peer takes 4 (3.8-4.2), ours 2 (1.9-2.1): 2x better, 1.81x-2.21x
        assertThat(compare(e(2, 1.9, 2.1), e(4, 3.8, 4.2), true)).isEqualTo("2.00x better (1.81-2.21x)");
        assertThat(compare(e(4, 3.8, 4.2), e(2, 1.9, 2.1), true)).isEqualTo("2.00x worse (1.81-2.21x)");
        // higher is better (rates): 50 against a published point 25, and 10 against a peer's 40
        assertThat(compare(e(50, 45, 55), Estimate.point(25), false)).isEqualTo("2.00x better (1.80-2.20x)");
        assertThat(compare(e(10, 9, 11), e(40, 36, 44), false)).isEqualTo("4.00x worse (3.27-4.89x)");
        assertThat(Headline.show(e(2, 1.9, 2.1), "--full")).isEqualTo("2.00 (1.90 .. 2.10)");
    }

    @Test
    void overlappingIntervalsAreNotResolved() {
        assertThat(compare(e(10, 8, 12), e(13, 11.5, 14), true)).isEqualTo("not resolved: the intervals overlap; rerun with --full");
        // a published point inside ours' interval
        assertThat(compare(e(2.2, 1.5, 3.0), Estimate.point(2.4), true)).isEqualTo("not resolved: the intervals overlap; rerun with --full");
    }

    @Test
    void aNegativeOverheadIsBelowTheResolutionNeverAFigureNorARatio() {
        // The quick paper's Shift: -0.148 (-0.602 .. -0.098) µs per stage against the papers' 3.3 µs,
        // which the old headline turned into "at least -0.03x worse".
        Estimate shift = e(-0.148, -0.602, -0.098);
        assertThat(Headline.show(shift, "--full")).isEqualTo("below the resolution of this run (interval -0.602 .. -0.098)");
        assertThat(compare(shift, Estimate.point(3.3), true)).isEqualTo("not resolved: ours below the resolution of this run; rerun with --full");
        assertThat(Headline.show(Estimate.point(-0.2), "--full")).isEqualTo("below the resolution of this run (no interval)");
    }

    @Test
    void anIntervalSpanningZeroIsNotResolvedAndNamesTheSettingThatNarrowsIt() {
        // ours 0.039 (-0.736 .. 0.124) against the papers' 2.4: no ratio, not even "at least"
        Estimate pipeline = e(0.039, -0.736, 0.124);
        assertThat(Headline.show(pipeline, "--full")).isEqualTo("not resolved at these settings (interval -0.736 .. 0.124; rerun with --full)");
        assertThat(compare(pipeline, Estimate.point(2.4), true)).isEqualTo("not resolved: ours' interval reaches zero; rerun with --full");
        // the other's interval reaching zero resolves no ratio either
        assertThat(compare(e(2, 1.9, 2.1), e(5, -1, 9), true)).isEqualTo("not resolved: the other's interval reaches zero; rerun with --full");
    }

    @Test
    void anIntervalWiderThanThreeTimesIsNotResolved() {
        // The hand-timed ping-pong: 0.799 (0.579 .. 100) µs, once called "within noise" beside 16.3 µs.
        Estimate pingPong = e(0.799, 0.579, 100);
        assertThat(pingPong.resolved()).isFalse();
        assertThat(Headline.show(pingPong, Headline.rerun("peers")))
                .isEqualTo("not resolved at these settings (interval 0.579 .. 100; rerun with --full: 5 forks)");
        assertThat(compare(pingPong, e(16.3, 15.9, 16.8), true)).isEqualTo("not resolved: ours' interval spans more than 3x; rerun with --full");
        assertThat(compare(e(16.3, 15.9, 16.8), pingPong, true)).isEqualTo("not resolved: the other's interval spans more than 3x; rerun with --full");
        // exactly 3x is still a figure
        assertThat(e(2, 1, 3).resolved()).isTrue();
        assertThat(e(2, 1, 3.01).resolved()).isFalse();
    }

    @Test
    void withoutAnIntervalThereIsNoRatio() {
        assertThat(compare(Estimate.point(2), Estimate.point(4), true)).isEqualTo("not resolved: ours has no interval (one repetition); rerun with --full");
        assertThat(Headline.show(Estimate.point(2), "--full")).isEqualTo("2.00");
        assertThat(compare(e(2, 1, 3), Estimate.point(Double.NaN), true)).isEqualTo("-");
        assertThat(Headline.show(Estimate.point(Double.NaN), "--full")).isEqualTo("-");
    }

    @Test
    void theTableIsBuiltFromTypedFiguresInTheirOrderWithPublishedFiguresFromTheResource() {
        List<Figure> figures = List.of(
                Figure.of(List.of("overhead", "a"), "spawned Pipeline, 2-way match", "µs", true, e(0.048, -0.1, 0.21),
                        "overhead.amd.Pipeline.match.2"),
                Figure.of(List.of("overhead", "b"), "spawned Shift, 2-way match", "µs", true, e(-0.148, -0.602, -0.098),
                        "overhead.amd.Shift.match.2"),
                Figure.of(List.of("mpi", "b"), "Rendezvous Exchange, 2 ranks", "µs", true, e(0.4, 0.38, 0.42), "rendezvous.amd.RENDEZVOUS_EXCHANGE.2")
                        .withPeer("MPJ Express", e(60, 58, 62)),
                Figure.of(List.of("peers", "ping-pong", "jox"), "ping-pong, ccr-core vs jox", "µs", true, e(0.799, 0.579, 100), null)
                        .withPeer("jox", e(16.3, 15.9, 16.8)),
                Figure.of(List.of("dss", "c"), "DSS HTTP throughput", "requests/s", false, e(50_000, 48_000, 52_000), "dss.throughput.per-s"));
        String t = Headline.markdown(figures);
        List<String> rows = t.lines().toList();
        assertThat(rows).hasSize(7);
        assertThat(rows.get(2)).isEqualTo("| spawned Pipeline, 2-way match (µs) | not resolved at these settings (interval -0.100 .. 0.210;"
                + " rerun with --full) | 2.40 | - | not resolved: ours' interval reaches zero; rerun with --full | - |");
        assertThat(rows.get(3)).isEqualTo("| spawned Shift, 2-way match (µs) | below the resolution of this run (interval -0.602 .. -0.098)"
                + " | 3.30 | - | not resolved: ours below the resolution of this run; rerun with --full | - |");
        assertThat(rows.get(4)).isEqualTo("| Rendezvous Exchange, 2 ranks (µs) | 0.400 (0.380 .. 0.420) | 8.80 |"
                + " 60.0 (58.0 .. 62.0) (MPJ Express) | 22x better (21-23x) | 150x better (138-163x) |");
        assertThat(rows.get(5)).isEqualTo("| ping-pong, ccr-core vs jox (µs) | not resolved at these settings (interval 0.579 .. 100;"
                + " rerun with --full: 5 forks) | - | 16.3 (15.9 .. 16.8) (jox) | - | not resolved: ours' interval spans more than 3x; rerun with --full: 5 forks |");
        assertThat(rows.get(6)).startsWith("| DSS HTTP throughput (requests/s) | 50000 (48000 .. 52000) | 25000 |");
        // "at least" only ever with a positive bound: here there is none, and no ratio is negative.
        assertThat(t).doesNotContain("at least").doesNotContainPattern("[ (]-[0-9.]+x").doesNotContain("within noise");
        assertThat(Headline.markdown(List.of())).isEmpty();
    }

    @Test
    void rowsAreKeyedByIdNotByLabel() {
        Figure a = Figure.of(List.of("mpi", "latency", Thread.State.NEW, 2), "same label", "µs", true, e(1, 0.9, 1.1), null);
        Figure b = Figure.of(List.of("mpi", "latency", Thread.State.NEW, 4), "same label", "µs", true, e(2, 1.9, 2.1), null);
        assertThat(Headline.csv(List.of(a, b)).lines()).hasSize(3).anyMatch(l -> l.startsWith("mpi,mpi.latency.NEW.4,same label,"));
        assertThat(b.key(2, Thread.State.class)).isEqualTo(Thread.State.NEW);
        assertThat(b.key(3, Integer.class)).isEqualTo(4);
        Figure sameKey = Figure.of(List.of("mpi", "latency", Thread.State.NEW, 2), "another label", "µs", true, e(3, 2, 4), null);
        assertThatThrownBy(() -> Headline.markdown(List.of(a, sameKey))).hasMessageContaining("mpi.latency.NEW.2");
        assertThatThrownBy(() -> Figure.of(List.of("mpi", "a label, with spaces"), "x", "µs", true, e(1, 0, 2), null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("key");
    }

    @Test
    void aPublishedKeyThatIsNotInTheResourceFailsAtOnce() {
        assertThatThrownBy(() -> Figure.of(List.of("x"), "y", "µs", true, Estimate.point(1), "overhead.amd.Pipline.match.2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("overhead.amd.Pipline.match.2");
    }

    @Test
    void afterAFullRunTheAdviceIsMoreForksOfThatSectionNotFull() {
        Estimate wide = e(0.8, 0.2, 0.9);
        assertThat(Headline.show(wide, Headline.rerunAfterForks("mpi", 5)))
                .isEqualTo("not resolved at these settings (interval 0.200 .. 0.900; rerun with more forks: bin/ccrj mpi --full --forks 10)");
        assertThat(Headline.rerunAfterForks("peers", 1)).isEqualTo("--full: 5 forks");
        String table = Headline.markdown(List.of(Figure.of(List.of("mpi", "x"), "x", "µs", true, wide, null)), true);
        assertThat(table).contains("more forks: bin/ccrj mpi --full --forks 10").doesNotContain("rerun with --full)");
    }
}
