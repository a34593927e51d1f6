package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The overhead chart draws what the machine can run at once, each line beside its floor. */
class OverheadChartTest {
    private static OverheadMeasurement.Row row(int total, int ranks, double f, double floor, boolean over) {
        return new OverheadMeasurement.Row(total, ranks, total / ranks, 100, 1, f, 0.01, floor, 0.02, 1.0, over);
    }

    @Test
    void oneLineAndOneFloorPerRankCountThatFitsTheMachine() {
        String svg = OverheadChart.svg(List.of(row(2_000, 1, 0, 0, false), row(2_000, 2, 0.3, 0.1, false),
                row(20_000, 2, 0.05, 0.01, false), row(2_000, 4, 3.0, 1.0, true), row(20_000, 4, 1.2, 1.0, true)));
        assertThat(svg).startsWith("<svg").endsWith("</svg>\n").contains("P = 2, ranks").contains("P = 2, floor")
                .doesNotContain("P = 4").doesNotContain("P = 1,");
        assertThat(count(svg, "class=\"ranks\"")).isEqualTo(1);
        assertThat(count(svg, "class=\"floor\"")).isEqualTo(1);
        assertThat(count(svg, "<circle")).isEqualTo(4);      // two grains, ranks and floor
        assertThat(svg).contains("1e-3").contains("1e-4");    // 1/n of 1,000 and 10,000 points per rank
    }

    @Test
    void aMachineWithOneProcessorGetsANoteInsteadOfLines() {
        String svg = OverheadChart.svg(List.of(row(2_000, 1, 0, 0, false), row(2_000, 2, 1.0, 1.0, true)));
        assertThat(svg).contains("no rank count above 1").doesNotContain("<polyline").endsWith("</svg>\n");
    }

    private static int count(String s, String part) {
        return (s.length() - s.replace(part, "").length()) / part.length();
    }
}
