package io.ccrj.mpi;

import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.function.DoubleBinaryOperator;
import java.util.function.IntBinaryOperator;
import java.util.function.LongBinaryOperator;

/**
 * A reduction operation for {@link Comm#reduce}, {@link Comm#allreduce},
 * {@link Comm#reduceScatter} and {@link Comm#scan}, as mpiJava's {@code mpi.Op}: one of the
 * predefined operations, or a user operation made by one of the factories.
 *
 * <p>Predefined operations and the base types they are defined on (a derived datatype takes its
 * base type's; the operation applies element by element, except {@code MAXLOC} and
 * {@code MINLOC}, which apply to (value, index) pairs):
 * <ul>
 *   <li>{@link #MAX}, {@link #MIN}, {@link #SUM}, {@link #PROD}: {@code BYTE}, {@code CHAR},
 *       {@code SHORT}, {@code INT}, {@code LONG}, {@code FLOAT}, {@code DOUBLE} (Java's
 *       arithmetic: integer results wrap; {@code byte}, {@code char} and {@code short} results
 *       are narrowed) and {@code OBJECT} (below);
 *   <li>{@link #LAND}, {@link #LOR}, {@link #LXOR}: {@code BOOLEAN};
 *   <li>{@link #BAND}, {@link #BOR}, {@link #BXOR}: {@code BYTE}, {@code CHAR}, {@code SHORT},
 *       {@code INT}, {@code LONG};
 *   <li>{@link #MAXLOC}, {@link #MINLOC}: the pair types {@link Datatype#SHORT2},
 *       {@link Datatype#INT2}, {@link Datatype#LONG2}, {@link Datatype#FLOAT2},
 *       {@link Datatype#DOUBLE2} (or any datatype of an even number of such elements); of equal
 *       values the lower index wins, as MPI specifies;
 *   <li>{@link #REPLACE}, {@link #NO_OP}: every base type of a {@link Window}, in its accumulate
 *       operations only; reductions refuse them with {@link MpiException.ErrorClass#OP}.
 * </ul>
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

    /** Maximum ({@code MPI.MAX}); for floating point as {@link Math#max(double, double)}. */
    public static final Op MAX = new Op("MAX", Kind.MAX);
    /** Minimum ({@code MPI.MIN}); for floating point as {@link Math#min(double, double)}. */
    public static final Op MIN = new Op("MIN", Kind.MIN);
    /** Sum ({@code MPI.SUM}). */
    public static final Op SUM = new Op("SUM", Kind.SUM);
    /** Product ({@code MPI.PROD}). */
    public static final Op PROD = new Op("PROD", Kind.PROD);
    /** Logical and of booleans ({@code MPI.LAND}). */
    public static final Op LAND = new Op("LAND", Kind.LAND);
    /** Bitwise and of integers ({@code MPI.BAND}). */
    public static final Op BAND = new Op("BAND", Kind.BAND);
    /** Logical or of booleans ({@code MPI.LOR}). */
    public static final Op LOR = new Op("LOR", Kind.LOR);
    /** Bitwise or of integers ({@code MPI.BOR}). */
    public static final Op BOR = new Op("BOR", Kind.BOR);
    /** Logical exclusive or of booleans ({@code MPI.LXOR}). */
    public static final Op LXOR = new Op("LXOR", Kind.LXOR);
    /** Bitwise exclusive or of integers ({@code MPI.BXOR}). */
    public static final Op BXOR = new Op("BXOR", Kind.BXOR);
    /** Maximum value and the lowest index holding it, on (value, index) pairs ({@code MPI.MAXLOC}). */
    public static final Op MAXLOC = new Op("MAXLOC", Kind.MAXLOC);
    /** Minimum value and the lowest index holding it, on (value, index) pairs ({@code MPI.MINLOC}). */
    public static final Op MINLOC = new Op("MINLOC", Kind.MINLOC);
    /**
     * The target's elements replaced by the origin's ({@code MPI.REPLACE}): for the accumulate
     * operations of a {@link Window} only (an atomic put); reductions refuse it.
     */
    public static final Op REPLACE = new Op("REPLACE", Kind.REPLACE);
    /**
     * The target's elements left as they are ({@code MPI.NO_OP}): for {@link Window#getAccumulate}
     * and {@link Window#fetchAndOp} (an atomic read) only; reductions refuse it.
     */
    public static final Op NO_OP = new Op("NO_OP", Kind.NO_OP);

    /** The predefined operations. */
    private enum Kind {
        MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC, MINLOC, REPLACE, NO_OP
    }

    private final String name;
    private final boolean commutative;
    private final Kind kind;
    private final UserFunction function;
    private final DoubleBinaryOperator doubles;
    private final IntBinaryOperator ints;
    private final LongBinaryOperator longs;
    private final BinaryOperator<Object> objects;

    private Op(String name, Kind kind) {
        this(name, true, kind, null, null, null, null, null);
    }

    private Op(String name, boolean commutative, Kind kind, UserFunction function, DoubleBinaryOperator doubles,
            IntBinaryOperator ints, LongBinaryOperator longs, BinaryOperator<Object> objects) {
        this.name = Objects.requireNonNull(name, "name");
        this.commutative = commutative;
        this.kind = kind;
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
     * private copies (see the class comment). Buffers reach it packed: item {@code i} of a derived
     * datatype at {@code offset + i * type.size()}.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param function the buffer-wise function
     * @return the operation
     */
    public static Op create(String name, boolean commutative, UserFunction function) {
        Objects.requireNonNull(function, "function");
        return new Op(name, commutative, null, function, null, null, null, null);
    }

    /**
     * A user operation on {@code DOUBLE} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another base type fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofDoubles(String name, boolean commutative, DoubleBinaryOperator op) {
        return new Op(name, commutative, null, null, Objects.requireNonNull(op, "op"), null, null, null);
    }

    /**
     * A user operation on {@code INT} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another base type fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofInts(String name, boolean commutative, IntBinaryOperator op) {
        return new Op(name, commutative, null, null, null, Objects.requireNonNull(op, "op"), null, null);
    }

    /**
     * A user operation on {@code LONG} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)})
     * @return the operation; using it with another base type fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofLongs(String name, boolean commutative, LongBinaryOperator op) {
        return new Op(name, commutative, null, null, null, null, Objects.requireNonNull(op, "op"), null);
    }

    /**
     * A user operation on {@code OBJECT} elements.
     *
     * @param name a name for diagnostics
     * @param commutative whether operands may be combined in any order
     * @param op the element-wise operation ({@code op(left, right)}); it must not change its
     *     operands, which other ranks may still hold, and returns the result
     * @return the operation; using it with another base type fails with class
     *     {@link MpiException.ErrorClass#OP}
     */
    public static Op ofObjects(String name, boolean commutative, BinaryOperator<Object> op) {
        return new Op(name, commutative, null, null, null, null, null, Objects.requireNonNull(op, "op"));
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
     * operation made by {@link #create}), so that reductions on {@code OBJECT} buffers give it
     * private copies of them.
     *
     * @return {@code true} for operations made by {@link #create}
     */
    public boolean combinesInPlace() {
        return function != null;
    }

    /**
     * Whether this is one of the predefined operations ({@link #MAX} ... {@link #MINLOC},
     * {@link #REPLACE}, {@link #NO_OP}).
     *
     * @return {@code true} for the predefined operations
     */
    public boolean isPredefined() {
        return kind != null;
    }

    /**
     * Whether this operation is defined on {@code type}.
     *
     * @param type a datatype
     * @return {@code true} if {@link #apply} accepts it; {@code false} for {@link #REPLACE} and
     *     {@link #NO_OP}, which are no reductions (a {@link Window}'s accumulates apply them)
     */
    public boolean supports(Datatype type) {
        if (function != null) {
            return true;
        }
        Datatype.Base b = type.base();
        if (kind == null) {
            return switch (b) {
                case DOUBLE -> doubles != null;
                case INT -> ints != null;
                case LONG -> longs != null;
                case OBJECT -> objects != null;
                default -> false;
            };
        }
        if (type.complexity() != Datatype.NOT_COMPLEX) {
            // MPI: of the predefined reductions only SUM and PROD are defined on complex numbers.
            return type.complexity() == Datatype.ALL_COMPLEX && (kind == Kind.SUM || kind == Kind.PROD);
        }
        return switch (kind) {
            case MAX, MIN, SUM, PROD -> b != Datatype.Base.BOOLEAN;
            case LAND, LOR, LXOR -> b == Datatype.Base.BOOLEAN;
            case BAND, BOR, BXOR -> b == Datatype.Base.BYTE || b == Datatype.Base.CHAR || b == Datatype.Base.SHORT
                    || b == Datatype.Base.INT || b == Datatype.Base.LONG;
            case MAXLOC, MINLOC -> type.size() % 2 == 0 && (b == Datatype.Base.SHORT || b == Datatype.Base.INT
                    || b == Datatype.Base.LONG || b == Datatype.Base.FLOAT || b == Datatype.Base.DOUBLE);
            case REPLACE, NO_OP -> false;
        };
    }

    /**
     * Combines {@code count} items: {@code inout[j + i] = in[k + i] op inout[j + i]}, with
     * {@code in} the operand from the lower ranks (mpiJava's {@code User_function.Call}
     * convention). Both arrays hold the items packed: {@code count * type.size()} consecutive
     * base elements.
     *
     * @param in the left operands
     * @param inOffset index of the first left operand
     * @param inout the right operands, overwritten with the results
     * @param inoutOffset index of the first right operand
     * @param count how many items of {@code type}
     * @param type the datatype of the items
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
        int n = count * type.size();
        if (kind == Kind.PROD && type.isComplex()) {
            io.ccrj.mpi.internal.PredefinedOps.complexProduct(type.base(), in, inOffset, inout, inoutOffset, n);
            return;
        }
        if (kind != null) {
            io.ccrj.mpi.internal.PredefinedOps.apply(kind.ordinal(), type.base(), in, inOffset, inout, inoutOffset,
                    n);
            return;
        }
        switch (type.base()) {
            case DOUBLE -> {
                double[] a = (double[]) in;
                double[] b = (double[]) inout;
                for (int i = 0; i < n; i++) {
                    b[inoutOffset + i] = doubles.applyAsDouble(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case INT -> {
                int[] a = (int[]) in;
                int[] b = (int[]) inout;
                for (int i = 0; i < n; i++) {
                    b[inoutOffset + i] = ints.applyAsInt(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case LONG -> {
                long[] a = (long[]) in;
                long[] b = (long[]) inout;
                for (int i = 0; i < n; i++) {
                    b[inoutOffset + i] = longs.applyAsLong(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            case OBJECT -> {
                Object[] a = (Object[]) in;
                Object[] b = (Object[]) inout;
                for (int i = 0; i < n; i++) {
                    b[inoutOffset + i] = objects.apply(a[inOffset + i], b[inoutOffset + i]);
                }
            }
            default -> throw new AssertionError("checked by supports");
        }
    }

    @Override
    public String toString() {
        return "Op[" + name + (commutative ? "" : ", non-commutative") + "]";
    }
}
