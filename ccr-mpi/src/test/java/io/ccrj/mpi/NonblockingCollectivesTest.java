package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MPI-3's nonblocking collectives and the new blocking ones (exscan, reduceScatterBlock,
 * alltoallw) against a sequential model of their results, at 2, 3, 4 and 8 ranks on platform and
 * virtual threads; several outstanding at once and mixed with point-to-point traffic on one
 * communicator; and progress without any test call.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NonblockingCollectivesTest {

    static Stream<Arguments> worlds() {
        List<Arguments> all = new ArrayList<>();
        for (int n : new int[] {2, 3, 4, 8}) {
            for (RankThreads kind : new RankThreads[] {RankThreads.PLATFORM, RankThreads.VIRTUAL}) {
                all.add(Arguments.of(n, kind));
            }
        }
        return all.stream();
    }

    static SpmdWorld world(int n, RankThreads kind) {
        return SpmdWorld.builder().size(n).rankThreads(kind).deadlockTimeout(java.time.Duration.ofSeconds(20))
                .build();
    }

    /** Rank r's operand for element i. */
    static long x(int r, int i) {
        return r * 10L + i + 1;
    }

    /** A non-commutative operation: string concatenation, lower rank first. */
    static final Op CONCAT = Op.ofObjects("concat", false, (a, b) -> (String) a + (String) b);

    static String concat(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int r = from; r < to; r++) {
            sb.append(r);
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void reductionsMatchTheSequentialModel(int n, RankThreads kind) {
        int count = 5;
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            List<String> bad = new ArrayList<>();
            long[] mine = new long[count];
            for (int i = 0; i < count; i++) {
                mine[i] = x(r, i);
            }
            long[] sum = new long[count];
            long[] inPlace = mine.clone();
            long[] atRoot = new long[count];
            long[] scan = new long[count];
            long[] exscan = new long[count];
            Arrays.fill(exscan, -7);
            long[] exscanBlocking = new long[count];
            Arrays.fill(exscanBlocking, -7);
            Object[] word = {String.valueOf(r)};
            Object[] reduced = new Object[1];
            Object[] scanned = new Object[1];
            Object[] exscanned = new Object[1];
            int root = n - 1;
            Request[] reqs = {
                comm.iallreduce(mine, 0, sum, 0, count, Datatype.LONG, Op.SUM),
                comm.iallreduce(Comm.IN_PLACE, 0, inPlace, 0, count, Datatype.LONG, Op.MAX),
                comm.ireduce(mine, 0, atRoot, 0, count, Datatype.LONG, Op.SUM, root),
                comm.iscan(mine, 0, scan, 0, count, Datatype.LONG, Op.SUM),
                comm.iexscan(mine, 0, exscan, 0, count, Datatype.LONG, Op.SUM),
                comm.ireduce(word, 0, reduced, 0, 1, Datatype.OBJECT, CONCAT, root),
                comm.iscan(word, 0, scanned, 0, 1, Datatype.OBJECT, CONCAT),
                comm.iexscan(word, 0, exscanned, 0, 1, Datatype.OBJECT, CONCAT),
            };
            comm.exscan(mine, 0, exscanBlocking, 0, count, Datatype.LONG, Op.SUM);
            Request.waitAll(reqs);
            for (int i = 0; i < count; i++) {
                long s = 0;
                long max = Long.MIN_VALUE;
                long below = 0;
                for (int q = 0; q < n; q++) {
                    s += x(q, i);
                    max = Math.max(max, x(q, i));
                    if (q < r) {
                        below += x(q, i);
                    }
                }
                check(bad, "iallreduce", sum[i], s);
                check(bad, "iallreduce in place", inPlace[i], max);
                if (r == root) {
                    check(bad, "ireduce", atRoot[i], s);
                }
                check(bad, "iscan", scan[i], below + x(r, i));
                check(bad, "iexscan", exscan[i], r == 0 ? -7 : below);
                check(bad, "exscan", exscanBlocking[i], r == 0 ? -7 : below);
            }
            if (r == root && !concat(0, n).equals(reduced[0])) {
                bad.add("ireduce concat " + reduced[0]);
            }
            if (!concat(0, r + 1).equals(scanned[0])) {
                bad.add("iscan concat " + scanned[0]);
            }
            if (r == 0 ? exscanned[0] != null : !concat(0, r).equals(exscanned[0])) {
                bad.add("iexscan concat " + exscanned[0]);
            }
            return String.join("; ", bad);
        });
        assertThat(problems).containsOnly("");
    }

    static void check(List<String> bad, String what, long got, long want) {
        if (got != want) {
            bad.add(what + ": " + got + " != " + want);
        }
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void dataMovementMatchesTheSequentialModel(int n, RankThreads kind) {
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            List<String> bad = new ArrayList<>();
            int root = 1 % n;
            // bcast from every root, outstanding together
            int[][] bc = new int[n][2];
            Request[] bcasts = new Request[n];
            for (int q = 0; q < n; q++) {
                if (r == q) {
                    bc[q] = new int[] {q * 3, q * 3 + 1};
                }
                bcasts[q] = comm.ibcast(bc[q], 0, 2, Datatype.INT, q);
            }
            int[] gathered = new int[2 * n];
            int[] scattered = new int[2];
            int[] all = new int[2 * n];
            int[] allInPlace = new int[2 * n];
            allInPlace[2 * r] = r;
            allInPlace[2 * r + 1] = -r;
            int[] a2a = new int[n];
            int[] send = new int[n];
            for (int j = 0; j < n; j++) {
                send[j] = r * 100 + j;
            }
            int[] rootBlocks = new int[2 * n];
            for (int i = 0; i < rootBlocks.length; i++) {
                rootBlocks[i] = 1000 + i;
            }
            // v-forms: rank q contributes q + 1 items
            int[] vcounts = new int[n];
            int[] vdispls = new int[n];
            int total = 0;
            for (int q = 0; q < n; q++) {
                vcounts[q] = q + 1;
                vdispls[q] = total;
                total += q + 1;
            }
            int[] vmine = new int[r + 1];
            Arrays.fill(vmine, r);
            int[] vall = new int[total];
            int[] vgathered = new int[total];
            int[] vscattered = new int[r + 1];
            int[] vsource = new int[total];
            for (int i = 0; i < total; i++) {
                vsource[i] = 5000 + i;
            }
            // alltoallv: rank r sends j + 1 items to rank j, each r * 100 + j
            int[] sc = new int[n];
            int[] sd = new int[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            int st = 0;
            int rt = 0;
            for (int j = 0; j < n; j++) {
                sc[j] = j + 1;
                sd[j] = st;
                st += j + 1;
                rc[j] = r + 1;
                rd[j] = rt;
                rt += r + 1;
            }
            int[] vsend = new int[st];
            for (int j = 0; j < n; j++) {
                Arrays.fill(vsend, sd[j], sd[j] + sc[j], r * 100 + j);
            }
            int[] vrecv = new int[rt];
            Request[] reqs = {
                comm.igather(new int[] {r, -r}, 0, 2, Datatype.INT, gathered, 0, 2, Datatype.INT, root),
                comm.iscatter(rootBlocks, 0, 2, Datatype.INT, scattered, 0, 2, Datatype.INT, root),
                comm.iallgather(new int[] {r, -r}, 0, 2, Datatype.INT, all, 0, 2, Datatype.INT),
                comm.iallgather(Comm.IN_PLACE, 0, 0, Datatype.INT, allInPlace, 0, 2, Datatype.INT),
                comm.ialltoall(send, 0, 1, Datatype.INT, a2a, 0, 1, Datatype.INT),
                comm.iallgatherv(vmine, 0, r + 1, Datatype.INT, vall, 0, vcounts, vdispls, Datatype.INT),
                comm.igatherv(vmine, 0, r + 1, Datatype.INT, vgathered, 0, vcounts, vdispls, Datatype.INT, root),
                comm.iscatterv(vsource, 0, vcounts, vdispls, Datatype.INT, vscattered, 0, r + 1, Datatype.INT, root),
                comm.ialltoallv(vsend, 0, sc, sd, Datatype.INT, vrecv, 0, rc, rd, Datatype.INT),
                comm.ibarrier(),
            };
            // wait in reverse order: completion does not depend on the order of the waits
            for (int i = reqs.length - 1; i >= 0; i--) {
                reqs[i].waitFor();
            }
            Request.waitAll(bcasts);
            for (int q = 0; q < n; q++) {
                if (bc[q][0] != q * 3 || bc[q][1] != q * 3 + 1) {
                    bad.add("ibcast from " + q + ": " + Arrays.toString(bc[q]));
                }
            }
            for (int q = 0; q < n; q++) {
                if (r == root && (gathered[2 * q] != q || gathered[2 * q + 1] != -q)) {
                    bad.add("igather " + Arrays.toString(gathered));
                }
                if (all[2 * q] != q || all[2 * q + 1] != -q) {
                    bad.add("iallgather " + Arrays.toString(all));
                }
                if (allInPlace[2 * q] != q || allInPlace[2 * q + 1] != -q) {
                    bad.add("iallgather in place " + Arrays.toString(allInPlace));
                }
                if (a2a[q] != q * 100 + r) {
                    bad.add("ialltoall " + Arrays.toString(a2a));
                }
                for (int i = 0; i < q + 1; i++) {
                    if (vall[vdispls[q] + i] != q) {
                        bad.add("iallgatherv " + Arrays.toString(vall));
                    }
                    if (r == root && vgathered[vdispls[q] + i] != q) {
                        bad.add("igatherv " + Arrays.toString(vgathered));
                    }
                }
                for (int i = 0; i < r + 1; i++) {
                    if (vrecv[rd[q] + i] != q * 100 + r) {
                        bad.add("ialltoallv " + Arrays.toString(vrecv));
                    }
                }
            }
            if (scattered[0] != 1000 + 2 * r || scattered[1] != 1001 + 2 * r) {
                bad.add("iscatter " + Arrays.toString(scattered));
            }
            for (int i = 0; i < r + 1; i++) {
                if (vscattered[i] != 5000 + vdispls[r] + i) {
                    bad.add("iscatterv " + Arrays.toString(vscattered));
                }
            }
            return String.join("; ", bad.stream().distinct().toList());
        });
        assertThat(problems).containsOnly("");
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void reduceScatterAndAlltoallwMatchTheSequentialModel(int n, RankThreads kind) {
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            List<String> bad = new ArrayList<>();
            // reduceScatterBlock: 2 items per rank; operand item i of rank q = q * 10 + i
            int[] ops = new int[2 * n];
            for (int i = 0; i < ops.length; i++) {
                ops[i] = r * 10 + i;
            }
            int[] block = new int[2];
            int[] blockNb = new int[2];
            int[] counts = new int[n];
            for (int q = 0; q < n; q++) {
                counts[q] = q % 2 + 1;
            }
            int total = Arrays.stream(counts).sum();
            int[] vops = Arrays.copyOf(ops, Math.max(ops.length, total));
            int[] vblock = new int[counts[r]];
            Request a = comm.ireduceScatterBlock(ops, 0, blockNb, 0, 2, Datatype.INT, Op.SUM);
            Request b = comm.ireduceScatter(vops, 0, vblock, 0, counts, Datatype.INT, Op.SUM);
            comm.reduceScatterBlock(ops, 0, block, 0, 2, Datatype.INT, Op.SUM);
            Request.waitAll(a, b);
            int ranksSum = n * (n - 1) / 2;
            for (int i = 0; i < 2; i++) {
                int item = 2 * r + i;
                check(bad, "reduceScatterBlock", block[i], ranksSum * 10L + (long) n * item);
                check(bad, "ireduceScatterBlock", blockNb[i], ranksSum * 10L + (long) n * item);
            }
            int before = 0;
            for (int q = 0; q < r; q++) {
                before += counts[q];
            }
            for (int i = 0; i < counts[r]; i++) {
                int item = before + i;
                long want = 0;
                for (int q = 0; q < n; q++) {
                    want += item < ops.length ? q * 10L + item : 0;
                }
                check(bad, "ireduceScatter", vblock[i], want);
            }
            // alltoallw: to rank j, j + 1 doubles at element 10 * j, as DOUBLE or as a contiguous pair type
            Datatype pair = Datatype.contiguous(1, Datatype.DOUBLE);
            double[] sbuf = new double[10 * n + n];
            double[] rbuf = new double[10 * n + n];
            int[] scnt = new int[n];
            int[] sdis = new int[n];
            int[] rcnt = new int[n];
            int[] rdis = new int[n];
            Datatype[] stypes = new Datatype[n];
            Datatype[] rtypes = new Datatype[n];
            for (int j = 0; j < n; j++) {
                scnt[j] = j + 1;
                sdis[j] = 10 * j;
                stypes[j] = j % 2 == 0 ? Datatype.DOUBLE : pair;
                rcnt[j] = r + 1;
                rdis[j] = 10 * j;
                rtypes[j] = Datatype.DOUBLE;
                for (int i = 0; i <= j; i++) {
                    sbuf[10 * j + i] = r * 100 + j + i / 10.0;
                }
            }
            double[] rbufNb = rbuf.clone();
            Request w = comm.ialltoallw(sbuf, scnt, sdis, stypes, rbufNb, rcnt, rdis, rtypes);
            comm.alltoallw(sbuf, scnt, sdis, stypes, rbuf, rcnt, rdis, rtypes);
            w.waitFor();
            for (int q = 0; q < n; q++) {
                for (int i = 0; i <= r; i++) {
                    double want = q * 100 + r + i / 10.0;
                    if (rbuf[10 * q + i] != want || rbufNb[10 * q + i] != want) {
                        bad.add("alltoallw from " + q + ": " + rbuf[10 * q + i] + "/" + rbufNb[10 * q + i]
                                + " != " + want);
                    }
                }
            }
            return String.join("; ", bad);
        });
        assertThat(problems).containsOnly("");
    }

    /**
     * Several outstanding collectives and point-to-point traffic with wildcards on one
     * communicator: receives posted for ANY_SOURCE and ANY_TAG before the collectives start get
     * only the point-to-point messages, and every collective gets its own.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void collectivesNeverMatchPointToPointOrEachOther(int n, RankThreads kind) {
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            int right = (r + 1) % n;
            int rounds = 20;
            List<String> bad = new ArrayList<>();
            long[][] got = new long[rounds][1];
            Request[] recvs = new Request[rounds];
            for (int k = 0; k < rounds; k++) {
                recvs[k] = comm.irecv(got[k], 0, 1, Datatype.LONG, Comm.ANY_SOURCE, Comm.ANY_TAG);
            }
            List<Request> colls = new ArrayList<>();
            long[][] sums = new long[rounds][1];
            int[][] bcasts = new int[rounds][1];
            for (int k = 0; k < rounds; k++) {
                colls.add(comm.iallreduce(new long[] {r + k}, 0, sums[k], 0, 1, Datatype.LONG, Op.SUM));
                comm.send(new long[] {1_000_000L * r + k}, 0, 1, Datatype.LONG, right, k);
                if (r == k % n) {
                    bcasts[k][0] = 7 * k;
                }
                colls.add(comm.ibcast(bcasts[k], 0, 1, Datatype.INT, k % n));
                if (k % 5 == 0) {
                    colls.add(comm.ibarrier());
                }
            }
            Request.waitAll(colls.toArray(Request[]::new));
            Status[] st = Request.waitAll(recvs);
            int left = (r - 1 + n) % n;
            for (int k = 0; k < rounds; k++) {
                long want = (long) n * (n - 1) / 2 + (long) n * k;
                check(bad, "iallreduce " + k, sums[k][0], want);
                check(bad, "ibcast " + k, bcasts[k][0], 7L * k);
                if (got[k][0] != 1_000_000L * left + k || st[k].tag() != k || st[k].source() != left) {
                    bad.add("p2p " + k + ": " + got[k][0] + " " + st[k]);
                }
            }
            return String.join("; ", bad);
        });
        assertThat(problems).containsOnly("");
    }

    /**
     * Progress without the program: rank 0 starts an allreduce and then computes without calling
     * into MPI until every other rank has its result, which needs rank 0's later rounds (at 4 and
     * 8 ranks rank 0 forwards partial results); its own request is then complete before it ever
     * calls test or wait.
     */
    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("worlds")
    void aCollectiveProgressesWhileARankComputes(int n, RankThreads kind) {
        CountDownLatch othersDone = new CountDownLatch(n - 1);
        int count = 1000;
        List<String> problems = world(n, kind).run(comm -> {
            int r = comm.rank();
            double[] in = new double[count];
            Arrays.fill(in, r + 1);
            double[] out = new double[count];
            Request q = comm.iallreduce(in, 0, out, 0, count, Datatype.DOUBLE, Op.SUM);
            if (r == 0) {
                double work = 0;
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                do {                                      // at least one slice: the others may finish first
                    for (int i = 0; i < 10_000; i++) {
                        work += Math.sqrt(i + work);      // computation, no MPI call
                    }
                    Thread.yield();
                } while (othersDone.getCount() > 0 && System.nanoTime() < deadline);
                long completeBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!q.isComplete() && System.nanoTime() < completeBy) {
                    Thread.onSpinWait();                 // isComplete reads a flag: no progress made here
                }
                boolean completeWithoutTest = q.isComplete();
                q.waitFor();
                return othersDone.getCount() == 0 && completeWithoutTest && out[0] == n * (n + 1) / 2.0
                        && work > 0 ? "" : "others done " + (othersDone.getCount() == 0) + ", complete "
                        + completeWithoutTest + ", result " + out[0] + ", work " + work;
            }
            q.waitFor();
            othersDone.countDown();
            return out[count - 1] == n * (n + 1) / 2.0 ? "" : "result " + out[count - 1];
        });
        assertThat(problems).containsOnly("");
    }
}
