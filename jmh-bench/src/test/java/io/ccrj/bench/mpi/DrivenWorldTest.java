package io.ccrj.bench.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The harness of the io.ccrj.bench.mpi benchmarks, on both backends. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@SuppressWarnings("try") // the worlds and parties it closes may throw InterruptedException
class DrivenWorldTest {

    @ParameterizedTest
    @EnumSource(MpiBackend.class)
    void everyRoundRunsTheRequestedOperationsOnEveryRankAndWaitsForThem(MpiBackend backend) throws Exception {
        AtomicLong done = new AtomicLong();
        long[] lastSum = new long[1];
        try (DrivenWorld world = new DrivenWorld(backend, 4, comm -> {
            long[] mine = {comm.rank() + 1};
            long[] sum = new long[1];
            return n -> {
                for (int i = 0; i < n; i++) {
                    comm.allreduce(mine, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                    done.incrementAndGet();
                }
                if (comm.rank() == 0) {
                    lastSum[0] = sum[0];
                }
            };
        })) {
            for (int round = 1; round <= 5; round++) {
                long before = done.get();
                world.round(round * 10);
                assertThat(done.get() - before).isEqualTo(4L * round * 10);
                assertThat(lastSum[0]).isEqualTo(10);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MpiBackend.class)
    void aFailingRankFailsTheRoundInsteadOfHangingIt(MpiBackend backend) throws Exception {
        DrivenWorld world = new DrivenWorld(backend, 2, comm -> n -> {
            if (n > 1 && comm.rank() == 1) {
                throw new IllegalStateException("rank 1 gives up");
            }
            comm.barrier();
        });
        assertThatThrownBy(() -> world.round(5)).isInstanceOf(IllegalStateException.class)
                .hasRootCauseMessage("rank 1 gives up");
        assertThatThrownBy(world::close).isInstanceOf(IllegalStateException.class);
    }
}
