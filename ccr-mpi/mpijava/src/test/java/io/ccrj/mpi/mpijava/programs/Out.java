package io.ccrj.mpi.mpijava.programs;

import java.util.Arrays;
import java.util.Objects;
import mpi.MPI;

/**
 * Output of the test programs: one line per fact, {@code OUT <program> r<rank> <what> = <value>},
 * and a {@code FAIL} line when a value differs from what MPI's definition of the call says it
 * must be (computed here independently). The tests compare the lines of both backends and reject
 * any FAIL. Per rank (each rank has its own copy of this class and of {@code mpi}).
 */
final class Out {
    private Out() {
    }

    static void line(String program, String what, Object value) {
        System.out.println("OUT " + program + " r" + MPI.COMM_WORLD.Rank() + " " + what + " = " + str(value));
    }

    static void check(String program, String what, Object actual, Object expected) {
        line(program, what, actual);
        if (!Objects.deepEquals(actual, expected)) {
            System.out.println("FAIL " + program + " r" + MPI.COMM_WORLD.Rank() + " " + what + ": got " + str(actual)
                    + ", expected " + str(expected));
        }
    }

    static String str(Object v) {
        if (v instanceof int[] a) {
            return Arrays.toString(a);
        } else if (v instanceof double[] a) {
            return Arrays.toString(a);
        } else if (v instanceof long[] a) {
            return Arrays.toString(a);
        } else if (v instanceof boolean[] a) {
            return Arrays.toString(a);
        } else if (v instanceof byte[] a) {
            return Arrays.toString(a);
        } else if (v instanceof char[] a) {
            return Arrays.toString(a);
        } else if (v instanceof short[] a) {
            return Arrays.toString(a);
        } else if (v instanceof float[] a) {
            return Arrays.toString(a);
        } else if (v instanceof Object[] a) {
            return Arrays.deepToString(a);
        }
        return String.valueOf(v);
    }
}
