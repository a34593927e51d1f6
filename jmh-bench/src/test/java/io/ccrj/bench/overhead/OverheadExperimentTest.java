package io.ccrj.bench.overhead;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OverheadExperimentTest {
    private static final List<ThreadMode> BOTH = List.of(ThreadMode.MATCH, ThreadMode.DEFAULT);

    @Test
    void defaultEqualToMatchIsMeasuredOnce() {
        List<OverheadExperiment.Config> plan = OverheadExperiment.plan(List.of(SpawnedPattern.PIPELINE, SpawnedPattern.SHIFT),
                List.of(1, 2, 4), BOTH, 2);

        assertThat(plan).extracting(c -> c.ways() + "/" + c.mode().id() + "/" + c.threads() + "/" + c.sameAsMatch())
                .containsExactly("1/match/1/false", "1/default/2/false", "2/match/2/false", "2/default/2/true",
                        "4/match/4/false", "4/default/2/false");
        assertThat(plan.get(3).runsPerRep()).isZero();
        assertThat(plan.get(4).runsPerRep()).isEqualTo(3); // T(1) + Pipeline + Shift
    }

    @Test
    void singleStageRunsGetOneThreadPerComputationWhereTheDispatchersThreadsCannotShareThemEvenly() {
        List<OverheadExperiment.Config> plan = OverheadExperiment.plan(List.of(SpawnedPattern.PIPELINE), List.of(1, 2, 3, 4, 8),
                BOTH, 2);

        // 3 one-stage computations on 2 threads: two run, the third waits (2 x T instead of 1.5 x T).
        assertThat(plan).filteredOn(c -> OverheadExperiment.unbalancedSingleStage(c.ways(), c.threads()))
                .extracting(c -> c.ways() + "/" + c.mode().id()).containsExactly("3/default");
        assertThat(OverheadExperiment.unbalancedSingleStage(5, 4)).isTrue();
        assertThat(OverheadExperiment.unbalancedSingleStage(8, 2)).isFalse();
        assertThat(OverheadExperiment.unbalancedSingleStage(1, 2)).isFalse();
    }

    @Test
    void oneWayRunsOnlyPipelineAndIsSkippedWithoutIt() {
        List<OverheadExperiment.Config> withPipeline = OverheadExperiment.plan(List.of(SpawnedPattern.PIPELINE, SpawnedPattern.TWO_SHIFTS),
                List.of(1), BOTH, 2);
        assertThat(withPipeline).allSatisfy(c -> assertThat(c.patterns()).containsExactly(SpawnedPattern.PIPELINE));

        assertThat(OverheadExperiment.plan(List.of(SpawnedPattern.SHIFT), List.of(1), BOTH, 2)).isEmpty();
    }

    @Test
    void defaultOnlyIsMeasuredEvenWhereItEqualsMatch() {
        List<OverheadExperiment.Config> plan = OverheadExperiment.plan(List.of(SpawnedPattern.PIPELINE), List.of(2),
                List.of(ThreadMode.DEFAULT), 2);
        assertThat(plan).singleElement().satisfies(c -> assertThat(c.sameAsMatch()).isFalse());
    }

    @Test
    void predictedTimeSharesTheCoresAmongTheComputations() {
        // 500,000 stages of 28 µs = 14 s per computation; 8 of them on 2 cores = 56 s.
        assertThat(OverheadExperiment.predictedSeconds(1, 500_000, 28, 2)).isCloseTo(14, within(1e-9));
        assertThat(OverheadExperiment.predictedSeconds(2, 500_000, 28, 2)).isCloseTo(14, within(1e-9));
        assertThat(OverheadExperiment.predictedSeconds(8, 500_000, 28, 2)).isCloseTo(56, within(1e-9));
    }
}
