package io.ccrj.bench.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StageSweepTest {

    @Test
    void stageCountsAreOneAndFractionsOfSWithoutRepeats() {
        assertThat(StageSweep.stageCounts(20_000)).containsExactly(1, 1_250, 5_000, 20_000);
        assertThat(StageSweep.stageCounts(4)).containsExactly(1, 4);
        assertThat(StageSweep.stageCounts(1)).containsExactly(1);
    }

    @Test
    void csvAndMarkdownListEveryPoint() {
        List<StageSweep.Point> points = List.of(new StageSweep.Point(Pattern.PIPELINE, 1, 0.5),
                new StageSweep.Point(Pattern.PIPELINE, 4, 0.51), new StageSweep.Point(Pattern.SHIFT, 1, 0.5),
                new StageSweep.Point(Pattern.SHIFT, 4, 0.52));
        assertThat(StageSweep.csv(points, 2)).isEqualTo("pattern,ways,stages,run_time_s\nPipeline,2,1,0.500000\n"
                + "Pipeline,2,4,0.510000\nShift,2,1,0.500000\nShift,2,4,0.520000\n");
        assertThat(StageSweep.markdown(points, 2, new int[] {1, 4})).contains("| pattern | S = 1 | S = 4 |")
                .contains("| Straight Pipeline | 0.5000 s | 0.5100 s |").contains("| Shift | 0.5000 s | 0.5200 s |");
    }
}
