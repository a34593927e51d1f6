package io.ccrj.bench.overhead;

import io.ccrj.bench.runner.Forks;
import io.ccrj.bench.runner.Jmh;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** What {@code bin/ccrj overhead} asks JMH to run, and how it finds the results again. */
class OverheadPlanTest {
    private static final List<ThreadMode> BOTH = List.of(ThreadMode.MATCH, ThreadMode.DEFAULT);

    @Test
    void defaultEqualToMatchIsMeasuredOnce() {
        List<OverheadRunner.Config> plan = OverheadRunner.plan(List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT),
                List.of(1, 2, 4), BOTH, 2);

        assertThat(plan).extracting(c -> c.ways() + "/" + c.mode().id() + "/" + c.threads() + "/" + c.sameAsMatch())
                .containsExactly("1/match/1/false", "1/default/2/false", "2/match/2/false", "2/default/2/true",
                        "4/match/4/false", "4/default/2/false");
        // Per configuration run: T(1) and Pipeline's T(S) in one part, Shift's T(S) in another; 2-way default none.
        List<Jmh.Part> parts = OverheadRunner.parts(plan, 1000, 215_000);
        assertThat(parts).hasSize(2 + 2 * 3);
        assertThat(parts).extracting(p -> p.params().get("ways").get(0) + "/" + p.params().get("threads").get(0))
                .containsExactly("1/MATCH", "1/DEFAULT", "2/MATCH", "2/MATCH", "4/MATCH", "4/MATCH", "4/DEFAULT", "4/DEFAULT");
        assertThat(parts.get(0).benchmark()).isEqualTo(SpawnedPipelineBenchmark.class.getCanonicalName() + ".computation");
        assertThat(parts.get(0).params()).containsEntry("stages", List.of("1", "1000")).containsEntry("totalUnits", List.of("215000"))
                .doesNotContainKey("pattern");
        assertThat(parts.get(3).benchmark()).isEqualTo(SpawnedPatternBenchmark.class.getCanonicalName() + ".computation");
        assertThat(parts.get(3).params()).containsEntry("pattern", List.of("SHIFT")).containsEntry("stages", List.of("1000"));
    }

    @Test
    void withoutPipelineTheSingleStageRunIsStillTimed() {
        List<Jmh.Part> parts = OverheadRunner.parts(OverheadRunner.plan(List.of(SpawnedPattern.TWO_SHIFTS, SpawnedPattern.EXCHANGE),
                List.of(2), List.of(ThreadMode.MATCH), 2), 500, 1000);

        assertThat(parts).hasSize(2);
        assertThat(parts.get(0).params()).containsEntry("stages", List.of("1"));
        assertThat(parts.get(1).params()).containsEntry("pattern", List.of("TWO_SHIFTS", "EXCHANGE"));
        assertThatThrownBy(() -> OverheadRunner.part(List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT), 2, ThreadMode.MATCH,
                List.of(1), 1)).hasMessageContaining("Pipeline");
    }

    @Test
    void singleStageRunsGetOneThreadPerComputationWhereTheDispatchersThreadsCannotShareThemEvenly() {
        // 3 one-stage computations on 2 threads: two run, the third waits (2 x T instead of 1.5 x T).
        assertThat(SpawnedComputationBenchmark.dispatcherThreads(ThreadMode.DEFAULT, 3, 1, 2)).isEqualTo(3);
        assertThat(SpawnedComputationBenchmark.dispatcherThreads(ThreadMode.DEFAULT, 3, 1000, 2)).isEqualTo(2);
        assertThat(SpawnedComputationBenchmark.dispatcherThreads(ThreadMode.DEFAULT, 4, 1, 2)).isEqualTo(2);
        assertThat(SpawnedComputationBenchmark.dispatcherThreads(ThreadMode.DEFAULT, 1, 1, 2)).isEqualTo(2);
        assertThat(SpawnedComputationBenchmark.dispatcherThreads(ThreadMode.MATCH, 3, 1, 2)).isEqualTo(3);
        assertThat(SpawnedComputationBenchmark.unbalancedSingleStage(5, 4)).isTrue();
        assertThat(SpawnedComputationBenchmark.unbalancedSingleStage(8, 2)).isFalse();
    }

    @Test
    void oneWayRunsOnlyPipelineAndIsSkippedWithoutIt() {
        List<OverheadRunner.Config> withPipeline = OverheadRunner.plan(List.of(SpawnedPattern.PIPELINE, SpawnedPattern.TWO_SHIFTS),
                List.of(1), BOTH, 2);
        assertThat(withPipeline).allSatisfy(c -> assertThat(c.patterns()).containsExactly(SpawnedPattern.PIPELINE));

        assertThat(OverheadRunner.plan(List.of(SpawnedPattern.SHIFT), List.of(1), BOTH, 2)).isEmpty();
        assertThat(OverheadRunner.plan(List.of(SpawnedPattern.PIPELINE), List.of(2), List.of(ThreadMode.DEFAULT), 2))
                .singleElement().satisfies(c -> assertThat(c.sameAsMatch()).isFalse());
    }

    @Test
    void predictedTimesShareTheCoresAndCountEveryForkAndIteration() {
        // 500,000 stages of 28 µs = 14 s per computation; 8 of them on 2 cores = 56 s.
        assertThat(OverheadRunner.computationSeconds(1, 500_000, 28, 2)).isCloseTo(14, within(1e-9));
        assertThat(OverheadRunner.computationSeconds(8, 500_000, 28, 2)).isCloseTo(56, within(1e-9));
        // Quick: a fork is its 1 s start and 3 iterations of two 0.14 s computations each.
        assertThat(OverheadRunner.forkSeconds(new Jmh.Settings(2, 1, 2, 200), 0.14)).isCloseTo(1.84, within(1e-9));
        // Full: its start and 2 iterations of one 14 s computation each.
        assertThat(OverheadRunner.forkSeconds(new Jmh.Settings(5, 1, 1, 1_000), 14)).isCloseTo(29, within(1e-9));
        // From a benchmark's parameters: 8 ways of 500,000 stages of 200 units of 0.14 µs (28 µs) plus the messaging guess, on 2 cores.
        double computation = 8 * 500_000 * (28 + OverheadRunner.MESSAGING_GUESS_MICROS) / 2 / 1e6;
        assertThat(OverheadRunner.forkSeconds(new Jmh.Settings(5, 1, 1, 1_000), Map.of("ways", "8", "stages", "500000", "totalUnits",
                "100000000"), 0.14, 2)).isCloseTo(OverheadRunner.FORK_START_SECONDS + 2 * computation, within(1e-6));
    }

    @Test
    void resultsAreFoundByEveryParameterAndAMissingOneIsNamed() {
        String pattern = SpawnedPatternBenchmark.class.getCanonicalName() + ".computation";
        Forks shift = new Forks(pattern, Map.of("pattern", "SHIFT", "ways", "2", "threads", "MATCH", "stages", "100", "totalUnits", "2000"),
                "ms/op", List.of(new double[] {1}));
        Forks other = new Forks(pattern, Map.of("pattern", "SHIFT", "ways", "2", "threads", "MATCH", "stages", "100", "totalUnits", "100"),
                "ms/op", List.of(new double[] {2}));

        assertThat(OverheadRunner.find(List.of(other, shift), SpawnedPattern.SHIFT, 2, ThreadMode.MATCH, 100, 2000)).isSameAs(shift);
        assertThatThrownBy(() -> OverheadRunner.find(List.of(shift), SpawnedPattern.SHIFT, 2, ThreadMode.DEFAULT, 100, 2000))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Shift 2-way default S=100");
    }
}
