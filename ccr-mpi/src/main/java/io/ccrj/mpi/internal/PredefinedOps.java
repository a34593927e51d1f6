package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype.Base;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * The loops of {@link io.ccrj.mpi.Op}'s predefined operations, {@code inout[i] = in[i] op inout[i]}
 * over {@code n} packed base elements. Operation numbers are the declaration order of
 * {@code Op}'s predefined operations: MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR,
 * MAXLOC, MINLOC. {@code Op.supports} has checked the base type. Stateless.
 */
@Internal
public final class PredefinedOps {
    static final int MAX = 0;
    static final int MIN = 1;
    static final int SUM = 2;
    static final int PROD = 3;
    static final int LAND = 4;
    static final int BAND = 5;
    static final int LOR = 6;
    static final int BOR = 7;
    static final int LXOR = 8;
    static final int BXOR = 9;
    static final int MAXLOC = 10;
    static final int MINLOC = 11;

    private PredefinedOps() {
    }

    /**
     * Applies predefined operation {@code op} to {@code n} elements.
     *
     * @param op the operation's number
     * @param base the base type of both arrays
     * @param in the left operands
     * @param io index of the first left operand
     * @param inout the right operands and results
     * @param ioo index of the first right operand
     * @param n number of base elements (twice the number of pairs for MAXLOC and MINLOC)
     */
    public static void apply(int op, Base base, Object in, int io, Object inout, int ioo, int n) {
        if (op == MAXLOC || op == MINLOC) {
            loc(op == MAXLOC, base, in, io, inout, ioo, n);
            return;
        }
        switch (base) {
            case BYTE -> {
                IntBinaryOperator f = ints(op);
                byte[] a = (byte[]) in;
                byte[] b = (byte[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = (byte) f.applyAsInt(a[io + i], b[ioo + i]);
                }
            }
            case CHAR -> {
                IntBinaryOperator f = ints(op);
                char[] a = (char[]) in;
                char[] b = (char[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = (char) f.applyAsInt(a[io + i], b[ioo + i]);
                }
            }
            case SHORT -> {
                IntBinaryOperator f = ints(op);
                short[] a = (short[]) in;
                short[] b = (short[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = (short) f.applyAsInt(a[io + i], b[ioo + i]);
                }
            }
            case INT -> {
                IntBinaryOperator f = ints(op);
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = f.applyAsInt(a[io + i], b[ioo + i]);
                }
            }
            case LONG -> {
                LongBinaryOperator f = longs(op);
                long[] a = (long[]) in;
                long[] b = (long[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = f.applyAsLong(a[io + i], b[ioo + i]);
                }
            }
            case FLOAT -> {
                // float arithmetic through double gives the float result for + * min max: a
                // double's 53 bits are at least 2 x 24 + 2, so rounding to double and then to
                // float equals rounding once (S. Figueroa, "When is double rounding innocuous?",
                // SIGNUM Newsletter 30(3), 1995)
                DoubleBinaryOperator f = doubles(op);
                float[] a = (float[]) in;
                float[] b = (float[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = (float) f.applyAsDouble(a[io + i], b[ioo + i]);
                }
            }
            case DOUBLE -> {
                DoubleBinaryOperator f = doubles(op);
                double[] a = (double[]) in;
                double[] b = (double[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = f.applyAsDouble(a[io + i], b[ioo + i]);
                }
            }
            case BOOLEAN -> {
                boolean[] a = (boolean[]) in;
                boolean[] b = (boolean[]) inout;
                for (int i = 0; i < n; i++) {
                    boolean x = a[io + i];
                    boolean y = b[ioo + i];
                    b[ioo + i] = switch (op) {
                        case LAND -> x && y;
                        case LOR -> x || y;
                        case LXOR -> x ^ y;
                        default -> throw unsupported(op, base);
                    };
                }
            }
            case OBJECT -> {
                Object[] a = (Object[]) in;
                Object[] b = (Object[]) inout;
                for (int i = 0; i < n; i++) {
                    b[ioo + i] = object(op, a[io + i], b[ioo + i]);
                }
            }
        }
    }

    private static IntBinaryOperator ints(int op) {
        return switch (op) {
            case MAX -> Math::max;
            case MIN -> Math::min;
            case SUM -> Integer::sum;
            case PROD -> (x, y) -> x * y;
            case BAND -> (x, y) -> x & y;
            case BOR -> (x, y) -> x | y;
            case BXOR -> (x, y) -> x ^ y;
            default -> throw new AssertionError(op);
        };
    }

    private static LongBinaryOperator longs(int op) {
        return switch (op) {
            case MAX -> Math::max;
            case MIN -> Math::min;
            case SUM -> Long::sum;
            case PROD -> (x, y) -> x * y;
            case BAND -> (x, y) -> x & y;
            case BOR -> (x, y) -> x | y;
            case BXOR -> (x, y) -> x ^ y;
            default -> throw new AssertionError(op);
        };
    }

    private static DoubleBinaryOperator doubles(int op) {
        return switch (op) {
            case MAX -> Math::max;
            case MIN -> Math::min;
            case SUM -> Double::sum;
            case PROD -> (x, y) -> x * y;
            default -> throw new AssertionError(op);
        };
    }

    /**
     * PROD on complex numbers: {@code n} base elements of {@code float} or {@code double} as
     * {@code n / 2} (real, imaginary) pairs, {@code inout = in * inout}.
     *
     * @param base {@link Base#FLOAT} or {@link Base#DOUBLE}
     * @param in the left operands
     * @param io index of the first left operand's real part
     * @param inout the right operands and results
     * @param ioo index of the first right operand's real part
     * @param n number of base elements (twice the number of complex numbers)
     */
    public static void complexProduct(Base base, Object in, int io, Object inout, int ioo, int n) {
        if (base == Base.DOUBLE) {
            double[] a = (double[]) in;
            double[] b = (double[]) inout;
            for (int i = 0; i + 1 < n; i += 2) {
                double ar = a[io + i];
                double ai = a[io + i + 1];
                double br = b[ioo + i];
                double bi = b[ioo + i + 1];
                b[ioo + i] = ar * br - ai * bi;
                b[ioo + i + 1] = ar * bi + ai * br;
            }
        } else if (base == Base.FLOAT) {
            float[] a = (float[]) in;
            float[] b = (float[]) inout;
            for (int i = 0; i + 1 < n; i += 2) {
                float ar = a[io + i];
                float ai = a[io + i + 1];
                float br = b[ioo + i];
                float bi = b[ioo + i + 1];
                b[ioo + i] = ar * br - ai * bi;
                b[ioo + i + 1] = ar * bi + ai * br;
            }
        } else {
            throw new IllegalArgumentException("complex numbers are float or double pairs, not " + base);
        }
    }

    /** MAXLOC/MINLOC on (value, index) pairs; of equal values the lower index wins (MPI). */
    private static void loc(boolean max, Base base, Object in, int io, Object inout, int ioo, int n) {
        switch (base) {
            case SHORT -> {
                short[] a = (short[]) in;
                short[] b = (short[]) inout;
                for (int i = 0; i < n; i += 2) {
                    int c = Short.compare(a[io + i], b[ioo + i]);
                    if (max ? c > 0 : c < 0) {
                        b[ioo + i] = a[io + i];
                        b[ioo + i + 1] = a[io + i + 1];
                    } else if (c == 0) {
                        b[ioo + i + 1] = (short) Math.min(a[io + i + 1], b[ioo + i + 1]);
                    }
                }
            }
            case INT -> {
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < n; i += 2) {
                    int c = Integer.compare(a[io + i], b[ioo + i]);
                    if (max ? c > 0 : c < 0) {
                        b[ioo + i] = a[io + i];
                        b[ioo + i + 1] = a[io + i + 1];
                    } else if (c == 0) {
                        b[ioo + i + 1] = Math.min(a[io + i + 1], b[ioo + i + 1]);
                    }
                }
            }
            case LONG -> {
                long[] a = (long[]) in;
                long[] b = (long[]) inout;
                for (int i = 0; i < n; i += 2) {
                    int c = Long.compare(a[io + i], b[ioo + i]);
                    if (max ? c > 0 : c < 0) {
                        b[ioo + i] = a[io + i];
                        b[ioo + i + 1] = a[io + i + 1];
                    } else if (c == 0) {
                        b[ioo + i + 1] = Math.min(a[io + i + 1], b[ioo + i + 1]);
                    }
                }
            }
            case FLOAT -> {
                float[] a = (float[]) in;
                float[] b = (float[]) inout;
                for (int i = 0; i < n; i += 2) {
                    int c = Float.compare(a[io + i], b[ioo + i]);
                    if (max ? c > 0 : c < 0) {
                        b[ioo + i] = a[io + i];
                        b[ioo + i + 1] = a[io + i + 1];
                    } else if (c == 0) {
                        b[ioo + i + 1] = Math.min(a[io + i + 1], b[ioo + i + 1]);
                    }
                }
            }
            case DOUBLE -> {
                double[] a = (double[]) in;
                double[] b = (double[]) inout;
                for (int i = 0; i < n; i += 2) {
                    int c = Double.compare(a[io + i], b[ioo + i]);
                    if (max ? c > 0 : c < 0) {
                        b[ioo + i] = a[io + i];
                        b[ioo + i + 1] = a[io + i + 1];
                    } else if (c == 0) {
                        b[ioo + i + 1] = Math.min(a[io + i + 1], b[ioo + i + 1]);
                    }
                }
            }
            default -> throw unsupported(max ? MAXLOC : MINLOC, base);
        }
    }

    private static Object object(int op, Object a, Object b) {
        return switch (op) {
            case SUM -> objectSum(a, b);
            case PROD -> objectProduct(a, b);
            case MIN -> compare(a, b) <= 0 ? a : b;
            case MAX -> compare(a, b) >= 0 ? a : b;
            default -> throw unsupported(op, Base.OBJECT);
        };
    }

    private static Object objectSum(Object a, Object b) {
        if (a instanceof Integer x && b instanceof Integer y) {
            return x + y;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return x + y;
        }
        if (a instanceof Double x && b instanceof Double y) {
            return x + y;
        }
        throw unsupportedObjects("SUM", a, b);
    }

    private static Object objectProduct(Object a, Object b) {
        if (a instanceof Integer x && b instanceof Integer y) {
            return x * y;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return x * y;
        }
        if (a instanceof Double x && b instanceof Double y) {
            return x * y;
        }
        throw unsupportedObjects("PROD", a, b);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        if (a instanceof Comparable ca && b != null && a.getClass() == b.getClass()) {
            return ca.compareTo(b);
        }
        throw unsupportedObjects("MIN/MAX", a, b);
    }

    private static MpiException unsupported(int op, Base base) {
        return new MpiException(ErrorClass.OP, "predefined operation #" + op + " is not defined on base type " + base);
    }

    private static MpiException unsupportedObjects(String op, Object a, Object b) {
        return new MpiException(ErrorClass.OP, "operation " + op
                + " is not defined on objects " + typeName(a) + " and " + typeName(b)
                + " (SUM and PROD take Integer, Long or Double; MIN and MAX take Comparables of one class)");
    }

    private static String typeName(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }
}
