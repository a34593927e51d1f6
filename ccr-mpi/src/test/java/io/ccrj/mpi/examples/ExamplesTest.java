package io.ccrj.mpi.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The guide's examples do what their comments say. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ExamplesTest {

    @Test
    void allreduce() {
        assertThat(GuideExamples.allreduce()).containsExactly(10.0, 10.0, 10.0, 10.0);
    }

    @Test
    void ringShift() {
        assertThat(GuideExamples.ringShift()).containsExactly("rank 0 got 20 from 2", "rank 1 got 0 from 0",
                "rank 2 got 10 from 1");
    }

    @Test
    void nonBlocking() {
        assertThat(GuideExamples.nonBlocking()).containsExactly("1,42 tag 5 count 2", "0,42 tag 5 count 2");
    }

    @Test
    void stridedColumn() {
        assertThat(GuideExamples.stridedColumn()).containsExactly("[2.0, 12.0, 22.0]", "[0.0, 10.0, 20.0]",
                "[1.0, 11.0, 21.0]");
    }

    @Test
    void split() {
        assertThat(GuideExamples.split()).containsExactly("0/3 sum 3", "1/3 sum 3", "2/3 sum 3", "0/3 sum 12",
                "1/3 sum 12", "2/3 sum 12");
    }

    @Test
    void groups() {
        assertThat(GuideExamples.groups()).containsExactly("0/2 CONGRUENT", "- CONGRUENT", "1/2 CONGRUENT",
                "- CONGRUENT");
    }

    @Test
    void cartesian() {
        assertThat(GuideExamples.cartesian()).containsExactly("[0, 0] got -1", "[0, 1] got 0", "[1, 0] got -1",
                "[1, 1] got 2", "[2, 0] got -1", "[2, 1] got 4");
    }

    @Test
    void deadlock() {
        assertThat(GuideExamples.deadlock()).isEqualTo(
                "rank 0: recv(source=1, tag=7, DOUBLE x 1) on world; rank 1: recv(source=0, tag=7, DOUBLE x 1) on world");
    }

    @Test
    void patterns() throws InterruptedException {
        double[] r = GuideExamples.patterns();
        assertThat(r[0]).isFinite().isPositive();
        assertThat(r[1]).isFinite().isPositive();
    }
}
