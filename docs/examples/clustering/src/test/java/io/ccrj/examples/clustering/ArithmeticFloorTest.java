package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The overhead's floor computes the kernel's own partial sums, and refuses what it cannot time. */
@Timeout(60)
class ArithmeticFloorTest {
    private final GaussianMixture.Labelled data = GaussianMixture.generate(600, 2, 3, 6, 5);
    private final Solution start = new Solution(3, 2, data.centres().clone(), new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});

    @Test
    void aBlockIsTheKernelsPartialSumsOfThatBlockEveryTime() {
        double t = 0.5;
        double[] expected = DeterministicAnnealing.partialSums(data.points().values(), 2, 100, 400, start.centres(),
                start.priors(), 3, t);
        DeterministicAnnealing.Iterations block = ArithmeticFloor.block(data.points(), start, t, 100, 400);
        double first = block.run(1);
        double later = block.run(5);
        assertThat(first).isEqualTo(expected[3 + 3 * 2]).isEqualTo(later);
        assertThat(Arrays.stream(expected).limit(3).sum()).isCloseTo(300, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void timingGivesEachThreadsMeanBlockTime() {
        double one = ArithmeticFloor.time(data.points(), start, 0.5, 1, 2, 20);
        double two = ArithmeticFloor.time(data.points(), start, 0.5, 2, 2, 20);
        assertThat(one).isPositive();
        assertThat(two).isPositive();
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatThrownBy(() -> ArithmeticFloor.block(data.points(), start, 1, 10, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[10, 10)");
        assertThatThrownBy(() -> ArithmeticFloor.block(data.points(), start, 1, 0, 601))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("600 points");
        assertThatThrownBy(() -> ArithmeticFloor.time(data.points(), start, 1, 601, 0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("601 threads for 600 points");
        assertThatThrownBy(() -> ArithmeticFloor.time(data.points(), start, 1, 2, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 1");
        Solution threeDims = new Solution(3, 3, new double[9], new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});
        assertThatThrownBy(() -> ArithmeticFloor.block(data.points(), threeDims, 1, 0, 10))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 dimensions, the points 2");
    }
}
