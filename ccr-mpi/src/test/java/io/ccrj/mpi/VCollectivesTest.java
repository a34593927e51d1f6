package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gatherv, scatterv, allgatherv, alltoallv, reduceScatter and scan at 2, 3, 4 and 8 ranks, on
 * every datatype that holds the test values, with non-zero roots, non-zero offsets, gaps between
 * blocks, empty blocks, in-place forms and a derived datatype.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VCollectivesTest {

    static final int[] SIZES = {2, 3, 4, 8};

    static Stream<Arguments> sizesAndTypes() {
        List<Arguments> all = new ArrayList<>();
        for (int n : SIZES) {
            for (Datatype t : TestData.VALUE_TYPES) {
                all.add(Arguments.of(n, t));
            }
        }
        return all.stream();
    }

    /** Rank i contributes i % 3 items (rank 0 none when 3 divides it): empty blocks included. */
    static int countOf(int i) {
        return (i + 1) % 3;
    }

    /** Block i starts after the blocks below it plus a gap of one element. */
    static int[] displs(int n) {
        int[] d = new int[n];
        for (int i = 1; i < n; i++) {
            d[i] = d[i - 1] + countOf(i - 1) + 1;
        }
        return d;
    }

    static int[] counts(int n) {
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = countOf(i);
        }
        return c;
    }

    static long value(int rank, int k) {
        return rank * 10 + k + 1;
    }

    /** What a gatherv/allgatherv result buffer (offset 2, gaps left 0) must hold. */
    static Object gathered(Datatype type, int n) {
        int[] d = displs(n);
        Object expect = type.newArray(2 + d[n - 1] + countOf(n - 1) + 1);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < countOf(i); k++) {
                TestData.set(type, expect, 2 + d[i] + k, value(i, k));
            }
        }
        zeroNulls(expect);
        return expect;
    }

    private static void zeroNulls(Object a) {
        if (a instanceof Object[] o) {
            for (int i = 0; i < o.length; i++) {
                if (o[i] == null) {
                    o[i] = 0L;
                }
            }
        }
    }

    private static Object block(Datatype type, int rank) {
        Object b = type.newArray(countOf(rank) + 1);
        for (int k = 0; k < countOf(rank); k++) {
            TestData.set(type, b, 1 + k, value(rank, k));
        }
        return b;
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndTypes")
    void gathervAndAllgathervPlaceEachBlockAtItsDisplacement(int n, Datatype type) {
        int root = n / 2 + 1 < n ? n / 2 + 1 : 0;
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            int len = Array.length(gathered(type, n));
            Object g = type.newArray(len);
            Object a = type.newArray(len);
            zeroNulls(g);
            zeroNulls(a);
            comm.gatherv(block(type, r), 1, countOf(r), type, r == root ? g : null, 2, counts(n), displs(n), type,
                    root);
            comm.allgatherv(block(type, r), 1, countOf(r), type, a, 2, counts(n), displs(n), type);
            return (r == root ? TestData.toString(g) : "") + "|" + TestData.toString(a);
        });
        String expect = TestData.toString(gathered(type, n));
        for (int r = 0; r < n; r++) {
            assertThat(out.get(r)).isEqualTo((r == root ? expect : "") + "|" + expect);
        }
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndTypes")
    void scattervSendsEachRankItsBlock(int n, Datatype type) {
        int root = n - 1;
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            Object recv = type.newArray(countOf(r) + 1);
            zeroNulls(recv);
            comm.scatterv(r == root ? gathered(type, n) : null, 2, counts(n), displs(n), type, recv, 1, countOf(r),
                    type, root);
            return TestData.toString(recv);
        });
        for (int r = 0; r < n; r++) {
            Object b = block(type, r);
            zeroNulls(b);
            assertThat(out.get(r)).isEqualTo(TestData.toString(b));
        }
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndTypes")
    void alltoallvDeliversBlockJOfRankIToBlockIOfRankJ(int n, Datatype type) {
        // rank i sends (i + j) % 3 items to rank j
        List<long[]> out = SpmdWorld.run(n, comm -> {
            int i = comm.rank();
            int[] sc = new int[n];
            int[] sd = new int[n];
            int[] rc = new int[n];
            int[] rd = new int[n];
            // outgoing blocks in reverse rank order, 3 apart, so that the displacements matter
            for (int j = 0; j < n; j++) {
                sc[j] = (i + j) % 3;
                sd[j] = 3 * (n - 1 - j);
                rc[j] = (i + j) % 3;
                rd[j] = 3 * j;
            }
            Object send = type.newArray(3 * n);
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < sc[j]; k++) {
                    TestData.set(type, send, sd[j] + k, i * 100 + j * 10 + k);
                }
            }
            Object recv = type.newArray(3 * n + 1);
            zeroNulls(recv);
            comm.alltoallv(send, 0, sc, sd, type, recv, 1, rc, rd, type);
            long[] got = new long[3 * n];
            for (int k = 0; k < got.length; k++) {
                got[k] = TestData.get(type, recv, 1 + k);
            }
            return got;
        });
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    long want = k < (i + j) % 3 ? i * 100 + j * 10 + k : 0;
                    assertThat(out.get(j)[3 * i + k]).as("%s rank %d from %d item %d", type, j, i, k).isEqualTo(want);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("sizesAndTypes")
    void reduceScatterAndScanCombineInRankOrder(int n, Datatype type) {
        List<long[]> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            int total = 0;
            for (int c : counts(n)) {
                total += c;
            }
            Object in = type.newArray(total);
            for (int k = 0; k < total; k++) {
                TestData.set(type, in, k, r + k);
            }
            Object mine = type.newArray(countOf(r) + 1);
            zeroNulls(mine);
            comm.reduceScatter(in, 0, mine, 1, counts(n), type, Op.SUM);
            Object prefix = type.newArray(2);
            Object scanIn = type.newArray(2);
            TestData.set(type, scanIn, 0, r + 1);
            TestData.set(type, scanIn, 1, r % 2 == 0 ? 3 : -2);
            comm.scan(scanIn, 0, prefix, 0, 1, type, Op.SUM);
            comm.scan(scanIn, 1, prefix, 1, 1, type, Op.MAX);
            long[] res = new long[countOf(r) + 2];
            for (int k = 0; k < countOf(r); k++) {
                res[k] = TestData.get(type, mine, 1 + k);
            }
            res[countOf(r)] = TestData.get(type, prefix, 0);
            res[countOf(r) + 1] = TestData.get(type, prefix, 1);
            return res;
        });
        int start = 0;
        for (int r = 0; r < n; r++) {
            for (int k = 0; k < countOf(r); k++) {
                long sum = 0;
                for (int q = 0; q < n; q++) {
                    sum += q + start + k;
                }
                assertThat(out.get(r)[k]).isEqualTo(sum);
            }
            start += countOf(r);
            assertThat(out.get(r)[countOf(r)]).isEqualTo((long) (r + 1) * (r + 2) / 2);
            assertThat(out.get(r)[countOf(r) + 1]).isEqualTo(3);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void nonCommutativeScanAndReduceScatterKeepRankOrder(int n) {
        Op concat = Op.ofObjects("concat", false, (a, b) -> a + "" + b);
        List<String> out = SpmdWorld.run(n, comm -> {
            Object[] in = new Object[n];
            for (int k = 0; k < n; k++) {
                in[k] = comm.rank() + "" + k + ".";
            }
            Object[] prefix = new Object[1];
            comm.scan(new Object[] {"r" + comm.rank()}, 0, prefix, 0, 1, Datatype.OBJECT, concat);
            Object[] mine = new Object[1];
            int[] ones = new int[n];
            java.util.Arrays.fill(ones, 1);
            comm.reduceScatter(in, 0, mine, 0, ones, Datatype.OBJECT, concat);
            return prefix[0] + " " + mine[0];
        });
        for (int r = 0; r < n; r++) {
            StringBuilder prefix = new StringBuilder();
            StringBuilder column = new StringBuilder();
            for (int q = 0; q < n; q++) {
                if (q <= r) {
                    prefix.append('r').append(q);
                }
                column.append(q).append(r).append('.');
            }
            assertThat(out.get(r)).isEqualTo(prefix + " " + column);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void inPlaceFormsReadAndWriteTheReceiveBuffer(int n) {
        int root = n - 1;
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            StringBuilder sb = new StringBuilder();
            long[] sum = {r, 2L * r};
            comm.allreduce(Comm.IN_PLACE, 0, sum, 0, 2, Datatype.LONG, Op.SUM);
            sb.append(sum[0]).append(',').append(sum[1]).append(';');
            long[] red = {r + 1L};
            comm.reduce(r == root ? Comm.IN_PLACE : red, 0, red, 0, 1, Datatype.LONG, Op.PROD, root);
            sb.append(r == root ? red[0] : -1).append(';');
            int[] all = new int[n];
            all[r] = r * r;
            comm.allgather(Comm.IN_PLACE, 0, 0, Datatype.INT, all, 0, 1, Datatype.INT);
            sb.append(java.util.Arrays.toString(all)).append(';');
            int[] g = new int[n];
            g[root] = 99;
            comm.gather(r == root ? Comm.IN_PLACE : new int[] {r}, 0, 1, Datatype.INT, g, 0, 1, Datatype.INT, root);
            sb.append(r == root ? java.util.Arrays.toString(g) : "").append(';');
            int[] s = r == root ? new int[] {5, 6, 7, 8, 9, 10, 11, 12} : new int[1];
            comm.scatter(s, 0, 1, Datatype.INT, r == root ? Comm.IN_PLACE : s, 0, 1, Datatype.INT, root);
            sb.append(s[0]).append(';');
            double[] scan = {r + 1.0};
            comm.scan(Comm.IN_PLACE, 0, scan, 0, 1, Datatype.DOUBLE, Op.SUM);
            sb.append(scan[0]).append(';');
            int[] rs = new int[n];
            java.util.Arrays.fill(rs, r);
            int[] ones = new int[n];
            java.util.Arrays.fill(ones, 1);
            comm.reduceScatter(Comm.IN_PLACE, 0, rs, 0, ones, Datatype.INT, Op.SUM);
            sb.append(rs[0]);
            return sb.toString();
        });
        long fact = 1;
        int[] squares = new int[n];
        int[] ids = new int[n];
        for (int q = 0; q < n; q++) {
            fact *= q + 1;
            squares[q] = q * q;
            ids[q] = q == root ? 99 : q;
        }
        for (int r = 0; r < n; r++) {
            String expect = (n * (n - 1) / 2) + "," + (n * (n - 1)) + ";" + (r == root ? fact : -1) + ";"
                    + java.util.Arrays.toString(squares) + ";" + (r == root ? java.util.Arrays.toString(ids) : "")
                    + ";" + (r == root ? 5 : 5 + r) + ";" + ((r + 1) * (r + 2) / 2.0) + ";" + (n * (n - 1) / 2);
            assertThat(out.get(r)).isEqualTo(expect);
        }
    }

    @Test
    void collectivesMoveDerivedDatatypes() {
        int n = 4;
        List<String> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            Datatype pairEvery3 = Datatype.vector(2, 1, 3, Datatype.INT);     // extent 4
            int[] bc = r == 1 ? new int[] {1, 0, 0, 2} : new int[4];
            comm.bcast(bc, 0, 1, pairEvery3, 1);
            int[] mine = {r, -1, -1, -r};
            int[] all = new int[2 * n];
            comm.allgather(mine, 0, 1, pairEvery3, all, 0, 2, Datatype.INT);
            int[] spread = new int[4 * n];
            comm.gather(new int[] {r, 10 + r}, 0, 2, Datatype.INT, spread, 0, 1, pairEvery3, 0);
            return java.util.Arrays.toString(bc) + java.util.Arrays.toString(all)
                    + (r == 0 ? java.util.Arrays.toString(spread) : "");
        });
        assertThat(out.get(2)).isEqualTo("[1, 0, 0, 2][0, 0, 1, -1, 2, -2, 3, -3]");
        assertThat(out.get(0)).endsWith("[0, 0, 0, 10, 1, 0, 0, 11, 2, 0, 0, 12, 3, 0, 0, 13]");
    }

    @Test
    void badVectorArgumentsNameTheProblem() {
        List<String> out = SpmdWorld.run(2, comm -> {
            StringBuilder sb = new StringBuilder();
            Runnable[] calls = {
                () -> comm.gatherv(new int[1], 0, 1, Datatype.INT, new int[2], 0, new int[] {1}, new int[] {0},
                        Datatype.INT, comm.rank()),
                () -> comm.allgatherv(new int[1], 0, 1, Datatype.INT, new int[2], 0, new int[] {1, -1},
                        new int[] {0, 1}, Datatype.INT),
                () -> comm.alltoallv(new int[2], 0, new int[] {1, 1}, new int[] {0, 5}, Datatype.INT, new int[2], 0,
                        new int[] {1, 1}, new int[] {0, 1}, Datatype.INT),
                () -> comm.reduceScatter(new int[2], 0, new int[1], 0, null, Datatype.INT, Op.SUM),
                () -> comm.allgather(new int[1], 0, 1, Datatype.INT, Comm.IN_PLACE, 0, 1, Datatype.INT),
                () -> comm.reduce(Comm.IN_PLACE, 0, new int[1], 0, 1, Datatype.INT, Op.SUM, 1 - comm.rank())};
            for (Runnable c : calls) {
                try {
                    c.run();
                    sb.append("none ");
                } catch (MpiException e) {
                    sb.append(e.errorClass()).append(' ');
                }
            }
            return sb.toString();
        });
        assertThat(out).containsOnly("ARG COUNT BUFFER ARG BUFFER BUFFER ");
    }

    /** Array length helper. */
    private static final class Array {
        static int length(Object a) {
            return java.lang.reflect.Array.getLength(a);
        }
    }
}
