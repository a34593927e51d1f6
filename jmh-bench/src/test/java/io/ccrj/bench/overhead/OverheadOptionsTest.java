package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OverheadOptionsTest {

    @Test
    void quickDefaultsAreThePapersStageTimeWithFewerStages() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse();

        assertThat(o.full()).isFalse();
        assertThat(o.patterns()).containsExactly(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS);
        assertThat(o.ways()).containsExactly(1, 2, 4, 8);
        assertThat(o.threadModes()).containsExactly(ThreadMode.MATCH, ThreadMode.DEFAULT);
        assertThat(o.stageMicros()).isEqualTo(28.0);
        assertThat(o.stages()).isEqualTo(OverheadRunner.Options.QUICK_STAGES);
        assertThat(o.reps()).isEqualTo(3);
        assertThat(o.out()).isNull();
        assertThat(o.ignoreLoad()).isFalse();
    }

    @Test
    void fullModeUsesThePapersStagesAndColumns() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--full");

        assertThat(o.stages()).isEqualTo(500_000);
        assertThat(o.ways()).containsExactly(1, 2, 3, 4, 8);
    }

    @Test
    void explicitOptionsOverrideModeDefaultsInAnyOrder() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--stages", "1000", "--full", "--ways=8,2,2,1");

        assertThat(o.full()).isTrue();
        assertThat(o.stages()).isEqualTo(1000);
        assertThat(o.ways()).containsExactly(1, 2, 8);
    }

    @Test
    void patternsAndThreadModesParseCaseInsensitivelyAndComeOutInTableOrder() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--pattern", "two-shifts,PIPELINE,Exchange", "--threads", "default,Match",
                "--stage-us", "14.5", "--reps", "5", "--out", "/tmp/x", "--ignore-load");

        assertThat(o.patterns()).containsExactly(SpawnedPattern.PIPELINE, SpawnedPattern.TWO_SHIFTS, SpawnedPattern.EXCHANGE);
        assertThat(o.threadModes()).containsExactly(ThreadMode.MATCH, ThreadMode.DEFAULT);
        assertThat(o.stageMicros()).isEqualTo(14.5);
        assertThat(o.reps()).isEqualTo(5);
        assertThat(o.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(o.ignoreLoad()).isTrue();
    }

    @Test
    void badOptionsAreNamedInTheMessage() {
        assertThatThrownBy(() -> new OverheadRunner().parse("--fast")).hasMessageContaining("fast");
        assertThatThrownBy(() -> new OverheadRunner().parse("--ways", "1,x")).hasMessageContaining("ways").hasMessageContaining("'x'");
        assertThatThrownBy(() -> new OverheadRunner().parse("--ways", "0")).hasMessageContaining("ways");
        assertThatThrownBy(() -> new OverheadRunner().parse("--ways")).hasMessageContaining("ways");
        assertThatThrownBy(() -> new OverheadRunner().parse("--ways", "--full")).hasMessageContaining("ways");
        assertThatThrownBy(() -> new OverheadRunner().parse("--pattern", "Ring")).hasMessageContaining("pattern").hasMessageContaining("Ring");
        assertThatThrownBy(() -> new OverheadRunner().parse("--threads", "all")).hasMessageContaining("threads").hasMessageContaining("all");
        assertThatThrownBy(() -> new OverheadRunner().parse("--stage-us", "-3")).hasMessageContaining("stage-us");
        assertThatThrownBy(() -> new OverheadRunner().parse("--stage-us", "NaN")).hasMessageContaining("stage-us");
        assertThatThrownBy(() -> new OverheadRunner().parse("--reps", "1.5")).hasMessageContaining("reps");
        assertThatThrownBy(() -> new OverheadRunner().parse("extra")).hasMessageContaining("'extra'");
        assertThatThrownBy(() -> new OverheadRunner().parse("--out", " ")).hasMessageContaining("out");
    }

    @Test
    void usageNamesEveryOption() {
        for (String opt : List.of("--full", "--pattern", "--ways", "--threads", "--stage-us", "--stages", "--reps", "--out", "--ignore-load")) {
            assertThat(new OverheadRunner().usage()).contains(opt);
        }
    }
}
