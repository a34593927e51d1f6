package io.ccrj.mpi.mpjexpress.conformance;

import io.ccrj.mpi.Datatype;
import java.lang.reflect.Array;
import java.util.List;

/**
 * Buffers and values for the kernels. Every value is exact in a double and stays exact under
 * any order of sums and products the kernels make (small integers times 3/4), so results do not
 * depend on a backend's combining order.
 */
final class Values {

    /** The four datatypes, in the order kernels go through them. */
    static final List<Datatype> TYPES = List.of(Datatype.DOUBLE, Datatype.INT, Datatype.LONG, Datatype.OBJECT);

    private static final int[] SMALL = {-2, -1, 1, 2};

    private Values() {
    }

    /** A small non-zero integer for element {@code i} of rank {@code rank}'s operand. */
    static int small(int rank, int i) {
        return SMALL[Math.floorMod(rank * 3 + i, SMALL.length)];
    }

    /** An array of {@code type} whose element {@code i} is {@code value(i)} (doubles times 0.75). */
    static Object buffer(Datatype type, int length, java.util.function.IntUnaryOperator value) {
        Object b = type.newArray(length);
        for (int i = 0; i < length; i++) {
            set(b, type, i, value.applyAsInt(i));
        }
        return b;
    }

    /** Stores integer {@code v} into {@code buf[i]} as {@code type} does (doubles as {@code v * 0.75}). */
    static void set(Object buf, Datatype type, int i, int v) {
        switch (type.base()) {
            case BYTE -> ((byte[]) buf)[i] = (byte) v;
            case CHAR -> ((char[]) buf)[i] = (char) v;
            case SHORT -> ((short[]) buf)[i] = (short) v;
            case BOOLEAN -> ((boolean[]) buf)[i] = (v & 1) != 0;
            case INT -> ((int[]) buf)[i] = v;
            case LONG -> ((long[]) buf)[i] = v;
            case FLOAT -> ((float[]) buf)[i] = v * 0.75f;
            case DOUBLE -> ((double[]) buf)[i] = v * 0.75;
            case OBJECT -> ((Object[]) buf)[i] = v;
        }
    }

    /** A copy of {@code buf}. */
    static Object copy(Object buf) {
        int n = Array.getLength(buf);
        Object c = Array.newInstance(buf.getClass().getComponentType(), n);
        System.arraycopy(buf, 0, c, 0, n);
        return c;
    }

    /** An array of {@code type} filled with a sentinel that no kernel sends. */
    static Object sentinel(Datatype type, int length) {
        return buffer(type, length, i -> -1000 - i);
    }
}
