package io.ccrj.mpi.mpijava.ompi;

import java.util.Arrays;
import java.util.Objects;
import mpi.MPI;
import mpi.MPIException;

/**
 * Output of the Open MPI-style test programs, in Open MPI's spelling: one line per fact,
 * {@code OUT <program> r<rank> <what> = <value>}, and a {@code FAIL} line when a value differs
 * from what MPI's definition of the call says (computed here independently). Per rank.
 */
final class Out {
    private Out() {
    }

    static int rank() {
        try {
            return MPI.COMM_WORLD.getRank();
        } catch (MPIException e) {
            throw new IllegalStateException(e);
        }
    }

    static void line(String program, String what, Object value) {
        System.out.println("OUT " + program + " r" + rank() + " " + what + " = " + str(value));
    }

    static void check(String program, String what, Object actual, Object expected) {
        line(program, what, actual);
        if (!Objects.deepEquals(actual, expected)) {
            System.out.println("FAIL " + program + " r" + rank() + " " + what + ": got " + str(actual) + ", expected "
                    + str(expected));
        }
    }

    static String str(Object v) {
        return switch (v) {
            case int[] a -> Arrays.toString(a);
            case double[] a -> Arrays.toString(a);
            case long[] a -> Arrays.toString(a);
            case boolean[] a -> Arrays.toString(a);
            case byte[] a -> Arrays.toString(a);
            case char[] a -> Arrays.toString(a);
            case short[] a -> Arrays.toString(a);
            case float[] a -> Arrays.toString(a);
            case Object[] a -> Arrays.deepToString(a);
            case null -> "null";
            default -> String.valueOf(v);
        };
    }
}
