package io.ccrj.mpi;

import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * A reduction operation for {@link Comm#reduce} and {@link Comm#allreduce}, as mpiJava's
 * {@code mpi.Op}: the predefined {@link #SUM}, {@link #PROD}, {@link #MIN} and {@link #MAX}, or a
 * user operation made by one of the factories.
 *
 * <p>Reductions combine the ranks' operands in rank order ({@code x0 op x1 op ... op x(n-1)});
 * an operation declared commutative lets the algorithms combine them in any order, as MPI allows,
 * so its results may differ in the last bits for floating point (the predefined operations are
 * commutative). Every operation must be associative.
 *
 * <p>Predefined operations on {@link Datatype#OBJECT}: {@code SUM} and {@code PROD} accept
 * {@link Integer}, {@link Long} and {@link Double} elements (both operands of one class);
 * {@code MIN} and {@code MAX} accept mutually {@link Comparable} elements. Other elements fail
 * with an {@link MpiException} of class {@link MpiException.ErrorClass#OP}.
 *
 * <h2>Operands: {@code inout = in op inout} on private copies</h2>
 * An operation combines two operand buffers, {@code in} (the lower ranks' partial result) and
 * {@code inout} (the higher ranks'), into {@code inout}. The reductions hand it buffers that belong
 * to the reduction alone, never a rank's send buffer nor a buffer another rank still uses, so a
 * user function made by {@link #create} may overwrite the elements of {@code inout} and change
 * the objects they refer to (mpiJava's {@code User_function} contract); it must not change
 * {@code in}. MPI forbids a reduction to change any rank's send buffer, and ccr-mpi never does.
 * On {@link Datatype#OBJECT} buffers, where elements are references, a {@code create} operation
 * therefore gets private copies of the objects (arrays element by element, other
 * {@link java.io.Serializable} objects through serialization); immutable elements (strings, boxed
 * numbers, enums, records of those) are shared, not copied, and so are the operands of the
 * predefined and element-wise operations, whose functions return new values instead of changing
 * their operands.
 *
 * <p>Instances are immutable and may be shared by all ranks.
 */
public final class Op {

    /** Sum ({@code MPI_SUM}). */
    public static final Op SUM = new Op("SUM", true, null,
            (a, b) -> a + b, (a, b) -> a + b, (a, b) -> a + b, Op::objectSum);
    /** Product ({@code MPI_PROD}). */
    public static final Op PROD = new Op("PROD", true, null,
            (a, b) -> a * b, (a, b) -> a * b, (a, b) -> a * b, Op::objectProduct);
    /** Minimum ({@code MPI_MIN}); for doubles as {@link Math#min(double, double)}. */
    public static final Op MIN = new Op("MIN", true, null,
            Math::min, Math::min, Math::min, (a, b) -> compare(a, b) <= 0 ? a : b);
    /** Maximum ({@code MPI_MAX}); for doubles as {@link Math#max(double, double)}. */
    public static final Op MAX = new Op("MAX", true, null,
            Math::max, Math::max, Math::max, (a, b) -> compare(a, b) >= 0 ? a : b);

    private final String name;
    private final boolean commutative;
    private final UserFunction function;
    private final DoubleBinaryOperator doubles;
    private final IntBinaryOperator ints;
    private final LongBinaryOperator longs;
    private final BinaryOperator<Object> objects;

    private Op(String name, boolean commutative, UserFunction function, DoubleBinaryOperator doubles,
            IntBinaryOperator ints, LongBinaryOperator longs, BinaryOperator<Object> objects) {
        this.name = Objects.requireNonNull(name, "name");
        this.commutative = commutative;
        this.function = function;
        this.doubles = doubles;
        this.ints = ints;
        this.longs = longs;
        this.objects = objects;
    }

    /**
     * A user operation over whole buffers of any datatype, as mpiJava's
     * {@code new Op(User_function, commute)}. The function combines in place,
     * {@code inout = in op inout}, and may change the objects of {@code inout}: reductions give it
     * private copies (see the class comment).
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param function the buffer-wise function
     * @return the operation
     */
    public static Op create(String name, boolean commutative, UserFunction function) {
        Objects.requireNonNull(function, "function");
        return new Op(name, commutative, function, null, null, null, null);
    }

    /**
     * A user operation on {@link Datatype#DOUBLE} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another datatype fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofDoubles(String name, boolean commutative, DoubleBinaryOperator op) {
        return new Op(name, commutative, null, Objects.requireNonNull(op, "op"), null, null, null);
    }

    /**
     * A user operation on {@link Datatype#INT} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another datatype fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofInts(String name, boolean commutative, IntBinaryOperator op) {
        return new Op(name, commutative, null, null, Objects.requireNonNull(op, "op"), null, null);
    }

    /**
     * A user operation on {@link Datatype#LONG} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another datatype fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofLongs(String name, boolean commutative, LongBinaryOperator op) {
        return new Op(name, commutative, null, null, null, Objects.requireNonNull(op, "op"), null);
    }

    /**
     * A user operation on {@link Datatype#OBJECT} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)}); it must not mutate its
     *     operands, which other ranks may still hold
     * @return the operation; using it with another datatype fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofObjects(String name, boolean commutative, BinaryOperator<Object> op) {
        return new Op(name, commutative, null, null, null, null, Objects.requireNonNull(op, "op"));
    }

    /**
     * The operation's name ({@code "SUM"}, ... or the user's).
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * Whether operands may be combined in any order.
     *
     * @return the commutativity declared at creation ({@code true} for the predefined operations)
     */
    public boolean isCommutative() {
        return commutative;
    }

    /**
     * Whether this operation's function may change the objects of its {@code inout} operands (an
     * operation made by {@link #create}), so that reductions on {@link Datatype#OBJECT} give it
     * private copies of them.
     *
     * @return {@code true} for operations made by {@link #create}
     */
    public boolean combinesInPlace() {
        return function != null;
    }

    /**
     * Whether this is one of {@link #SUM}, {@link #PROD}, {@link #MIN}, {@link #MAX}.
     *
     * @return {@code true} for the predefined operations
     */
    public boolean isPredefined() {
        return this == SUM || this == PROD || this == MIN || this == MAX;
    }

    /**
     * Whether this operation is defined on {@code type}.
     *
     * @param type a datatype
     * @return {@code true} if {@link #apply} accepts it
     */
    public boolean supports(Datatype type) {
        if (function != null) {
            return true;
        }
        return switch (type) {
            case DOUBLE -> doubles != null;
            case INT -> ints != null;
            case LONG -> longs != null;
            case OBJECT -> objects != null;
        };
    }

    /**
     * Combines {@code count} elements: {@code inout[j + i] = in[k + i] op inout[j + i]}, with
     * {@code in} the operand from the lower ranks (mpiJava's {@code User_function.Call}
     * convention).
     *
     * @param in the left operands
     * @param inOffset index of the first left operand
     * @param inout the right operands, overwritten with the results
     * @param inoutOffset index of the first right operand
     * @param count how many elements
     * @param type the datatype of both arrays
     * @throws MpiException of class {@link MpiException.ErrorClass#OP} if the operation is not
     *     defined on {@code type} or on the objects given
     */
    public void apply(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
        if (function != null) {
            function.call(in, inOffset, inout, inoutOffset, count, type);
            return;
        }
        if (!supports(type)) {
            throw new MpiException(MpiException.ErrorClass.OP,
                    "operation " + name + " is not defined on datatype " + type);
        }
        switch (type) {
            case DOUBLE -> {
                double[] a = (double[]) in;
                double[] b = (double[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = doubles.applyAsDouble(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case INT -> {
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = ints.applyAsInt(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case LONG -> {
                long[] a = (long[]) in;
                long[] b = (long[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = longs.applyAsLong(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case OBJECT -> {
                Object[] a = (Object[]) in;
                Object[] b = (Object[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = objects.apply(a[inOffset + i], b[inoutOffset + i]);
                }
            }
        }
    }

    @Override
    public String toString() {
        return "Op[" + name + (commutative ? "" : ", non-commutative") + "]";
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

    private static MpiException unsupportedObjects(String op, Object a, Object b) {
        return new MpiException(MpiException.ErrorClass.OP, "operation " + op
                + " is not defined on objects " + typeName(a) + " and " + typeName(b)
                + " (SUM and PROD take Integer, Long or Double; MIN and MAX take Comparables of one class)");
    }

    private static String typeName(Object o) {
        return o == null ? "null" : o.getClass().getName();
    }
}
