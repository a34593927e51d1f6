package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeadlineTest {

    private static Estimate e(double v, double lo, double hi) {
        return new Estimate(v, lo, hi);
    }

    @Test
    void aRatioIsStatedWithTheRangeTheIntervalsAllow() {
        // lower is better: the peer takes 4 (3.8-4.2), ours 2 (1.9-2.1): 2x better, 1.81x-2.21x
        assertThat(Headline.compare(e(2, 1.9, 2.1), e(4, 3.8, 4.2), true)).isEqualTo("2.00x better (1.81-2.21x)");
        assertThat(Headline.compare(e(4, 3.8, 4.2), e(2, 1.9, 2.1), true)).isEqualTo("2.00x worse (1.81-2.21x)");
        // higher is better (rates): 50 against a published point 25
        assertThat(Headline.compare(e(50, 45, 55), Estimate.point(25), false)).isEqualTo("2.00x better (1.80-2.20x)");
    }

    @Test
    void aFigureInsideTheOthersNoiseIsWithinNoise() {
        assertThat(Headline.compare(e(0.5, 0.1, 3.0), Estimate.point(2.4), true)).isEqualTo("within noise");
        assertThat(Headline.compare(e(10, 8, 12), e(13, 11.5, 14), true)).isEqualTo("within noise");
    }

    @Test
    void anIntervalReachingZeroGivesOnlyALowerBound() {
        // ours 0.05 (-0.1 .. 0.2) against the papers' 2.4: at least 2.4 / 0.2 = 12x, not "48x"
        assertThat(Headline.compare(e(0.05, -0.1, 0.2), Estimate.point(2.4), true)).isEqualTo("at least 12x better");
    }

    @Test
    void withoutAnIntervalTheTableSaysSo() {
        assertThat(Headline.compare(Estimate.point(2), Estimate.point(4), true)).isEqualTo("no interval: 2.00x better");
        assertThat(Headline.compare(e(2, 1, 3), Estimate.point(Double.NaN), true)).isEqualTo("-");
    }

    @Test
    void theTableIsBuiltFromTypedFiguresInTheirOrderWithPublishedFiguresFromTheResource() {
        List<Figure> figures = List.of(
                Figure.of(List.of("overhead", "a"), "spawned Pipeline, 2-way match", "µs", true, e(0.048, -0.1, 0.21),
                        "overhead.amd.Pipeline.match.2"),
                Figure.of(List.of("mpi", "b"), "Rendezvous Exchange, 2 ranks", "µs", true, e(0.4, 0.38, 0.42), "rendezvous.amd.RENDEZVOUS_EXCHANGE.2")
                        .withPeer("MPJ Express", e(60, 58, 62)),
                Figure.of(List.of("dss", "c"), "DSS HTTP throughput", "requests/s", false, e(50_000, 48_000, 52_000), "dss.throughput.per-s"));
        String t = Headline.markdown(figures);
        assertThat(t.lines()).hasSize(5);
        assertThat(t.lines().toList().get(2)).isEqualTo(
                "| spawned Pipeline, 2-way match (µs) | 0.048 (-0.100 .. 0.210) | 2.40 | - | at least 11x better | - |");
        assertThat(t.lines().toList().get(3)).isEqualTo("| Rendezvous Exchange, 2 ranks (µs) | 0.400 (0.380 .. 0.420) | 8.80 |"
                + " 60.0 (58.0 .. 62.0) (MPJ Express) | 22x better (21-23x) | 150x better (138-163x) |");
        assertThat(t.lines().toList().get(4)).startsWith("| DSS HTTP throughput (requests/s) | 50000 (48000 .. 52000) | 25000 |");
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
}
