package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OverheadOptionsTest {

    @Test
    void quickDefaultsAreThePapersStageTimeWithFewerStagesUnderJmh() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse();

        assertThat(o.full()).isFalse();
        assertThat(o.patterns()).containsExactly(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT, SpawnedPattern.TWO_SHIFTS);
        assertThat(o.ways()).containsExactly(1, 2);
        assertThat(o.threadModes()).containsExactly(ThreadMode.MATCH, ThreadMode.DEFAULT);
        assertThat(o.stageMicros()).isEqualTo(28.0);
        assertThat(o.stages()).isEqualTo(OverheadRunner.Options.QUICK_STAGES);
        assertThat(o.jmh().describe()).isEqualTo("2 forks x (2 warm-up + 2 measured iterations of 200 ms)");
        assertThat(o.out()).isNull();
    }

    @Test
    void fullModeUsesThePapersStagesAndColumnsAndFiveForks() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--full");

        assertThat(o.stages()).isEqualTo(OverheadRunner.Options.FULL_STAGES);
        assertThat(o.ways()).containsExactly(1, 2, 3, 4, 8);
        assertThat(o.jmh().forks()).isEqualTo(5);
    }

    @Test
    void explicitOptionsOverrideModeDefaultsInAnyOrder() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--stages", "1000", "--full", "--ways=8,2,2,1", "--forks", "3");

        assertThat(o.full()).isTrue();
        assertThat(o.stages()).isEqualTo(1000);
        assertThat(o.ways()).containsExactly(1, 2, 8);
        assertThat(o.jmh().describe()).isEqualTo("3 forks x (0 warm-up + 2 measured iterations of 1000 ms)");
    }

    @Test
    void patternsAndThreadModesParseCaseInsensitivelyAndComeOutInTableOrder() throws Exception {
        OverheadRunner.Options o = new OverheadRunner().parse("--pattern", "two-shifts,PIPELINE,Exchange", "--threads", "default,Match",
                "--stage-us", "14.5", "--iterations", "5", "--warmup", "0", "--iteration-ms", "300", "--out", "/tmp/x");

        assertThat(o.patterns()).containsExactly(SpawnedPattern.PIPELINE, SpawnedPattern.TWO_SHIFTS, SpawnedPattern.EXCHANGE);
        assertThat(o.threadModes()).containsExactly(ThreadMode.MATCH, ThreadMode.DEFAULT);
        assertThat(o.stageMicros()).isEqualTo(14.5);
        assertThat(o.jmh().describe()).isEqualTo("2 forks x (0 warm-up + 5 measured iterations of 300 ms)");
        assertThat(o.out()).isEqualTo(Path.of("/tmp/x"));
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
        assertThatThrownBy(() -> new OverheadRunner().parse("--forks", "0")).hasMessageContaining("forks");
        assertThatThrownBy(() -> new OverheadRunner().parse("--iterations", "1.5")).hasMessageContaining("iterations");
        // The hand timing's options are gone: JMH's settings replace them.
        assertThatThrownBy(() -> new OverheadRunner().parse("--reps", "3")).hasMessageContaining("reps");
        assertThatThrownBy(() -> new OverheadRunner().parse("--ignore-load")).hasMessageContaining("ignore-load");
        assertThatThrownBy(() -> new OverheadRunner().parse("extra")).hasMessageContaining("'extra'");
        assertThatThrownBy(() -> new OverheadRunner().parse("--out", " ")).hasMessageContaining("out");
    }

    @Test
    void usageNamesEveryOption() {
        for (String opt : List.of("--full", "--pattern", "--ways", "--threads", "--stage-us", "--stages", "--forks", "--warmup",
                "--iterations", "--iteration-ms", "--out")) {
            assertThat(new OverheadRunner().usage()).contains(opt);
        }
        assertThat(new OverheadRunner().usage()).doesNotContain("--reps").doesNotContain("--ignore-load");
    }
}
