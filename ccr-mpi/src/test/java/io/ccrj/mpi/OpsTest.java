package io.ccrj.mpi;

import static org.assertj.core.api.Assertions.assertThat;

import io.ccrj.mpi.MpiException.ErrorClass;
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
 * Every predefined operation on every base type it is defined on, MAXLOC/MINLOC on every pair
 * type, user operations (commutative and not) on every base type, and the rejection of the
 * combinations MPI leaves undefined; at 2, 3, 4 and 8 ranks, through allreduce and reduce to a
 * non-zero root.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OpsTest {

    static final int[] SIZES = {2, 3, 4, 8};
    static final int COUNT = 4;

    private static final List<String> NUMERIC = List.of("BYTE", "CHAR", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE");
    private static final List<String> INTEGRAL = List.of("BYTE", "CHAR", "SHORT", "INT", "LONG");

    static Stream<Arguments> opsAndTypes() {
        List<Arguments> all = new ArrayList<>();
        for (int n : SIZES) {
            for (String op : List.of("MAX", "MIN", "SUM", "PROD")) {
                for (String t : NUMERIC) {
                    all.add(Arguments.of(n, op, t));
                }
            }
            for (String op : List.of("BAND", "BOR", "BXOR")) {
                for (String t : INTEGRAL) {
                    all.add(Arguments.of(n, op, t));
                }
            }
            for (String op : List.of("LAND", "LOR", "LXOR")) {
                all.add(Arguments.of(n, op, "BOOLEAN"));
            }
        }
        return all.stream();
    }

    private static Op op(String name) {
        return switch (name) {
            case "MAX" -> Op.MAX;
            case "MIN" -> Op.MIN;
            case "SUM" -> Op.SUM;
            case "PROD" -> Op.PROD;
            case "BAND" -> Op.BAND;
            case "BOR" -> Op.BOR;
            case "BXOR" -> Op.BXOR;
            case "LAND" -> Op.LAND;
            case "LOR" -> Op.LOR;
            default -> Op.LXOR;
        };
    }

    private static Datatype type(String name) {
        for (Datatype t : Datatype.values()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** Rank r's operand i: small (products of 8 fit a byte's range only wrapped, as Java does). */
    static long operand(int r, int i) {
        return ((r * 5 + i * 3) % 7) - 2;
    }

    /** The expected result, computed in long and narrowed as the base type narrows. */
    static long expected(String op, String type, int n, int i) {
        long acc = operand(0, i);
        for (int r = 1; r < n; r++) {
            long x = operand(r, i);
            acc = switch (op) {
                case "MAX" -> Math.max(narrow(type, acc), narrow(type, x));
                case "MIN" -> Math.min(narrow(type, acc), narrow(type, x));
                case "SUM" -> acc + x;
                case "PROD" -> acc * x;
                case "BAND" -> acc & x;
                case "BOR" -> acc | x;
                case "BXOR" -> acc ^ x;
                case "LAND" -> ((acc & 1) != 0 && (x & 1) != 0) ? 1 : 0;
                case "LOR" -> ((acc & 1) != 0 || (x & 1) != 0) ? 1 : 0;
                default -> ((acc & 1) != 0 ^ (x & 1) != 0) ? 1 : 0;
            };
        }
        return narrow(type, acc);
    }

    private static long narrow(String type, long v) {
        return switch (type) {
            case "BYTE" -> (byte) v;
            case "CHAR" -> (char) v;
            case "SHORT" -> (short) v;
            case "INT" -> (int) v;
            case "BOOLEAN" -> v & 1;
            default -> v;
        };
    }

    @ParameterizedTest(name = "{0} ranks, {1} on {2}")
    @MethodSource("opsAndTypes")
    void predefinedOperationsCombineEveryElement(int n, String opName, String typeName) {
        Datatype type = type(typeName);
        Op op = op(opName);
        int root = n - 1;
        List<long[]> out = SpmdWorld.run(n, comm -> {
            Object in = type.newArray(COUNT);
            for (int i = 0; i < COUNT; i++) {
                TestData.set(type, in, i, operand(comm.rank(), i));
            }
            Object all = type.newArray(COUNT + 1);
            comm.allreduce(in, 0, all, 1, COUNT, type, op);
            Object atRoot = type.newArray(COUNT);
            comm.reduce(in, 0, atRoot, 0, COUNT, type, op, root);
            long[] r = new long[2 * COUNT];
            for (int i = 0; i < COUNT; i++) {
                r[i] = TestData.get(type, all, i + 1);
                r[COUNT + i] = TestData.get(type, atRoot, i);
            }
            return r;
        });
        long[] want = new long[COUNT];
        for (int i = 0; i < COUNT; i++) {
            want[i] = expected(opName, typeName, n, i);
        }
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < COUNT; i++) {
                assertThat(out.get(r)[i]).as("allreduce rank %d element %d", r, i).isEqualTo(want[i]);
            }
        }
        for (int i = 0; i < COUNT; i++) {
            assertThat(out.get(root)[COUNT + i]).as("reduce element %d", i).isEqualTo(want[i]);
        }
    }

    static Stream<Arguments> pairTypes() {
        List<Arguments> all = new ArrayList<>();
        for (int n : SIZES) {
            for (Datatype t : List.of(Datatype.SHORT2, Datatype.INT2, Datatype.LONG2, Datatype.FLOAT2,
                    Datatype.DOUBLE2)) {
                all.add(Arguments.of(n, t));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} ranks, {1}")
    @MethodSource("pairTypes")
    void maxlocAndMinlocPickTheExtremeAndTheLowestIndexOfATie(int n, Datatype pair) {
        // value of rank r in pair 0: r % 3 (ties between ranks); pair 1: -r (unique); index = rank
        List<long[]> out = SpmdWorld.run(n, comm -> {
            int r = comm.rank();
            Object in = pair.newArray(4);
            TestData.set(pair, in, 0, r % 3);
            TestData.set(pair, in, 1, r);
            TestData.set(pair, in, 2, -r);
            TestData.set(pair, in, 3, r);
            Object max = pair.newArray(4);
            Object min = pair.newArray(4);
            comm.allreduce(in, 0, max, 0, 2, pair, Op.MAXLOC);
            comm.reduce(in, 0, min, 0, 2, pair, Op.MINLOC, n / 2);
            long[] res = new long[8];
            for (int i = 0; i < 4; i++) {
                res[i] = TestData.get(pair, max, i);
                res[4 + i] = TestData.get(pair, min, i);
            }
            return res;
        });
        long maxValue = Math.min(2, n - 1);
        assertThat(out.get(0)).startsWith(maxValue, maxValue, 0, 0);
        assertThat(out.get(n / 2)).endsWith(0, 0, -(n - 1), n - 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void userOperationsWorkOnEveryBaseTypeInRankOrder(int n) {
        // "in op inout = in * 3 + inout" is not commutative and, over (value, weight) pairs,
        // associative: a weighted concatenation in base 3 carried in the low elements.
        for (Datatype type : List.of(Datatype.INT, Datatype.LONG, Datatype.DOUBLE, Datatype.FLOAT, Datatype.SHORT)) {
            Op concat = Op.create("base3-" + type, false, (in, io, inout, ioo, count, t) -> {
                for (int i = 0; i < count; i += 2) {
                    long v = TestData.get(t, in, io + i) * TestData.get(t, inout, ioo + i + 1)
                            + TestData.get(t, inout, ioo + i);
                    long w = TestData.get(t, in, io + i + 1) * TestData.get(t, inout, ioo + i + 1);
                    TestData.set(t, inout, ioo + i, v);
                    TestData.set(t, inout, ioo + i + 1, w);
                }
            });
            List<long[]> out = SpmdWorld.run(n, comm -> {
                Object in = type.newArray(2);
                TestData.set(type, in, 0, comm.rank() % 3);
                TestData.set(type, in, 1, 3);
                Object res = type.newArray(2);
                comm.allreduce(in, 0, res, 0, 2, type, concat);
                return new long[] {TestData.get(type, res, 0)};
            });
            long expected = 0;
            for (int r = 0; r < n; r++) {
                expected = expected * 3 + r % 3;
            }
            for (long[] o : out) {
                assertThat(o[0]).as("%s", type).isEqualTo(expected);
            }
        }
    }

    @Test
    void operationsOutsideTheirTypesAreOpErrors() {
        List<String> out = SpmdWorld.run(2, comm -> {
            StringBuilder sb = new StringBuilder();
            Object[][] cases = {
                    {Op.SUM, Datatype.BOOLEAN}, {Op.LAND, Datatype.INT}, {Op.BAND, Datatype.DOUBLE},
                    {Op.BXOR, Datatype.FLOAT}, {Op.MAXLOC, Datatype.INT}, {Op.MINLOC, Datatype.BYTE},
                    {Op.LOR, Datatype.OBJECT}};
            for (Object[] c : cases) {
                Datatype t = (Datatype) c[1];
                try {
                    comm.allreduce(t.newArray(1), 0, t.newArray(1), 0, 1, t, (Op) c[0]);
                    sb.append("none;");
                } catch (MpiException e) {
                    sb.append(e.errorClass() == ErrorClass.OP && e.getMessage().contains("not defined on datatype")
                            ? "OP;" : e.toString());
                }
            }
            return sb.toString();
        });
        assertThat(out).containsOnly("OP;".repeat(7));
        assertThat(Op.MAXLOC.supports(Datatype.contiguous(2, Datatype.DOUBLE))).isTrue();
        assertThat(Op.MAXLOC.supports(Datatype.contiguous(3, Datatype.DOUBLE))).isFalse();
        assertThat(Op.SUM.supports(Datatype.vector(2, 1, 2, Datatype.CHAR))).isTrue();
    }

    @Test
    void predefinedOperationsOnDerivedTypesApplyToEachElement() {
        List<String> out = SpmdWorld.run(3, comm -> {
            Datatype every2nd = Datatype.vector(3, 1, 2, Datatype.INT);
            int[] in = new int[6];
            for (int i = 0; i < 6; i++) {
                in[i] = (comm.rank() + 1) * (i + 1);
            }
            int[] res = new int[6];
            comm.allreduce(in, 0, res, 0, 1, every2nd, Op.SUM);
            return java.util.Arrays.toString(res);
        });
        assertThat(out).containsOnly("[6, 0, 18, 0, 30, 0]");
    }
}
