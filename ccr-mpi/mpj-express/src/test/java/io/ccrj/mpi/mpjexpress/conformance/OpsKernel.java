package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;
import java.util.ArrayList;
import java.util.List;

/**
 * Every predefined operation on every basic type it is defined on (MAX, MIN, SUM, PROD on the
 * numeric types; BAND, BOR, BXOR on the integral ones; LAND, LOR, LXOR on booleans) and MAXLOC
 * and MINLOC on every pair type, by allreduce and by reduce to a root that moves from case to
 * case. Operands are small, so results are exact and do not overflow the narrowest type.
 */
public final class OpsKernel implements ConformanceKernel {

    static final int COUNT = 3;

    record Case(Op op, Datatype type) {
    }

    static List<Case> cases() {
        List<Case> all = new ArrayList<>();
        for (Op op : List.of(Op.MAX, Op.MIN, Op.SUM, Op.PROD)) {
            for (Datatype t : List.of(Datatype.BYTE, Datatype.SHORT, Datatype.INT, Datatype.LONG, Datatype.FLOAT,
                    Datatype.DOUBLE)) {
                all.add(new Case(op, t));
            }
        }
        for (Op op : List.of(Op.BAND, Op.BOR, Op.BXOR)) {
            for (Datatype t : List.of(Datatype.BYTE, Datatype.SHORT, Datatype.INT, Datatype.LONG)) {
                all.add(new Case(op, t));
            }
        }
        for (Op op : List.of(Op.LAND, Op.LOR, Op.LXOR)) {
            all.add(new Case(op, Datatype.BOOLEAN));
        }
        for (Op op : List.of(Op.MAXLOC, Op.MINLOC)) {
            for (Datatype t : List.of(Datatype.SHORT2, Datatype.INT2, Datatype.LONG2, Datatype.FLOAT2,
                    Datatype.DOUBLE2)) {
                all.add(new Case(op, t));
            }
        }
        return all;
    }

    /** Rank r's operand i: values in [-1, 2] (products of 8 stay within a byte), pairs (value, rank). */
    static int operand(Case c, int r, int i) {
        if (c.type().isPair()) {
            return i % 2 == 1 ? r : (r * 5 + i) % 3;
        }
        if (c.op() == Op.LAND) {
            return (r + i) % 4 == 0 ? 0 : 1;
        }
        return (r * 7 + i * 3) % 4 - 1;
    }

    @Override
    public Object run(Comm comm) {
        int r = comm.rank();
        int n = comm.size();
        List<Object> out = new ArrayList<>();
        List<Case> cases = cases();
        for (int k = 0; k < cases.size(); k++) {
            Case c = cases.get(k);
            int elements = COUNT * c.type().size();
            Datatype base = Datatype.of(c.type().base());
            Object in = Values.buffer(base, elements, i -> operand(c, r, i));
            Object all = Values.sentinel(base, elements);
            comm.allreduce(in, 0, all, 0, COUNT, c.type(), c.op());
            out.add(all);
            int root = k % n;
            Object red = Values.sentinel(base, elements);
            comm.reduce(in, 0, red, 0, COUNT, c.type(), c.op(), root);
            out.add(red);
        }
        return out;
    }

    @Override
    public Object expected(int r, int n) {
        List<Object> out = new ArrayList<>();
        List<Case> cases = cases();
        for (int k = 0; k < cases.size(); k++) {
            Case c = cases.get(k);
            int elements = COUNT * c.type().size();
            Datatype base = Datatype.of(c.type().base());
            Object result = Values.buffer(base, elements, i -> operand(c, 0, i));
            for (int q = 1; q < n; q++) {
                result = applied(c, result, base, elements, q);
            }
            out.add(result);
            out.add(k % n == r ? result : Values.sentinel(base, elements));
        }
        return out;
    }

    /** {@code acc op x(rank)} computed into a fresh array (the oracle, with ccr-mpi's own loops). */
    private static Object applied(Case c, Object acc, Datatype base, int elements, int rank) {
        Object x = Values.buffer(base, elements, i -> operand(c, rank, i));
        c.op().apply(acc, 0, x, 0, COUNT, c.type());
        return x;
    }
}
