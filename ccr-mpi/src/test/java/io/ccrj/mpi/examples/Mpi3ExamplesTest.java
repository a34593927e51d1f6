package io.ccrj.mpi.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The MPI-3 examples of the guide do what their comments say. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Mpi3ExamplesTest {

    @Test
    void overlappedReduction() {
        assertThat(Mpi3Examples.overlappedReduction()).containsOnly("10.0 10.0").hasSize(4);
    }

    @Test
    void haloExchange() {
        assertThat(Mpi3Examples.haloExchange()).containsExactly("rank 0: [33.0, 1.0, 2.0, 3.0, 11.0]",
                "rank 1: [3.0, 11.0, 12.0, 13.0, 21.0]", "rank 2: [13.0, 21.0, 22.0, 23.0, 31.0]",
                "rank 3: [23.0, 31.0, 32.0, 33.0, 1.0]");
    }

    @Test
    void matchedProbe() {
        assertThat(Mpi3Examples.matchedProbe()).containsExactly("sent", "[1, 2, 3] tag 7");
    }
}
