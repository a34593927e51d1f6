package io.ccrj.bench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

class ChartsTest {

    @Test
    void symlogKeepsTheSignAndPutsDecadesOneUnitApart() {
        assertThat(Charts.symlog(0)).isZero();
        assertThat(Charts.symlog(0.01)).isCloseTo(1, within(1e-12));
        assertThat(Charts.symlog(0.1)).isCloseTo(2, within(1e-12));
        assertThat(Charts.symlog(10)).isCloseTo(4, within(1e-12));
        assertThat(Charts.symlog(-0.5)).isCloseTo(-Charts.symlog(0.5), within(1e-12)).isNegative();
        assertThat(Charts.symlog(0.005)).isCloseTo(0.5, within(1e-12)); // linear near zero
        for (double v : new double[] {-3.2, -0.004, 0, 0.004, 0.3, 27}) {
            assertThat(Charts.unsymlog(Charts.symlog(v))).isCloseTo(v, within(1e-9));
        }
        assertThat(Charts.label(Charts.unsymlog(3))).isEqualTo("1");
        assertThat(Charts.label(-0.0316)).isEqualTo("-0.032");
    }

    @Test
    void panelsOfDifferentSizesAreTiledIntoOnePngWithTheIntervalsAsBarsOutOfTheLegend(@TempDir Path dir) throws Exception {
        Charts.Series ours = new Charts.Series("ours", Charts.colour(0), false)
                .add(1, -0.1, -0.3, 0.2).add(2, 0.5, 1, 1); // no interval at 2: no bar
        XYChart a = Charts.panel("a", "x", "y", 300, 200, false, Charts.Axis.SYMLOG, List.of(ours));
        XYChart b = Charts.panel("b", "x", "y", 300, 260, false, Charts.Axis.LINEAR,
                List.of(new Charts.Series("peer", Charts.colour(1), false).add(1, 1)));
        assertThat(a.getSeriesMap()).hasSize(2);
        assertThat(a.getSeriesMap().values().stream().filter(s -> !s.isShowInLegend())).hasSize(1);
        assertThat(a.getStyler().getLegendPosition()).isEqualTo(Styler.LegendPosition.OutsideS);
        assertThat(a.getStyler().getyAxisTickLabelsFormattingFunction().apply(3.0)).isEqualTo("1"); // symlog ticks

        Path png = dir.resolve("fake.png");
        Charts.write(List.of(a, b), png);
        var img = ImageIO.read(Files.newInputStream(png));
        assertThat(img.getWidth()).isEqualTo(600);
        assertThat(img.getHeight()).isEqualTo(260);
    }

    @Test
    void onePanelWriterDrawsSeriesWithBarsOnEveryAxisAndLeavesOutWhatTheAxisCannotShow(@TempDir Path dir) throws Exception {
        Charts.Series ours = new Charts.Series("ours", Charts.colour(0), false)
                .add(1, -0.1, -0.3, 0.2).add(2, 0.5, 0.4, 0.6).add(3, Double.NaN);
        Charts.Series published = new Charts.Series("published", Charts.PUBLISHED, true).addAll(List.of(1, 2), x -> 10 * x);

        XYChart symlog = Charts.panel("t", "x", "y", 300, 200, false, Charts.Axis.SYMLOG, List.of(ours, published, ours));
        // ours (2 points, NaN left out) with 2 bars, the published figures, and no second "ours".
        assertThat(symlog.getSeriesMap().keySet()).contains("ours", "published").hasSize(4);
        assertThat(symlog.getSeriesMap().get("ours").getYData()).containsExactly(Charts.symlog(-0.1), Charts.symlog(0.5));
        assertThat(symlog.getSeriesMap().get("published").getXData()).containsExactly(1.0, 2.0);

        XYChart log = Charts.panel("t", "x", "y", 300, 200, true, Charts.Axis.LOG, List.of(ours));
        assertThat(log.getSeriesMap().get("ours").getYData()).containsExactly(0.5); // a log axis cannot show -0.1
        assertThat(log.getSeriesMap()).hasSize(2);
        XYChart empty = Charts.panel("t", "x", "y", 300, 260, false, Charts.Axis.LINEAR, List.of());
        assertThat(empty.getSeriesMap()).containsOnlyKeys("no data");

        Path png = dir.resolve("panels.png");
        Charts.write(List.of(symlog, log, empty, symlog), png);
        var img = ImageIO.read(Files.newInputStream(png));
        assertThat(img.getWidth()).isEqualTo(600); // four panels: two by two
        assertThat(img.getHeight()).isEqualTo(520);
        Charts.write(List.of(), dir.resolve("none.png"));
        assertThat(dir.resolve("none.png")).doesNotExist();

        Path bars = dir.resolve("bars.png");
        Charts.bars("t", "x", "y", 400, 300, List.of("a", "b"), java.util.Map.of("one", List.of(1, 2), "two", List.of(3, 4)), bars);
        assertThat(ImageIO.read(Files.newInputStream(bars)).getWidth()).isEqualTo(400);
    }
}
