package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Comm#createGroup} ({@code MPI_Comm_create_group}): collective over the group's members
 * only, so that the ranks outside it stay in step with the members on the parent communicator.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CreateGroupTest {

    private static int sum(Comm c, int v) {
        int[] out = new int[1];
        c.allreduce(new int[] {v}, 0, out, 0, 1, Datatype.INT, Op.SUM);
        return out[0];
    }

    /** A ring shift on {@code c}: each rank receives its left neighbour's {@code base + rank}. */
    private static int ring(Comm c, int base) {
        int right = (c.rank() + 1) % c.size();
        int left = (c.rank() + c.size() - 1) % c.size();
        int[] in = new int[1];
        c.sendrecv(new int[] {base + c.rank()}, 0, 1, Datatype.INT, right, 3, in, 0, 1, Datatype.INT, left, 3);
        return in[0];
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void membersCommunicateAndNonMembersStayInStepOnTheParent(int n) {
        int members = (n + 1) / 2; // world ranks 0 .. members-1
        List<String> results = SpmdWorld.run(n, comm -> {
            String part = "none";
            if (comm.rank() < members) {
                Comm g = comm.createGroup(comm.group().incl(IntStream.range(0, members).toArray()), 0);
                part = g.rank() + "/" + g.size() + ":" + sum(g, 10 + comm.rank()) + ":" + ring(g, 100);
            }
            // Non-members made no call: the parent's later dup, split and collectives still match.
            Comm dup = comm.dup();
            Comm halves = comm.split(comm.rank() % 2, 0);
            return part + " " + sum(comm, comm.rank()) + " " + ring(dup, 200) + " " + sum(halves, 1)
                    + " " + comm.compare(dup);
        });
        int groupSum = IntStream.range(0, members).map(r -> 10 + r).sum();
        for (int r = 0; r < n; r++) {
            String part = r < members ? r + "/" + members + ":" + groupSum + ":" + (100 + (r + members - 1) % members)
                    : "none";
            int half = (n + 1 - r % 2) / 2;
            assertThat(results.get(r)).as("rank " + r).isEqualTo(part + " " + n * (n - 1) / 2 + " "
                    + (200 + (r + n - 1) % n) + " " + half + " CONGRUENT");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 4})
    void disjointGroupsCreatedAtTheSameTimeWithTheSameTagDoNotInterfere(int n) {
        List<String> results = SpmdWorld.run(n, comm -> {
            int[] mine = comm.rank() < 2 ? new int[] {0, 1} : IntStream.range(2, n).toArray();
            StringBuilder b = new StringBuilder();
            for (int round = 0; round < 50; round++) {
                Comm g = comm.createGroup(comm.group().incl(mine), 7);
                int s = sum(g, comm.rank());
                int left = g.size() > 1 ? ring(g, 1000 * round) : -1;
                if (round == 0 || round == 49) {
                    b.append(g.rank()).append('/').append(g.size()).append(':').append(s).append(':')
                            .append(left).append(' ');
                }
                g.free();
            }
            return b.append(sum(comm, 1)).toString();
        });
        assertThat(results.get(0)).isEqualTo("0/2:1:1 0/2:1:49001 " + n);
        assertThat(results.get(1)).isEqualTo("1/2:1:0 1/2:1:49000 " + n);
        int other = IntStream.range(2, n).sum();
        for (int r = 2; r < n; r++) {
            int k = n - 2;
            int left = k > 1 ? (r - 2 + k - 1) % k : -1;
            String first = (r - 2) + "/" + k + ":" + other + ":" + left;
            String last = (r - 2) + "/" + k + ":" + other + ":" + (k > 1 ? 49000 + left : -1);
            assertThat(results.get(r)).as("rank " + r).isEqualTo(first + " " + last + " " + n);
        }
    }

    @Test
    void theSameGroupTwiceWithDifferentTagsOrTheSameTagGivesDifferentCommunicators() {
        List<String> results = SpmdWorld.run(3, comm -> {
            if (comm.rank() == 2) {
                return "outside " + sum(comm, 0);
            }
            Group g = comm.group().incl(0, 1);
            Comm a = comm.createGroup(g, 1);
            Comm b = comm.createGroup(g, 2);
            Comm c = comm.createGroup(g, 1);
            int peer = 1 - a.rank();
            // The same tag on three communicators of the same ranks: each receive gets its own.
            a.send(new int[] {10}, 0, 1, Datatype.INT, peer, 0);
            b.send(new int[] {20}, 0, 1, Datatype.INT, peer, 0);
            c.send(new int[] {30}, 0, 1, Datatype.INT, peer, 0);
            int[] x = new int[3];
            c.recv(x, 2, 1, Datatype.INT, peer, 0);
            b.recv(x, 1, 1, Datatype.INT, peer, 0);
            a.recv(x, 0, 1, Datatype.INT, peer, 0);
            return x[0] + " " + x[1] + " " + x[2] + " " + a.compare(b) + " " + a.compare(c) + " " + sum(comm, 0);
        });
        assertThat(results).containsExactly("10 20 30 CONGRUENT CONGRUENT 0", "10 20 30 CONGRUENT CONGRUENT 0",
                "outside 0");
    }

    @Test
    void aRankOutsideTheGroupIsRefusedByName() {
        List<String> results = SpmdWorld.run(2, comm -> {
            try {
                comm.createGroup(comm.group().incl(0), 0);
                return "created";
            } catch (MpiException e) {
                return e.errorClass() + " " + e.getMessage();
            }
        });
        assertThat(results.get(0)).isEqualTo("created");
        assertThat(results.get(1)).startsWith("ARG createGroup on world: rank 1 (world rank 1) is not in the group [0]");
        List<String> tag = SpmdWorld.run(1, comm -> {
            try {
                comm.createGroup(comm.group(), -1);
                return "created";
            } catch (MpiException e) {
                return e.errorClass().toString();
            }
        });
        assertThat(tag).containsExactly("TAG");
    }
}
