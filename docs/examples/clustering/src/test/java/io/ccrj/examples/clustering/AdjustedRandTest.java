package io.ccrj.examples.clustering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class AdjustedRandTest {
    @Test
    void theSamePartitionUnderOtherNamesIsOne() {
        assertThat(AdjustedRand.index(new int[] {0, 0, 1, 1, 2}, new int[] {5, 5, 3, 3, 9})).isEqualTo(1.0);
    }

    @Test
    void aWorkedExample() {
        // contingency [[2,1,0],[0,1,2]]: sum C(n_ij,2) = 2, rows 3+3, columns 1+1+1, C(6,2) = 15:
        // expected 6*3/15 = 1.2, max 4.5: (2 - 1.2) / (4.5 - 1.2) = 0.2424...
        assertThat(AdjustedRand.index(new int[] {0, 0, 0, 1, 1, 1}, new int[] {0, 0, 1, 1, 2, 2}))
                .isCloseTo(0.8 / 3.3, within(1e-12));
    }

    @Test
    void independentLabellingsScoreAboutZero() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(1);
        int[] a = new int[20_000];
        int[] b = new int[20_000];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextInt(4);
            b[i] = r.nextInt(4);
        }
        assertThat(AdjustedRand.index(a, b)).isCloseTo(0, within(0.01));
    }

    @Test
    void labellingsOfDifferentPointsAreRefused() {
        assertThatThrownBy(() -> AdjustedRand.index(new int[2], new int[3])).isInstanceOf(IllegalArgumentException.class);
    }
}
