package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CollectivesTest {

    static final int[] SIZES = {1, 2, 3, 4, 8};
    static final int COUNT = 3;

    static Stream<Arguments> sizesOpsTypes() {
        List<Arguments> all = new ArrayList<>();
        for (int n : SIZES) {
            for (String op : List.of("SUM", "PROD", "MIN", "MAX")) {
                for (Datatype t : TestData.ARITHMETIC_TYPES) {
                    all.add(Arguments.of(n, op, t));
                }
            }
        }
        return all.stream();
    }

    static Op op(String name) {
        return switch (name) {
            case "SUM" -> Op.SUM;
            case "PROD" -> Op.PROD;
            case "MIN" -> Op.MIN;
            default -> Op.MAX;
        };
    }

    /** Rank r's operand for element i: small values, so products fit every type exactly. */
    static long operand(int rank, int i) {
        return ((rank * 7 + i * 3) % 5) - 1 + (i == 1 ? 2 : 0);
    }

    static long expected(String op, int n, int i) {
        long acc = operand(0, i);
        for (int r = 1; r < n; r++) {
            long x = operand(r, i);
            acc = switch (op) {
                case "SUM" -> acc + x;
                case "PROD" -> acc * x;
                case "MIN" -> Math.min(acc, x);
                default -> Math.max(acc, x);
            };
        }
        return acc;
    }

    static Object operands(Datatype type, int rank) {
        Object a = type.newArray(COUNT);
        for (int i = 0; i < COUNT; i++) {
            TestData.set(type, a, i, operand(rank, i));
        }
        return a;
    }

    @ParameterizedTest(name = "allreduce n={0} {1} {2}")
    @MethodSource("sizesOpsTypes")
    void allreduceCombinesEveryRankOnEveryRank(int n, String opName, Datatype type) {
        List<Object> results = SpmdWorld.run(n, comm -> {
            Object out = type.newArray(COUNT + 2);
            comm.allreduce(operands(type, comm.rank()), 0, out, 1, COUNT, type, op(opName));
            return out;
        });
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < COUNT; i++) {
                assertThat(TestData.get(type, results.get(r), i + 1)).as("rank %d element %d", r, i)
                        .isEqualTo(expected(opName, n, i));
            }
        }
    }

    @ParameterizedTest(name = "reduce n={0} {1} {2}")
    @MethodSource("sizesOpsTypes")
    void reduceCombinesEveryRankAtEachRoot(int n, String opName, Datatype type) {
        List<List<Long>> results = SpmdWorld.run(n, comm -> {
            List<Long> atRoot = new ArrayList<>();
            for (int root = 0; root < comm.size(); root++) {
                Object out = comm.rank() == root ? type.newArray(COUNT) : null;
                comm.reduce(operands(type, comm.rank()), 0, out, 0, COUNT, type, op(opName), root);
                if (comm.rank() == root) {
                    for (int i = 0; i < COUNT; i++) {
                        atRoot.add(TestData.get(type, out, i));
                    }
                }
            }
            return atRoot;
        });
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < COUNT; i++) {
                assertThat(results.get(r).get(i)).as("root %d element %d", r, i).isEqualTo(expected(opName, n, i));
            }
        }
    }

    /** Associative, not commutative: the result must be the ranks' values in rank order. */
    static Op concatenation() {
        return Op.ofObjects("concat", false, (a, b) -> (String) a + b);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void nonCommutativeOperationsCombineInRankOrder(int n) {
        String all = "abcdefgh".substring(0, n);
        Op first = Op.ofInts("first", false, (a, b) -> a);
        Op last = Op.ofLongs("last", false, (a, b) -> b);
        Op leftDoubles = Op.create("left", false, (in, io, inout, ioo, count, type) -> {
            for (int i = 0; i < count; i++) {
                ((double[]) inout)[ioo + i] = ((double[]) in)[io + i];
            }
        });
        List<String> results = SpmdWorld.run(n, comm -> {
            String[] mine = {String.valueOf(all.charAt(comm.rank()))};
            String[] out = new String[1];
            comm.allreduce(mine, 0, out, 0, 1, Datatype.OBJECT, concatenation());
            StringBuilder sb = new StringBuilder(out[0]);
            for (int root = 0; root < comm.size(); root++) {
                String[] atRoot = new String[1];
                comm.reduce(mine, 0, atRoot, 0, 1, Datatype.OBJECT, concatenation(), root);
                if (root == comm.rank()) {
                    sb.append(' ').append(atRoot[0]);
                }
            }
            int[] f = new int[1];
            comm.allreduce(new int[] {comm.rank() + 10}, 0, f, 0, 1, Datatype.INT, first);
            long[] l = new long[1];
            comm.allreduce(new long[] {comm.rank() + 20}, 0, l, 0, 1, Datatype.LONG, last);
            double[] d = new double[1];
            comm.allreduce(new double[] {comm.rank() + 30}, 0, d, 0, 1, Datatype.DOUBLE, leftDoubles);
            return sb + " " + f[0] + " " + l[0] + " " + (int) d[0];
        });
        String expected = all + (" " + all).repeat(0);
        for (int r = 0; r < n; r++) {
            assertThat(results.get(r)).isEqualTo(expected + " " + all + " 10 " + (20 + n - 1) + " 30");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void bcastCopiesTheRootBufferFromEveryRoot(int n) {
        for (Datatype type : TestData.VALUE_TYPES) {
            List<String> results = SpmdWorld.run(n, comm -> {
                StringBuilder sb = new StringBuilder();
                for (int root = 0; root < comm.size(); root++) {
                    Object buf = comm.rank() == root ? TestData.array(type, 5, root * 100) : type.newArray(5);
                    comm.bcast(buf, 1, 3, type, root);
                    sb.append(TestData.get(type, buf, 1)).append(TestData.get(type, buf, 3))
                            .append(TestData.get(type, buf, 4) == (comm.rank() == root ? root * 100 + 4 : 0)).append(';');
                }
                return sb.toString();
            });
            StringBuilder expected = new StringBuilder();
            for (int root = 0; root < n; root++) {
                expected.append(root * 100 + 1).append(root * 100 + 3).append(true).append(';');
            }
            assertThat(results).as("%s", type).containsOnly(expected.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void gatherAndScatterMoveBlocksInRankOrder(int n) {
        for (Datatype type : TestData.VALUE_TYPES) {
            int root = n - 1;
            List<String> results = SpmdWorld.run(n, comm -> {
                int size = comm.size();
                Object mine = TestData.array(type, 2, comm.rank() * 10);
                Object all = comm.rank() == root ? type.newArray(2 * size + 1) : null;
                comm.gather(mine, 0, 2, type, all, 1, 2, type, root);
                Object back = type.newArray(2);
                comm.scatter(all, 1, 2, type, back, 0, 2, type, root);
                return (comm.rank() == root ? TestData.toString(all) : "") + TestData.toString(back);
            });
            for (int r = 0; r < n; r++) {
                String block = TestData.toString(TestData.array(type, 2, r * 10));
                if (r == root) {
                    Object all = type.newArray(2 * n + 1);
                    TestData.set(type, all, 0, 0);
                    for (int i = 0; i < 2 * n; i++) {
                        TestData.set(type, all, i + 1, (i / 2) * 10 + i % 2);
                    }
                    if (type == Datatype.OBJECT) {
                        ((Object[]) all)[0] = null;
                    }
                    assertThat(results.get(r)).isEqualTo(TestData.toString(all) + block);
                } else {
                    assertThat(results.get(r)).isEqualTo(block);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void allgatherGivesEveryRankEveryBlock(int n) {
        for (Datatype type : TestData.VALUE_TYPES) {
            List<String> results = SpmdWorld.run(n, comm -> {
                Object all = type.newArray(3 * comm.size());
                comm.allgather(TestData.array(type, 3, comm.rank() * 3), 0, 3, type, all, 0, 3, type);
                return TestData.toString(all);
            });
            assertThat(results).as("%s", type).containsOnly(TestData.toString(TestData.array(type, 3 * n, 0)));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void alltoallTransposesBlocks(int n) {
        for (Datatype type : TestData.VALUE_TYPES) {
            List<Object> results = SpmdWorld.run(n, comm -> {
                int size = comm.size();
                Object send = type.newArray(2 * size);
                for (int p = 0; p < size; p++) {
                    TestData.set(type, send, 2 * p, comm.rank() * 100 + p);
                    TestData.set(type, send, 2 * p + 1, -(comm.rank() * 100 + p));
                }
                Object recv = type.newArray(2 * size);
                comm.alltoall(send, 0, 2, type, recv, 0, 2, type);
                return recv;
            });
            for (int r = 0; r < n; r++) {
                for (int p = 0; p < n; p++) {
                    assertThat(TestData.get(type, results.get(r), 2 * p)).isEqualTo(p * 100L + r);
                    assertThat(TestData.get(type, results.get(r), 2 * p + 1)).isEqualTo(-(p * 100L + r));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 8})
    void noRankLeavesABarrierBeforeEveryRankHasEnteredIt(int n) {
        AtomicInteger arrived = new AtomicInteger();
        List<Boolean> results = SpmdWorld.run(n, comm -> {
            boolean ok = true;
            for (int round = 1; round <= 200; round++) {
                if ((comm.rank() + round) % comm.size() == 0) {
                    Thread.yield();
                }
                arrived.incrementAndGet();
                comm.barrier();
                ok &= arrived.get() >= round * comm.size();
                comm.barrier();
            }
            return ok;
        });
        assertThat(results).containsOnly(true);
        assertThat(arrived.get()).isEqualTo(200 * n);
    }

    @Test
    void collectivesDoNotMatchPointToPointTraffic() {
        List<String> results = SpmdWorld.run(3, comm -> {
            int right = (comm.rank() + 1) % 3;
            int left = (comm.rank() + 2) % 3;
            // A point-to-point message with a collective's internal tag is in flight during the
            // collectives and must still be there afterwards.
            for (int tag = 0; tag < 10; tag++) {
                comm.send(new int[] {1000 + tag}, 0, 1, Datatype.INT, right, tag);
            }
            comm.barrier();
            int[] sum = new int[1];
            comm.allreduce(new int[] {comm.rank()}, 0, sum, 0, 1, Datatype.INT, Op.SUM);
            int[] b = {comm.rank() == 0 ? 77 : 0};
            comm.bcast(b, 0, 1, Datatype.INT, 0);
            StringBuilder sb = new StringBuilder().append(sum[0]).append(' ').append(b[0]);
            for (int tag = 9; tag >= 0; tag--) {
                int[] got = new int[1];
                comm.recv(got, 0, 1, Datatype.INT, left, tag);
                sb.append(' ').append(got[0]);
            }
            return sb.toString();
        });
        assertThat(results).containsOnly("3 77 1009 1008 1007 1006 1005 1004 1003 1002 1001 1000");
    }

    @Test
    void predefinedOperationsOnObjectsTakeBoxedNumbersAndComparables() {
        List<String> results = SpmdWorld.run(3, comm -> {
            Object[] out = new Object[3];
            comm.allreduce(new Object[] {comm.rank() + 1, (long) comm.rank() + 1, comm.rank() + 1.5}, 0, out, 0, 3,
                    Datatype.OBJECT, Op.SUM);
            Object[] max = new Object[1];
            comm.allreduce(new Object[] {"r" + comm.rank()}, 0, max, 0, 1, Datatype.OBJECT, Op.MAX);
            return out[0] + " " + out[1] + " " + out[2] + " " + max[0];
        });
        assertThat(results).containsOnly("6 6 7.5 r2");
    }

    @Test
    void largeVectorsReduceElementByElement() {
        int count = 100_000;
        List<Boolean> results = SpmdWorld.run(4, comm -> {
            double[] x = new double[count];
            for (int i = 0; i < count; i++) {
                x[i] = i + comm.rank();
            }
            double[] y = new double[count];
            comm.allreduce(x, 0, y, 0, count, Datatype.DOUBLE, Op.SUM);
            for (int i = 0; i < count; i++) {
                if (y[i] != 4.0 * i + 6) {
                    return false;
                }
            }
            return true;
        });
        assertThat(results).containsOnly(true);
    }
}
