package io.ccrj.mpi;

import java.util.Arrays;

/** Deterministic buffers of each datatype for the tests. */
final class TestData {
    private TestData() {
    }

    /** An array of {@code type} with element i = seed + i (boxed Long for OBJECT). */
    static Object array(Datatype type, int length, long seed) {
        Object a = type.newArray(length);
        for (int i = 0; i < length; i++) {
            set(type, a, i, seed + i);
        }
        return a;
    }

    static void set(Datatype type, Object a, int i, long v) {
        switch (type) {
            case DOUBLE -> ((double[]) a)[i] = v;
            case INT -> ((int[]) a)[i] = (int) v;
            case LONG -> ((long[]) a)[i] = v;
            case OBJECT -> ((Object[]) a)[i] = v;
        }
    }

    static long get(Datatype type, Object a, int i) {
        return switch (type) {
            case DOUBLE -> (long) ((double[]) a)[i];
            case INT -> ((int[]) a)[i];
            case LONG -> ((long[]) a)[i];
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
        return Arrays.toString((Object[]) a);
    }
}
