package io.ccrj.mpi.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The guide's one-sided examples do what their comments say. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WindowExamplesTest {

    @Test
    void fencePut() {
        assertThat(WindowExamples.fencePut()).containsExactly(2, 0, 1);
    }

    @Test
    void distributedCounterHandsOutEveryTaskExactlyOnce() {
        for (int round = 0; round < 20; round++) {
            assertThat(WindowExamples.distributedCounter()).hasSize(4)
                    .satisfies(counts -> assertThat(counts.stream().mapToInt(Integer::intValue).sum()).isEqualTo(100));
        }
    }
}
