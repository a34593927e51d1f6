package io.ccrj.bench.overhead;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

@Timeout(60)
class SpawnedPatternsTest {
    private Dispatcher dispatcher;
    private DispatcherQueue queue;

    @BeforeEach
    void start() {
        dispatcher = new Dispatcher(3, "spawned-test");
        queue = dispatcher.createQueue("q");
    }

    @AfterEach
    void stop() {
        dispatcher.close();
    }

    @ParameterizedTest
    @EnumSource(SpawnedPattern.class)
    void everyPatternRunsEveryStageOfEveryComputationExactlyOnce(SpawnedPattern p) throws Exception {
        for (int ways : new int[] {2, 3, 5}) {
            SpawnedPatterns.RunResult r = SpawnedPatterns.run(p, queue, ways, 500, 3, Duration.ofSeconds(30));

            assertThat(r.checksum()).isCloseTo(ways * 500 * BasicUnit.compute(3), within(1e-6));
            assertThat(r.elapsedNanos()).isPositive();
        }
    }

    @Test
    void oneStageIsTheWholeComputationInOneHandler() throws Exception {
        SpawnedPatterns.RunResult r = SpawnedPatterns.run(SpawnedPattern.PIPELINE, queue, 4, 1, 2_000, Duration.ofSeconds(30));

        assertThat(r.checksum()).isCloseTo(4 * BasicUnit.compute(2_000), within(1e-9));
    }

    @Test
    void aLongSingleStageIsCheckedAgainstTheExtrapolatedUnitSumWithoutComputingItTwice() throws Exception {
        int units = 3_000_000;
        double exact = BasicUnit.compute(units);
        assertThat(SpawnedPatterns.stageValue(units)).isCloseTo(exact, withinPercentage(1e-6));
        assertThat(SpawnedPatterns.stageValue(1)).isEqualTo(BasicUnit.value());

        SpawnedPatterns.RunResult r = SpawnedPatterns.run(SpawnedPattern.PIPELINE, queue, 2, 1, units, Duration.ofSeconds(60));
        assertThat(r.checksum()).isCloseTo(2 * exact, withinPercentage(1e-6));
    }

    @Test
    void pipelineRunsOneWay() throws Exception {
        SpawnedPatterns.RunResult r = SpawnedPatterns.run(SpawnedPattern.PIPELINE, queue, 1, 1000, 1, Duration.ofSeconds(30));

        assertThat(r.checksum()).isCloseTo(r.expected(), within(1e-9));
    }

    @Test
    void neighbourPatternsNeedTwoComputations() {
        assertThatThrownBy(() -> SpawnedPatterns.run(SpawnedPattern.SHIFT, queue, 1, 10, 1, Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Shift");
    }

    @Test
    void moreComputationsThanThreadsStillFinish() throws Exception {
        try (Dispatcher one = new Dispatcher(1, "one-thread")) {
            SpawnedPatterns.RunResult r = SpawnedPatterns.run(SpawnedPattern.TWO_SHIFTS, one.createQueue("q"), 8, 200, 1,
                    Duration.ofSeconds(30));
            assertThat(r.checksum()).isCloseTo(r.expected(), within(1e-9));
        }
    }
}
