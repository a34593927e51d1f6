package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The collectives between the two groups of an intercommunicator, blocking and nonblocking, at 2,
 * 3, 4 and 8 ranks on platform and virtual threads, each rank's results compared with a
 * sequential model of MPI's definitions: the world split into a low group (world ranks below
 * n/2) and a high group; the data of one group goes to the other; a rooted collective's root
 * passes {@link Comm#ROOT}, the rest of its group {@link Comm#PROC_NULL}, the other group the
 * root's rank. The nonblocking forms run all at once, interleaved with point-to-point traffic on
 * the same intercommunicator, and must give the same values.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IntercommCollectivesTest {

    /** The worlds of the nonblocking collectives' tests: 2, 3, 4 and 8 ranks, platform and virtual threads. */
    static Stream<Arguments> worlds() {
        return NonblockingCollectivesTest.worlds();
    }

    static List<String> run(int n, RankThreads kind, Function<Setup, String> body) {
        return NonblockingCollectivesTest.world(n, kind).run(comm -> {
            int k = n / 2;
            boolean low = comm.rank() < k;
            Comm part = comm.split(low ? 0 : 1, comm.rank());
            Intercomm inter = part.createIntercomm(0, comm, low ? k : 0, 42);
            return body.apply(new Setup(comm.rank(), low, k, n, inter));
        });
    }

    /** One rank's view: its world rank, its group, the split point and the intercommunicator. */
    record Setup(int world, boolean low, int k, int n, Intercomm inter) {
        /** World rank of remote rank {@code j}. */
        int remoteWorld(int j) {
            return low ? k + j : j;
        }

        int remote() {
            return low ? n - k : k;
        }
    }

    static final Op CONCAT = NonblockingCollectivesTest.CONCAT;

    /**
     * Every collective once; {@code nonblocking} starts them all and then waits for all of them,
     * with a ring of point-to-point messages across the groups in between.
     */
    static String everything(Setup s, boolean nonblocking) {
        Intercomm c = s.inter;
        int r = c.rank();
        int m = c.remoteSize();
        int local = c.size();
        List<Request> pending = new ArrayList<>();
        // allreduce: SUM of longs and the non-commutative concatenation, in remote rank order
        long[] sum = new long[1];
        String[] cat = new String[1];
        long[] mine = {s.world + 1};
        String[] letter = {String.valueOf(s.world)};
        // bcast from the high group's last rank
        int bcastRootLocal = s.low ? -1 : local - 1;
        int bcastRoot = s.low ? s.n - s.k - 1 : (r == bcastRootLocal ? Comm.ROOT : Comm.PROC_NULL);
        int[] bc = {s.low ? -1 : (r == bcastRootLocal ? 1000 + s.world : -2)};
        // reduce to the low group's rank 0
        int reduceRoot = s.low ? (r == 0 ? Comm.ROOT : Comm.PROC_NULL) : 0;
        String[] reduced = {"-"};
        // gather to the low group's rank 0, gatherv to the high group's rank 0 (j + 1 items from remote j)
        int[] gathered = new int[m];
        int gathervRoot = s.low ? 0 : (r == 0 ? Comm.ROOT : Comm.PROC_NULL);
        int[] gvCounts = new int[m];
        int[] gvDispls = new int[m];
        int total = 0;
        for (int j = 0; j < m; j++) {
            gvCounts[j] = j + 1;
            gvDispls[j] = total;
            total += j + 1;
        }
        int[] gv = new int[total];
        int[] gvSend = new int[r + 1];
        Arrays.fill(gvSend, s.world);
        // scatter from the high group's rank 0: block j (two items) to remote j
        int scatterRoot = s.low ? 0 : (r == 0 ? Comm.ROOT : Comm.PROC_NULL);
        int[] scatterSend = new int[2 * m];
        for (int i = 0; i < scatterSend.length; i++) {
            scatterSend[i] = 500 + i;
        }
        int[] scattered = {-1, -1};
        // allgather and alltoall
        int[] allg = new int[m];
        int[] a2aSend = new int[m];
        for (int j = 0; j < m; j++) {
            a2aSend[j] = s.world * 100 + j;
        }
        int[] a2a = new int[m];
        int ringTo = r % m;
        int[] ringIn = new int[m];
        Arrays.fill(ringIn, -1);
        if (!nonblocking) {
            c.barrier();
            c.allreduce(mine, 0, sum, 0, 1, Datatype.LONG, Op.SUM);
            c.allreduce(letter, 0, cat, 0, 1, Datatype.OBJECT, CONCAT);
            c.bcast(bc, 0, 1, Datatype.INT, bcastRoot);
            c.reduce(letter, 0, reduced, 0, 1, Datatype.OBJECT, CONCAT, reduceRoot);
            c.gather(new int[] {s.world}, 0, 1, Datatype.INT, gathered, 0, 1, Datatype.INT,
                    s.low ? (r == 0 ? Comm.ROOT : Comm.PROC_NULL) : 0);
            c.gatherv(gvSend, 0, r + 1, Datatype.INT, gv, 0, gvCounts, gvDispls, Datatype.INT, gathervRoot);
            c.scatter(scatterSend, 0, 2, Datatype.INT, scattered, 0, 2, Datatype.INT, scatterRoot);
            c.allgather(new int[] {s.world}, 0, 1, Datatype.INT, allg, 0, 1, Datatype.INT);
            c.alltoall(a2aSend, 0, 1, Datatype.INT, a2a, 0, 1, Datatype.INT);
        } else {
            pending.add(c.ibarrier());
            pending.add(c.iallreduce(mine, 0, sum, 0, 1, Datatype.LONG, Op.SUM));
            // point-to-point on the same intercommunicator, between the collectives
            for (int j = 0; j < m; j++) {
                if (j % local == r) {
                    pending.add(c.irecv(ringIn, j, 1, Datatype.INT, j, 7));
                }
            }
            pending.add(c.isend(new int[] {s.world}, 0, 1, Datatype.INT, ringTo, 7));
            pending.add(c.iallreduce(letter, 0, cat, 0, 1, Datatype.OBJECT, CONCAT));
            pending.add(c.ibcast(bc, 0, 1, Datatype.INT, bcastRoot));
            pending.add(c.ireduce(letter, 0, reduced, 0, 1, Datatype.OBJECT, CONCAT, reduceRoot));
            pending.add(c.igather(new int[] {s.world}, 0, 1, Datatype.INT, gathered, 0, 1, Datatype.INT,
                    s.low ? (r == 0 ? Comm.ROOT : Comm.PROC_NULL) : 0));
            pending.add(c.igatherv(gvSend, 0, r + 1, Datatype.INT, gv, 0, gvCounts, gvDispls, Datatype.INT,
                    gathervRoot));
            pending.add(c.iscatter(scatterSend, 0, 2, Datatype.INT, scattered, 0, 2, Datatype.INT, scatterRoot));
            pending.add(c.iallgather(new int[] {s.world}, 0, 1, Datatype.INT, allg, 0, 1, Datatype.INT));
            pending.add(c.ialltoall(a2aSend, 0, 1, Datatype.INT, a2a, 0, 1, Datatype.INT));
            Request.waitAll(pending.toArray(Request[]::new));
        }
        StringBuilder sb = new StringBuilder();
        sb.append("sum ").append(sum[0]).append(" cat ").append(cat[0]).append(" bcast ").append(bc[0]);
        sb.append(" reduce ").append(reduced[0]);
        sb.append(" gather ").append(s.low && r == 0 ? Arrays.toString(gathered) : "-");
        sb.append(" gatherv ").append(!s.low && r == 0 ? Arrays.toString(gv) : "-");
        sb.append(" scatter ").append(s.low ? Arrays.toString(scattered) : "-");
        sb.append(" allgather ").append(Arrays.toString(allg)).append(" alltoall ").append(Arrays.toString(a2a));
        if (nonblocking) {
            StringBuilder ring = new StringBuilder();
            for (int j = 0; j < m; j++) {
                if (j % local == r) {
                    ring.append(ringIn[j]).append(',');
                }
            }
            sb.append(" ring ").append(ring);
        }
        return sb.toString();
    }

    /** The sequential model of {@link #everything}: what world rank {@code w} must hold. */
    static String model(int n, int w, boolean nonblocking) {
        int k = n / 2;
        boolean low = w < k;
        int r = low ? w : w - k;
        int m = low ? n - k : k;
        int local = n - m;
        int first = low ? k : 0;                        // world rank of remote rank 0
        long sum = 0;
        StringBuilder cat = new StringBuilder();
        for (int j = 0; j < m; j++) {
            sum += first + j + 1;
            cat.append(first + j);
        }
        int bcast = low ? 1000 + (n - 1) : (r == local - 1 ? 1000 + w : -2);
        String reduce = low && r == 0 ? cat.toString() : "-";
        String gather = "-";
        if (low && r == 0) {
            int[] g = new int[m];
            for (int j = 0; j < m; j++) {
                g[j] = first + j;
            }
            gather = Arrays.toString(g);
        }
        String gatherv = "-";
        if (!low && r == 0) {
            List<Integer> all = new ArrayList<>();
            for (int j = 0; j < m; j++) {
                for (int i = 0; i <= j; i++) {
                    all.add(first + j);
                }
            }
            gatherv = all.toString();
        }
        String scatter = low ? Arrays.toString(new int[] {500 + 2 * r, 501 + 2 * r}) : "-";
        int[] allg = new int[m];
        int[] a2a = new int[m];
        for (int j = 0; j < m; j++) {
            allg[j] = first + j;
            a2a[j] = (first + j) * 100 + r;
        }
        String s = "sum " + sum + " cat " + cat + " bcast " + bcast + " reduce " + reduce + " gather " + gather
                + " gatherv " + gatherv + " scatter " + scatter + " allgather " + Arrays.toString(allg)
                + " alltoall " + Arrays.toString(a2a);
        if (nonblocking) {
            StringBuilder ring = new StringBuilder();
            for (int j = 0; j < m; j++) {
                if (j % local == r) {
                    ring.append(first + j).append(',');   // remote j sends to its (j % local)
                }
            }
            s += " ring " + ring;
        }
        return s;
    }

    static List<String> models(int n, boolean nonblocking) {
        List<String> all = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            all.add(model(n, w, nonblocking));
        }
        return all;
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void blockingCollectivesBetweenTheGroupsMatchTheModel(int n, RankThreads kind) {
        assertThat(run(n, kind, s -> everything(s, false))).containsExactlyElementsOf(models(n, false));
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void nonblockingCollectivesBetweenTheGroupsMatchTheModelAmidPointToPoint(int n, RankThreads kind) {
        assertThat(run(n, kind, s -> everything(s, true))).containsExactlyElementsOf(models(n, true));
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void manyOutstandingIntercommunicatorAllreducesKeepApart(int n, RankThreads kind) {
        int rounds = 40;
        List<String> got = run(n, kind, s -> {
            long[][] out = new long[rounds][1];
            Request[] rq = new Request[rounds];
            for (int i = 0; i < rounds; i++) {
                rq[i] = s.inter.iallreduce(new long[] {s.world * 1000L + i}, 0, out[i], 0, 1, Datatype.LONG, Op.MAX);
            }
            Request.waitAll(rq);
            StringBuilder sb = new StringBuilder();
            long top = (s.low ? s.n - 1 : s.k - 1) * 1000L;
            for (int i = 0; i < rounds; i++) {
                if (out[i][0] != top + i) {
                    sb.append("round ").append(i).append(": ").append(out[i][0]).append("; ");
                }
            }
            return sb.toString();
        });
        assertThat(got).containsOnly("");
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void badUsesAreNamed(int n, RankThreads kind) {
        List<String> got = run(n, kind, s -> {
            Intercomm c = s.inter;
            List<String> errors = new ArrayList<>();
            int[] one = new int[1];
            try {
                c.bcast(one, 0, 1, Datatype.INT, c.remoteSize());
            } catch (MpiException e) {
                errors.add(e.errorClass() + ": " + e.getMessage());
            }
            try {
                c.allreduce(Comm.IN_PLACE, 0, one, 0, 1, Datatype.INT, Op.SUM);
            } catch (MpiException e) {
                errors.add(e.errorClass() + ": " + e.getMessage());
            }
            try {
                c.reduceScatterBlock(new int[c.size()], 0, one, 0, 1, Datatype.INT, Op.SUM);
            } catch (MpiException e) {
                errors.add(e.errorClass() + "");
            }
            try {
                c.scan(one, 0, new int[1], 0, 1, Datatype.INT, Op.SUM);
            } catch (MpiException e) {
                errors.add(e.errorClass() + "");
            }
            c.barrier();                                      // still usable after the refusals
            return String.join(" | ", errors);
        });
        for (int w = 0; w < n; w++) {
            int k = n / 2;
            int m = w < k ? n - k : k;
            assertThat(got.get(w)).startsWith("ROOT: bcast on ")
                    .contains(": root " + m + " is neither Comm.ROOT (the root itself), Comm.PROC_NULL (the root's"
                            + " group) nor a rank of the remote group [0, " + m + ")")
                    .contains(" | BUFFER: allreduce on ")
                    .contains(": IN_PLACE is not defined on an intercommunicator")
                    .endsWith(" | UNSUPPORTED_OPERATION | ARG");
        }
    }
}
