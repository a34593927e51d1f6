package io.ccrj.mpi.patterns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.core.Dispatcher;
import io.ccrj.core.DispatcherQueue;
import io.ccrj.mpi.RankFailedException;
import io.ccrj.mpi.RankThreads;
import io.ccrj.mpi.SpmdWorld;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each pattern against a sequential simulation of what it computes, bit for bit. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PatternsTest {

    static final long STAGES = 2_000;

    /** Depends on rank and stage, so a value routed to the wrong rank or stage changes the result. */
    static final StageComputation WORK = (rank, stage, input) ->
            StageComputation.basicUnits(1).compute(rank, stage, input) + rank * 0.5 + (stage % 7);

    static double pipelineReference(int n, long stages) {
        double sum = 0;
        for (int k = 0; k < n; k++) {
            double v = k + 1.0;
            for (long s = 0; s < stages; s++) {
                v = WORK.compute(k, s, v);
            }
            sum += v;
        }
        return sum;
    }

    static double shiftReference(int n, long stages) {
        double[] v = new double[n];
        for (int r = 0; r < n; r++) {
            v[r] = r + 1.0;
        }
        for (long s = 0; s < stages; s++) {
            double[] next = new double[n];
            for (int r = 0; r < n; r++) {
                next[r] = WORK.compute(r, s, v[(r - 1 + n) % n]);
            }
            v = next;
        }
        return sum(v);
    }

    static double exchangeReference(int n, long stages) {
        double[] v = new double[n];
        for (int r = 0; r < n; r++) {
            v[r] = r + 1.0;
        }
        for (long s = 0; s < stages; s++) {
            double[] next = new double[n];
            for (int r = 0; r < n; r++) {
                next[r] = WORK.compute(r, s, (v[(r - 1 + n) % n] + v[(r + 1) % n]) * 0.5);
            }
            v = next;
        }
        return sum(v);
    }

    static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void spawnedPatternsEndInTheReductionOfTheirStages(int ways) throws Exception {
        try (Dispatcher d = new Dispatcher(Math.min(ways, 4), "patterns")) {
            DispatcherQueue q = d.createQueue("stages");
            assertThat(Pipeline.run(q, ways, STAGES, WORK)).isEqualTo(pipelineReference(ways, STAGES));
            assertThat(Shift.run(q, ways, STAGES, WORK)).isEqualTo(shiftReference(ways, STAGES));
            assertThat(TwoShifts.run(q, ways, STAGES, WORK)).isEqualTo(shiftReference(ways, STAGES));
        }
    }

    /**
     * On an inline queue every handler runs inside the post that feeds it, nested in the handler
     * that posted: the spawned patterns still give their reference values.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 5})
    void spawnedPatternsGiveTheirReferenceOnAnInlineQueue(int ways) throws Exception {
        DispatcherQueue inline = DispatcherQueue.inline("stages");
        assertThat(Shift.run(inline, ways, 20, WORK)).isEqualTo(shiftReference(ways, 20));
        assertThat(TwoShifts.run(inline, ways, 20, WORK)).isEqualTo(shiftReference(ways, 20));
        assertThat(Pipeline.run(inline, ways, 20, WORK)).isEqualTo(pipelineReference(ways, 20));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void rendezvousPatternsEndInTheReductionOfTheirStages(int n) {
        SpmdWorld world = SpmdWorld.builder().size(n).build();
        assertThat(RendezvousShift.run(world, STAGES, WORK)).isEqualTo(shiftReference(n, STAGES));
        assertThat(RendezvousExchange.run(world, STAGES, WORK)).isEqualTo(exchangeReference(n, STAGES));
        assertThat(ExchangeAsTwoShifts.run(world, STAGES, WORK)).isEqualTo(exchangeReference(n, STAGES));
    }

    @Test
    void rendezvousPatternsGiveTheSameResultOnEveryThreadKind() {
        for (RankThreads kind : RankThreads.values()) {
            SpmdWorld world = SpmdWorld.builder().size(4).rankThreads(kind).build();
            assertThat(RendezvousExchange.run(world, 500, WORK)).as("%s", kind).isEqualTo(exchangeReference(4, 500));
        }
    }

    @Test
    void spawnedShiftWithOneDispatcherThreadStillCompletes() throws Exception {
        try (Dispatcher d = new Dispatcher(1, "one")) {
            assertThat(TwoShifts.run(d.createQueue("q"), 8, 500, WORK)).isEqualTo(shiftReference(8, 500));
        }
    }

    @Test
    void aFailingStageFailsThePattern() throws Exception {
        StageComputation failing = (rank, stage, input) -> {
            if (stage == 50 && rank == 1) {
                throw new IllegalStateException("stage 50 failed");
            }
            return input;
        };
        try (Dispatcher d = new Dispatcher(2, "fail")) {
            assertThatThrownBy(() -> Shift.run(d.createQueue("q"), 3, 100, failing))
                    .isInstanceOf(IllegalStateException.class).hasMessage("stage 50 failed");
        }
        assertThatThrownBy(() -> RendezvousShift.run(SpmdWorld.builder().size(3).build(), 100, failing))
                .isInstanceOf(RankFailedException.class).hasRootCauseMessage("stage 50 failed");
    }

    @Test
    void invalidPatternArgumentsAreRejected() {
        assertThatThrownBy(() -> RendezvousShift.kernel(0, WORK)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stages must be >= 1");
        assertThatThrownBy(() -> StageComputation.basicUnits(-1)).isInstanceOf(IllegalArgumentException.class);
        try (Dispatcher d = new Dispatcher(1, "bad")) {
            assertThatThrownBy(() -> Pipeline.run(d.createQueue("q"), 0, 10, WORK))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ways must be >= 1");
        }
    }
}
