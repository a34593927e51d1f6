package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both barrier/allreduce algorithms, chosen explicitly so that each is tested whatever the
 * machine's processor count ({@link CollectivesTest} covers the automatic choice).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectiveAlgorithmsTest {

    private static SpmdWorld world(int n, Collectives c) {
        return SpmdWorld.builder().size(n).name("algorithms").collectives(c).deadlockTimeout(Duration.ofSeconds(5)).build();
    }

    @Test
    void autoChoosesByProcessorCount() {
        int cores = Runtime.getRuntime().availableProcessors();
        assertThat(SpmdWorld.builder().size(cores).build().effectiveCollectives()).isEqualTo(Collectives.MESSAGES);
        assertThat(SpmdWorld.builder().size(cores + 1).build().effectiveCollectives()).isEqualTo(Collectives.SHARED_MEMORY);
        assertThat(SpmdWorld.builder().size(cores + 1).collectives(Collectives.MESSAGES).build().effectiveCollectives())
                .isEqualTo(Collectives.MESSAGES);
    }

    /**
     * Thousands of back-to-back allreduces whose operands change every iteration, interleaved
     * with barriers: a result slot reused too early, a lost wake-up or a rank leaving before the
     * others arrived shows up as a wrong sum or a hang.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @CsvSource({"1, SHARED_MEMORY", "2, SHARED_MEMORY", "3, SHARED_MEMORY", "8, SHARED_MEMORY", "8, MESSAGES",
            "5, MESSAGES"})
    void backToBackAllreducesAndBarriersNeverMixGenerations(int n, Collectives c) {
        int iterations = 3_000;
        AtomicInteger arrivals = new AtomicInteger();
        List<Long> bad = world(n, c).run(comm -> {
            long wrong = 0;
            long[] in = new long[2];
            long[] out = new long[2];
            for (int i = 0; i < iterations; i++) {
                in[0] = (long) i * (comm.rank() + 1);
                in[1] = comm.rank() == i % n ? 1 : 0;
                comm.allreduce(in, 0, out, 0, 2, Datatype.LONG, Op.SUM);
                if (out[0] != (long) i * n * (n + 1) / 2 || out[1] != 1) {
                    wrong++;
                }
                if (i % 7 == 0) {
                    arrivals.incrementAndGet();
                    comm.barrier();
                    if (arrivals.get() < (i / 7 + 1) * n) {
                        wrong++;          // someone left the barrier before everyone entered it
                    }
                    comm.barrier();
                }
            }
            return wrong;
        });
        assertThat(bad).containsOnly(0L);
    }

    /**
     * Back-to-back allgathervs and gathervs (to a root that moves) whose blocks change every
     * iteration and whose senders overwrite
     * their send buffers at once, interleaved with allreduces and barriers of the same
     * generations: a rank reading another's send buffer after the operation ended, or a result
     * array reused too early, shows up as a wrong block.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @CsvSource({"1, SHARED_MEMORY", "3, SHARED_MEMORY", "4, SHARED_MEMORY", "8, SHARED_MEMORY", "4, MESSAGES"})
    void backToBackAllgathervsAndGathervsNeverSeeAChangedSendBuffer(int n, Collectives c) {
        int iterations = 2_000;
        List<Long> bad = world(n, c).run(comm -> {
            int r = comm.rank();
            long wrong = 0;
            int[] counts = new int[n];
            int[] displs = new int[n];
            for (int b = 0, at = 0; b < n; b++) {
                counts[b] = b % 3 + 1;
                displs[b] = at;
                at += counts[b] + 1;
            }
            long[] mine = new long[counts[r]];
            long[] all = new long[displs[n - 1] + counts[n - 1] + 1];
            long[] sum = new long[1];
            for (int i = 0; i < iterations; i++) {
                java.util.Arrays.fill(mine, (long) i * 100 + r);
                comm.allgatherv(mine, 0, counts[r], Datatype.LONG, all, 0, counts, displs, Datatype.LONG);
                java.util.Arrays.fill(mine, -1L);             // a slower rank must not see this
                for (int b = 0; b < n; b++) {
                    for (int k = 0; k < counts[b]; k++) {
                        if (all[displs[b] + k] != (long) i * 100 + b) {
                            wrong++;
                        }
                    }
                }
                int root = i % n;
                java.util.Arrays.fill(mine, (long) i * 100 + 50 + r);
                java.util.Arrays.fill(all, 0L);
                comm.gatherv(mine, 0, counts[r], Datatype.LONG, all, 0, counts, displs, Datatype.LONG, root);
                java.util.Arrays.fill(mine, -1L);
                for (int b = 0; b < n; b++) {
                    for (int k = 0; k < counts[b]; k++) {
                        if (all[displs[b] + k] != (r == root ? (long) i * 100 + 50 + b : 0L)) {
                            wrong++;
                        }
                    }
                }
                if (i % 5 == 0) {
                    comm.allreduce(new long[] {i}, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
                    if (sum[0] != (long) i * n) {
                        wrong++;
                    }
                    comm.barrier();
                }
            }
            return wrong;
        });
        assertThat(bad).containsOnly(0L);
    }

    @ParameterizedTest
    @EnumSource(value = Collectives.class, names = {"MESSAGES", "SHARED_MEMORY"})
    void allgatherInPlaceAndWithDerivedTypesGathersEveryBlock(Collectives c) {
        List<String> results = world(3, c).run(comm -> {
            int r = comm.rank();
            int[] inPlace = new int[3];
            inPlace[r] = r + 1;
            comm.allgather(Comm.IN_PLACE, 0, 0, Datatype.INT, inPlace, 0, 1, Datatype.INT);
            // each rank sends a column of a 2 x 3 matrix and receives it as a row of a 3 x 2 one
            int[] matrix = {r, 10 + r, 20 + r, 30 + r, 40 + r, 50 + r};
            int[] rows = new int[6];
            comm.allgather(matrix, 1, 1, Datatype.vector(2, 1, 3, Datatype.INT), rows, 0, 2, Datatype.INT);
            // and the rows back into strided blocks (a vector's extent is 4 here: blocks at 0, 4, 8)
            int[] columns = new int[12];
            comm.allgather(rows, 2 * r, 2, Datatype.INT, columns, 0, 1, Datatype.vector(2, 1, 3, Datatype.INT));
            return java.util.Arrays.toString(inPlace) + " " + java.util.Arrays.toString(rows) + " "
                    + java.util.Arrays.toString(columns);
        });
        assertThat(results).containsOnly("[1, 2, 3] [10, 40, 11, 41, 12, 42] [10, 0, 0, 40, 11, 0, 0, 41, 12, 0, 0, 42]");
    }

    @Test
    void anAllgatherBlockTooLargeForItsReceiveBlockFailsWithTruncate() {
        assertThatThrownBy(() -> world(3, Collectives.SHARED_MEMORY).run(comm -> {
            int mine = comm.rank() == 2 ? 2 : 1;
            comm.allgatherv(new int[2], 0, mine, Datatype.INT, new int[3], 0, new int[] {1, 1, 1},
                    new int[] {0, 1, 2}, Datatype.INT);
            return null;
        })).isInstanceOf(RankFailedException.class)
                .rootCause().isInstanceOf(MpiException.class)
                .hasMessageContaining("2 elements from rank 2");
    }

    @ParameterizedTest
    @EnumSource(value = Collectives.class, names = {"MESSAGES", "SHARED_MEMORY"})
    void nonCommutativeOperationsCombineInRankOrder(Collectives c) {
        Op concat = Op.ofObjects("concat", false, (a, b) -> a + "" + b);
        List<String> results = world(5, c).run(comm -> {
            Object[] out = new Object[1];
            comm.allreduce(new Object[] {"r" + comm.rank()}, 0, out, 0, 1, Datatype.OBJECT, concat);
            return (String) out[0];
        });
        assertThat(results).containsOnly("r0r1r2r3r4");
    }

    @ParameterizedTest
    @EnumSource(value = Collectives.class, names = {"MESSAGES", "SHARED_MEMORY"})
    void inPlaceBuffersAndSubCommunicatorsWork(Collectives c) {
        List<String> results = world(6, c).run(comm -> {
            Comm half = comm.split(comm.rank() % 2, comm.rank());
            double[] x = {comm.rank()};
            half.allreduce(x, 0, x, 0, 1, Datatype.DOUBLE, Op.MAX);  // send and receive buffer the same
            half.barrier();
            double[] all = {1};
            comm.allreduce(all, 0, all, 0, 1, Datatype.DOUBLE, Op.SUM);
            return x[0] + " " + all[0];
        });
        assertThat(results).containsExactly("4.0 6.0", "5.0 6.0", "4.0 6.0", "5.0 6.0", "4.0 6.0", "5.0 6.0");
    }

    @Test
    void ranksCallingDifferentCollectivesFailNamingEachCall() {
        assertThatThrownBy(() -> world(3, Collectives.SHARED_MEMORY).run(comm -> {
            if (comm.rank() == 1) {
                comm.barrier();
            } else {
                comm.allreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
            }
            return null;
        })).isInstanceOf(RankFailedException.class)
                .rootCause().isInstanceOf(MpiException.class)
                .hasMessageContaining("called different collectives at the same point")
                .hasMessageContaining("rank 1 barrier")
                .hasMessageContaining("rank 0 allreduce INT x 1 Op[SUM]");
    }

    @Test
    void aRankThatNeverArrivesIsReportedAsADeadlock() {
        assertThatThrownBy(() -> SpmdWorld.builder().size(3).collectives(Collectives.SHARED_MEMORY)
                .deadlockTimeout(Duration.ofMillis(500)).build().run(comm -> {
                    if (comm.rank() != 2) {
                        comm.barrier();
                    } else {
                        comm.recv(new int[1], 0, 1, Datatype.INT, 0, 5);
                    }
                    return null;
                })).isInstanceOf(DeadlockException.class)
                .hasMessageContaining("barrier: waiting for the other ranks (shared memory, 2 of 3 arrived) on ")
                .hasMessageContaining("recv(source=0, tag=5");
    }
}
