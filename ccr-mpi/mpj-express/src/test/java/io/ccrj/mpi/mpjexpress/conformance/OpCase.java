package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * A reduction operation on one datatype, with the operands each rank contributes: the
 * predefined SUM, PROD, MIN, MAX on every datatype, a commutative user operation per datatype,
 * and a non-commutative one per datatype (composition of affine maps, 2x2 matrix product,
 * string concatenation), which must combine in rank order.
 */
record OpCase(String label, Op op, Datatype type, int count) {

    /** Composition of affine maps {@code x -> a x + b} stored as (a, b) pairs: {@code (f op g)(x) = g(f(x))}. */
    static final Op AFFINE_DOUBLE = Op.create("affine-double", false, (in, io, inout, ioo, count, type) -> {
        double[] f = (double[]) in;
        double[] g = (double[]) inout;
        for (int k = 0; k < count; k += 2) {
            double a1 = f[io + k];
            double b1 = f[io + k + 1];
            double a2 = g[ioo + k];
            double b2 = g[ioo + k + 1];
            g[ioo + k] = a2 * a1;
            g[ioo + k + 1] = a2 * b1 + b2;
        }
    });

    /** {@link #AFFINE_DOUBLE} on ints. */
    static final Op AFFINE_INT = Op.create("affine-int", false, (in, io, inout, ioo, count, type) -> {
        int[] f = (int[]) in;
        int[] g = (int[]) inout;
        for (int k = 0; k < count; k += 2) {
            int a1 = f[io + k];
            int b1 = f[io + k + 1];
            int a2 = g[ioo + k];
            int b2 = g[ioo + k + 1];
            g[ioo + k] = a2 * a1;
            g[ioo + k + 1] = a2 * b1 + b2;
        }
    });

    /** Product of 2x2 matrices stored row by row in blocks of 4 longs: {@code in x inout}. */
    static final Op MATMUL_LONG = Op.create("matmul-long", false, (in, io, inout, ioo, count, type) -> {
        long[] a = (long[]) in;
        long[] b = (long[]) inout;
        for (int k = 0; k < count; k += 4) {
            long a11 = a[io + k];
            long a12 = a[io + k + 1];
            long a21 = a[io + k + 2];
            long a22 = a[io + k + 3];
            long b11 = b[ioo + k];
            long b12 = b[ioo + k + 1];
            long b21 = b[ioo + k + 2];
            long b22 = b[ioo + k + 3];
            b[ioo + k] = a11 * b11 + a12 * b21;
            b[ioo + k + 1] = a11 * b12 + a12 * b22;
            b[ioo + k + 2] = a21 * b11 + a22 * b21;
            b[ioo + k + 3] = a21 * b12 + a22 * b22;
        }
    });

    /** String concatenation: non-commutative. */
    static final Op CONCAT = Op.ofObjects("concat", false, (a, b) -> (String) a + b);

    static final Op ABSMAX_DOUBLE = Op.ofDoubles("absmax", true, (a, b) -> Math.max(Math.abs(a), Math.abs(b)));
    static final Op BOR_INT = Op.ofInts("bor", true, (a, b) -> a | b);
    static final Op BXOR_LONG = Op.ofLongs("bxor", true, (a, b) -> a ^ b);
    static final Op GCD_OBJECT = Op.ofObjects("gcd", true, (a, b) -> gcd(Math.abs((Integer) a), Math.abs((Integer) b)));

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** Every case: 4 predefined operations x 4 datatypes, plus 4 commutative and 4 non-commutative user operations. */
    static List<OpCase> all() {
        List<OpCase> cases = new ArrayList<>();
        for (Op op : List.of(Op.SUM, Op.PROD, Op.MIN, Op.MAX)) {
            for (Datatype type : Values.TYPES) {
                cases.add(new OpCase(op.name() + "/" + type, op, type, 3));
            }
        }
        cases.add(new OpCase("absmax/DOUBLE", ABSMAX_DOUBLE, Datatype.DOUBLE, 3));
        cases.add(new OpCase("bor/INT", BOR_INT, Datatype.INT, 3));
        cases.add(new OpCase("bxor/LONG", BXOR_LONG, Datatype.LONG, 3));
        cases.add(new OpCase("gcd/OBJECT", GCD_OBJECT, Datatype.OBJECT, 3));
        cases.add(new OpCase("affine/DOUBLE", AFFINE_DOUBLE, Datatype.DOUBLE, 4));
        cases.add(new OpCase("affine/INT", AFFINE_INT, Datatype.INT, 4));
        cases.add(new OpCase("matmul/LONG", MATMUL_LONG, Datatype.LONG, 8));
        cases.add(new OpCase("concat/OBJECT", CONCAT, Datatype.OBJECT, 3));
        return cases;
    }

    /** Rank {@code rank}'s operand: {@code count} elements of {@code type}. */
    Object operand(int rank) {
        if (op == AFFINE_DOUBLE) {
            double[] v = new double[count];
            for (int k = 0; k < count; k += 2) {
                v[k] = (rank + k) % 2 == 0 ? 2.0 : 0.5;
                v[k + 1] = rank - 1.5 + k;
            }
            return v;
        }
        if (op == AFFINE_INT) {
            int[] v = new int[count];
            for (int k = 0; k < count; k += 2) {
                v[k] = (rank + k) % 2 == 0 ? 2 : -1;
                v[k + 1] = rank + 1 - k;
            }
            return v;
        }
        if (op == MATMUL_LONG) {
            long[] v = new long[count];
            for (int k = 0; k < count; k += 4) {
                v[k] = 2 + (rank + k) % 3;     // [[a, 1], [0, 1]]: products do not commute
                v[k + 1] = 1;
                v[k + 2] = k == 0 ? 0 : 1;     // second block [[a, 1], [1, 1]]
                v[k + 3] = 1;
            }
            return v;
        }
        if (op == CONCAT) {
            Object[] v = new Object[count];
            for (int i = 0; i < count; i++) {
                v[i] = "r" + rank + "i" + i + ";";
            }
            return v;
        }
        return Values.buffer(type, count, i -> Values.small(rank, i));
    }

    /** The reduction of ranks 0..size-1's operands, combined in rank order (the oracle). */
    Object reduced(int size) {
        Object acc = operand(0);
        for (int r = 1; r < size; r++) {
            Object next = operand(r);
            op.apply(acc, 0, next, 0, count, type);     // next = acc op next
            acc = next;
        }
        return acc;
    }
}
