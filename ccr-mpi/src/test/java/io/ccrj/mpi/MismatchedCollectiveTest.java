package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Collectives whose ranks disagree on the root or the operation, on the message-based
 * collectives (the shared-memory ones compare the ranks' calls themselves:
 * {@link CollectiveAlgorithmsTest}): each is named as a mismatched collective, at the first
 * message of the disagreeing call where a rank receives one, and at the end of the run where no
 * rank does (a broadcast whose two ranks each believe they are its root); the ranks' agreeing
 * calls, thousands of them with moving roots and several operations, are never taken for
 * disagreeing ones.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MismatchedCollectiveTest {

    private static SpmdWorld world(int n) {
        return SpmdWorld.builder().size(n).name("mismatch").collectives(Collectives.MESSAGES)
                .deadlockTimeout(Duration.ofSeconds(5)).build();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4, 8})
    void anAllreduceWhoseOperationDiffersIsNamedAtOnce(int n) {
        assertThatThrownBy(() -> world(n).run(comm -> {
            Op op = comm.rank() == 1 ? Op.MAX : Op.SUM;
            comm.allreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, op);
            return null;
        })).isInstanceOf(RankFailedException.class).rootCause().isInstanceOf(MpiException.class)
                .hasMessageContaining("a mismatched collective")
                .hasMessageContaining("the ranks disagree on its operation")
                .hasMessageMatching("(?s).*allreduce \\(op (SUM|MAX)\\) received a message of rank \\d+'s allreduce"
                        + " \\(op (MAX|SUM)\\).*");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3})
    void aReduceOrScanWhoseOperationDiffersIsNamed(int n) {
        assertThatThrownBy(() -> world(n).run(comm -> {
            Op op = comm.rank() == n - 1 ? Op.PROD : Op.SUM;
            comm.reduce(new long[] {2}, 0, new long[1], 0, 1, Datatype.LONG, op, 0);
            return null;
        })).rootCause().hasMessageContaining("disagree on its operation").hasMessageContaining("op PROD");
        assertThatThrownBy(() -> world(n).run(comm -> {
            Op op = comm.rank() == 0 ? Op.MIN : Op.MAX;
            comm.scan(new int[] {2}, 0, new int[1], 0, 1, Datatype.INT, op);
            return null;
        })).rootCause().hasMessageContaining("disagree on its operation").hasMessageContaining("op MIN");
    }

    @Test
    void userDefinedOperationsAreNotToldApartButAreFromPredefinedOnes() {
        List<Integer> sums = world(2).run(comm -> {
            // each rank makes its own user operation: the same function, another object
            Op plus = Op.ofInts("plus", true, Integer::sum);
            int[] out = new int[1];
            comm.allreduce(new int[] {comm.rank() + 1}, 0, out, 0, 1, Datatype.INT, plus);
            return out[0];
        });
        assertThat(sums).containsOnly(3);
        assertThatThrownBy(() -> world(2).run(comm -> {
            Op op = comm.rank() == 0 ? Op.ofInts("plus", true, Integer::sum) : Op.SUM;
            comm.allreduce(new int[] {1}, 0, new int[1], 0, 1, Datatype.INT, op);
            return null;
        })).rootCause().hasMessageContaining("op user-defined").hasMessageContaining("op SUM");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 4})
    void aBroadcastWhoseRanksEachBelieveTheyAreRootFailsTheRun(int n) {
        // every rank believes it is the root: each only sends, so no receive compares the calls
        assertThatThrownBy(() -> world(n).run(comm -> {
            comm.bcast(new int[] {comm.rank()}, 0, 1, Datatype.INT, comm.rank());
            return null;
        })).isInstanceOf(MpiException.class)
                .hasMessageContaining("a mismatched collective in world 'mismatch'")
                .hasMessageMatching("(?s).*rank \\d+ ended with a message of rank \\d+'s bcast \\(root \\d+\\) on"
                        + " mismatch that it never received.*");
    }

    @Test
    void aRootMismatchFollowedByAnAgreeingBroadcastIsNamedAtItsReceive() {
        // rank 0 and rank 1 both believe they are the root of the first bcast; the second agrees
        // on root 0, so rank 1 receives: the message it finds is rank 0's first bcast, whose data
        // it would otherwise take as the second's
        assertThatThrownBy(() -> world(2).run(comm -> {
            comm.bcast(new int[] {7}, 0, 1, Datatype.INT, comm.rank());
            int[] second = {comm.rank() == 0 ? 42 : 0};
            comm.bcast(second, 0, 1, Datatype.INT, 0);
            return second[0];
        })).rootCause().hasMessageContaining("a mismatched collective")
                .hasMessageContaining("this rank's bcast (root 0) received a message of a bcast (root 0) that rank 0"
                        + " called 1 collective call before this one")
                .hasMessageContaining("have not called the same collectives");
    }

    @Test
    void aCollectiveCalledOnOneRankOnlyIsNamedAtTheNextOneOfItsKind() {
        assertThatThrownBy(() -> world(2).run(comm -> {
            if (comm.rank() == 0) {
                comm.bcast(new int[] {1}, 0, 1, Datatype.INT, 0);     // rank 1 never calls this one
            }
            comm.barrier();
            comm.bcast(new int[1], 0, 1, Datatype.INT, 0);
            return null;
        })).rootCause().hasMessageContaining("a mismatched collective")
                .hasMessageContaining("have not called the same collectives");
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void aScatterOrGatherWhoseRootDiffersIsNamed(int n) {
        assertThatThrownBy(() -> world(n).run(comm -> {
            int root = comm.rank() == 1 ? 1 : 0;
            int[] all = new int[n];
            comm.scatter(all, 0, 1, Datatype.INT, new int[1], 0, 1, Datatype.INT, root);
            return null;
        })).hasStackTraceContaining("a mismatched collective");
        // two ranks that each believe they are the root of a gather only receive: a deadlock,
        // whose report spells out each one's root
        assertThatThrownBy(() -> world(n).run(comm -> {
            int root = comm.rank() == 2 ? 2 : 0;
            comm.gather(new int[] {1}, 0, 1, Datatype.INT, new int[n], 0, 1, Datatype.INT, root);
            return null;
        })).isInstanceOf(DeadlockException.class).hasMessageContaining("rank 0: gather (root 0): recv(")
                .hasMessageContaining("rank 2: gather (root 2): recv(");
    }

    @Test
    void aNonblockingAllreduceWhoseOperationDiffersFailsItsRequest() {
        assertThatThrownBy(() -> world(2).run(comm -> {
            Op op = comm.rank() == 0 ? Op.SUM : Op.MIN;
            comm.iallreduce(new double[] {1}, 0, new double[1], 0, 1, Datatype.DOUBLE, op).waitFor();
            return null;
        })).rootCause().hasMessageContaining("a mismatched collective: this rank's iallreduce (op ")
                .hasMessageContaining("disagree on its operation");
    }

    @Test
    void aNonblockingBroadcastWhoseRanksEachBelieveTheyAreRootFailsTheRun() {
        assertThatThrownBy(() -> world(2).run(comm -> {
            comm.ibcast(new int[] {comm.rank()}, 0, 1, Datatype.INT, comm.rank()).waitFor();
            return null;
        })).isInstanceOf(MpiException.class).hasMessageContaining("a mismatched collective")
                .hasMessageContaining("a nonblocking collective's message from world rank")
                .hasMessageContaining("was never received");
    }

    /**
     * Agreeing calls are never reported: thousands of collectives of every signed kind with
     * roots that move and operations that change from call to call, on two communicators used
     * in turn, more calls than the signature's call numbers wrap around at, with results checked.
     */
    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {2, 3, 5})
    void agreeingCallsWithMovingRootsAndOperationsAreNeverTakenForMismatches(int n) {
        Op[] ops = {Op.SUM, Op.MAX, Op.MIN, Op.BOR};
        List<Long> wrong = world(n).run(comm -> {
            Comm other = comm.dup();
            long bad = 0;
            for (int i = 0; i < 700; i++) {
                Comm c = i % 3 == 0 ? other : comm;
                int root = i % n;
                Op op = ops[i % ops.length];
                int[] b = {c.rank() == root ? i : -1};
                c.bcast(b, 0, 1, Datatype.INT, root);
                bad += b[0] == i ? 0 : 1;
                int[] r = new int[1];
                c.allreduce(new int[] {c.rank() + i}, 0, r, 0, 1, Datatype.INT, op);
                int expected = switch (i % ops.length) {
                    case 0 -> n * i + n * (n - 1) / 2;
                    case 1 -> i + n - 1;
                    case 2 -> i;
                    default -> orOf(i, n);
                };
                bad += r[0] == expected ? 0 : 1;
                int[] red = new int[1];
                c.reduce(new int[] {1}, 0, red, 0, 1, Datatype.INT, Op.SUM, root);
                bad += c.rank() != root || red[0] == n ? 0 : 1;
                if (i % 10 == 0) {
                    int[] all = new int[n];
                    c.gather(new int[] {c.rank()}, 0, 1, Datatype.INT, all, 0, 1, Datatype.INT, root);
                    int[] one = new int[1];
                    c.scatter(all, 0, 1, Datatype.INT, one, 0, 1, Datatype.INT, root);
                    bad += c.rank() != root || one[0] == root ? 0 : 1;
                    c.barrier();
                }
            }
            return bad;
        });
        assertThat(wrong).containsOnly(0L);
    }

    private static int orOf(int i, int n) {
        int x = 0;
        for (int r = 0; r < n; r++) {
            x |= r + i;
        }
        return x;
    }
}
