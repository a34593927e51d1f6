package io.ccrj.mpi;

import java.util.Arrays;
import java.util.List;

/** Deterministic buffers of each datatype for the tests. */
final class TestData {
    private TestData() {
    }

    /** Datatypes whose elements hold the small signed values of these tests exactly. */
    static final List<Datatype> VALUE_TYPES = List.of(Datatype.SHORT, Datatype.INT, Datatype.LONG, Datatype.FLOAT,
            Datatype.DOUBLE, Datatype.OBJECT);

    /** Datatypes whose elements hold the products of the reduction tests exactly. */
    static final List<Datatype> ARITHMETIC_TYPES = List.of(Datatype.INT, Datatype.LONG, Datatype.FLOAT,
            Datatype.DOUBLE, Datatype.OBJECT);

    /** An array of {@code type} with element i = seed + i (boxed Long for OBJECT). */
    static Object array(Datatype type, int length, long seed) {
        Object a = type.newArray(length);
        for (int i = 0; i < length; i++) {
            set(type, a, i, seed + i);
        }
        return a;
    }

    /** Stores {@code v} narrowed to the base type (booleans: odd values are {@code true}). */
    static void set(Datatype type, Object a, int i, long v) {
        switch (type.base()) {
            case BYTE -> ((byte[]) a)[i] = (byte) v;
            case CHAR -> ((char[]) a)[i] = (char) v;
            case SHORT -> ((short[]) a)[i] = (short) v;
            case BOOLEAN -> ((boolean[]) a)[i] = (v & 1) != 0;
            case INT -> ((int[]) a)[i] = (int) v;
            case LONG -> ((long[]) a)[i] = v;
            case FLOAT -> ((float[]) a)[i] = v;
            case DOUBLE -> ((double[]) a)[i] = v;
            case OBJECT -> ((Object[]) a)[i] = v;
        }
    }

    static long get(Datatype type, Object a, int i) {
        return switch (type.base()) {
            case BYTE -> ((byte[]) a)[i];
            case CHAR -> ((char[]) a)[i];
            case SHORT -> ((short[]) a)[i];
            case BOOLEAN -> ((boolean[]) a)[i] ? 1 : 0;
            case INT -> ((int[]) a)[i];
            case LONG -> ((long[]) a)[i];
            case FLOAT -> (long) ((float[]) a)[i];
            case DOUBLE -> (long) ((double[]) a)[i];
            case OBJECT -> ((Object[]) a)[i] == null ? 0L : (Long) ((Object[]) a)[i];
        };
    }

    static String toString(Object a) {
        if (a instanceof double[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof int[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof long[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof byte[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof char[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof short[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof boolean[] d) {
            return Arrays.toString(d);
        }
        if (a instanceof float[] d) {
            return Arrays.toString(d);
        }
        return Arrays.toString((Object[]) a);
    }
}
