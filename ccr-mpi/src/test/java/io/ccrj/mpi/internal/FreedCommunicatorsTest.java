package io.ccrj.mpi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.Collectives;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.SpmdWorld;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A program that makes and frees communicators in a loop does not grow its world: once every
 * member has freed a communicator, the world drops its shared-memory collectives and its reused
 * nonblocking channels; a communicator some member still holds keeps them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FreedCommunicatorsTest {
    private static final int ROUNDS = 200;

    @ParameterizedTest(name = "{0} ranks, {1}")
    @CsvSource({"2, MESSAGES", "3, SHARED_MEMORY", "4, MESSAGES", "4, SHARED_MEMORY"})
    void freedCommunicatorsLeaveNoStateInTheWorld(int ranks, Collectives collectives) {
        List<int[]> results = SpmdWorld.builder().size(ranks).collectives(collectives).build().run(comm -> {
            World world = ((DefaultComm) comm).world;
            comm.barrier();
            int before = world.retainedCommunicators();
            comm.barrier(); // every rank has counted before any rank makes a communicator
            int peak = 0;
            for (int i = 0; i < ROUNDS; i++) {
                Comm dup = i % 2 == 0 ? comm.dup() : comm.split(comm.rank() % 2, comm.rank());
                int[] sum = new int[1];
                dup.iallreduce(new int[] {1}, 0, sum, 0, 1, Datatype.INT, Op.SUM).waitFor();
                dup.allreduce(new int[] {1}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
                if (sum[0] != dup.size()) {
                    throw new AssertionError("round " + i + ": sum " + sum[0] + " on " + dup.size() + " ranks");
                }
                peak = Math.max(peak, world.retainedCommunicators());
                dup.free();
                try {
                    dup.free();
                    throw new AssertionError("a second free of " + dup + " was accepted");
                } catch (MpiException expected) {
                    // freed once: the world counted this member once
                }
            }
            comm.barrier();
            Comm kept = comm.dup();
            kept.iallreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, Op.SUM).waitFor();
            comm.barrier();
            int withKept = world.retainedCommunicators();
            kept.free();
            comm.barrier();
            return new int[] {before, peak, withKept, world.retainedCommunicators()};
        });
        for (int[] r : results) {
            assertThat(r[1]).as("at most the communicators of the rounds in flight at once").isLessThanOrEqualTo(r[0] + 3);
            assertThat(r[2]).as("a communicator every member still holds keeps its state").isEqualTo(r[0] + 1);
            assertThat(r[3]).as("after the last free").isEqualTo(r[0]);
        }
    }
}
