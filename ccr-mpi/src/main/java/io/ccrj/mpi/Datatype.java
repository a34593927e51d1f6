package io.ccrj.mpi;

import io.ccrj.mpi.internal.TypeMap;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The type of a message buffer's elements, as mpiJava's {@code mpi.Datatype}: a basic type
 * ({@link #BYTE}, {@link #CHAR}, {@link #SHORT}, {@link #BOOLEAN}, {@link #INT}, {@link #LONG},
 * {@link #FLOAT}, {@link #DOUBLE}, {@link #OBJECT}), a pair type for {@link Op#MAXLOC} and
 * {@link Op#MINLOC} ({@link #SHORT2}, {@link #INT2}, {@link #LONG2}, {@link #FLOAT2},
 * {@link #DOUBLE2}), or a derived type made by {@link #contiguous}, {@link #vector},
 * {@link #hvector}, {@link #indexed}, {@link #hindexed} or {@link #struct}.
 *
 * <h2>Bounds</h2>
 * A type's lower and upper bounds are the smallest and one past the largest displacement its
 * elements (and its old types' bounds) reach, unless a {@link #struct} places the bound markers
 * {@link #LB} and {@link #UB} (MPI-1's {@code MPI_LB}, {@code MPI_UB}): then the smallest
 * {@code LB} displacement is the lower bound and the largest {@code UB} displacement the upper
 * bound, wherever the elements lie, and the extent ({@code ub - lb}) is what the constructors
 * and a message's items step by. Explicit bounds are sticky, as the standard defines them: a type
 * built from old types with explicit bounds takes its bounds from theirs alone (a
 * {@code contiguous(2, t)} of a {@code t} with {@code LB} at 0 and {@code UB} at 3 has bounds 0
 * and 6). The markers carry no data: they have size and extent 0 and are not buffer datatypes.
 *
 * <h2>Buffers and the type map</h2>
 * A buffer is a Java array of the datatype's {@linkplain #base() base type}: {@code byte[]},
 * {@code char[]}, {@code short[]}, {@code boolean[]}, {@code int[]}, {@code long[]},
 * {@code float[]}, {@code double[]}, or any array of references ({@code Object[]},
 * {@code String[]}, ...) for {@link Base#OBJECT}; anything else is rejected with an
 * {@link MpiException} of class {@link MpiException.ErrorClass#TYPE}. As in mpiJava, every
 * component of a derived type has the same base type, and displacements, strides, extents and
 * bounds are in base elements of the buffer, never in bytes (the "h" constructors differ from
 * the others only in that their strides and displacements are not multiplied by the old type's
 * extent). A datatype is a {@linkplain #displacements() type map}: {@link #size()} elements at
 * the given displacements; item {@code k} of a message of {@code count} items starts at
 * {@code offset + k * extent()}.
 *
 * <h2>Type matching</h2>
 * A message carries base elements: it can be received with any datatype of the same base type
 * (an {@code INT2} pair is two {@code INT}s), never another (checked here rather than left
 * undefined, class {@link MpiException.ErrorClass#TYPE}). {@link Status#count(Datatype)} and
 * {@link Status#elements()} follow the MPI standard's {@code Get_count} and
 * {@code Get_elements}.
 *
 * <p>Instances are immutable and may be shared by all ranks; a derived type needs no commit.
 */
public final class Datatype {
    /** Values of {@link #complexity()}: no complex component, complex components only, both. */
    static final byte NOT_COMPLEX = 0;
    static final byte ALL_COMPLEX = 1;
    static final byte PART_COMPLEX = 2;

    static {
        // before any datatype exists: internal code reaches a datatype's type map through this
        TypeMap.register(t -> t.map);
    }


    /** The element type of a buffer: one Java array type. */
    public enum Base {
        /** {@code byte[]}. */
        BYTE(byte[].class, Byte.BYTES),
        /** {@code char[]}. */
        CHAR(char[].class, Character.BYTES),
        /** {@code short[]}. */
        SHORT(short[].class, Short.BYTES),
        /** {@code boolean[]}. */
        BOOLEAN(boolean[].class, 1),
        /** {@code int[]}. */
        INT(int[].class, Integer.BYTES),
        /** {@code long[]}. */
        LONG(long[].class, Long.BYTES),
        /** {@code float[]}. */
        FLOAT(float[].class, Float.BYTES),
        /** {@code double[]}. */
        DOUBLE(double[].class, Double.BYTES),
        /** Any array of references; elements are passed by reference, not serialized. */
        OBJECT(Object[].class, 0);

        private final Class<?> arrayClass;
        private final int bytes;

        Base(Class<?> arrayClass, int bytes) {
            this.arrayClass = arrayClass;
            this.bytes = bytes;
        }

        /**
         * The array class of buffers of this base type.
         *
         * @return {@code byte[].class}, ..., {@code Object[].class}
         */
        public Class<?> arrayClass() {
            return arrayClass;
        }

        /**
         * Bytes per element when packed ({@link Datatype#pack}); 0 for {@link #OBJECT}, which
         * cannot be packed.
         *
         * @return the packed size of one element
         */
        public int packedBytes() {
            return bytes;
        }

        /**
         * A new array of this base type.
         *
         * @param length the number of elements
         * @return a new {@code byte[]}, ..., {@code Object[]}
         */
        public Object newArray(int length) {
            return switch (this) {
                case BYTE -> new byte[length];
                case CHAR -> new char[length];
                case SHORT -> new short[length];
                case BOOLEAN -> new boolean[length];
                case INT -> new int[length];
                case LONG -> new long[length];
                case FLOAT -> new float[length];
                case DOUBLE -> new double[length];
                case OBJECT -> new Object[length];
            };
        }
    }

    /** {@code byte[]} elements ({@code MPI.BYTE}). */
    public static final Datatype BYTE = basic("BYTE", Base.BYTE);
    /** {@code char[]} elements ({@code MPI.CHAR}). */
    public static final Datatype CHAR = basic("CHAR", Base.CHAR);
    /** {@code short[]} elements ({@code MPI.SHORT}). */
    public static final Datatype SHORT = basic("SHORT", Base.SHORT);
    /** {@code boolean[]} elements ({@code MPI.BOOLEAN}). */
    public static final Datatype BOOLEAN = basic("BOOLEAN", Base.BOOLEAN);
    /** {@code int[]} elements ({@code MPI.INT}). */
    public static final Datatype INT = basic("INT", Base.INT);
    /** {@code long[]} elements ({@code MPI.LONG}). */
    public static final Datatype LONG = basic("LONG", Base.LONG);
    /** {@code float[]} elements ({@code MPI.FLOAT}). */
    public static final Datatype FLOAT = basic("FLOAT", Base.FLOAT);
    /** {@code double[]} elements ({@code MPI.DOUBLE}). */
    public static final Datatype DOUBLE = basic("DOUBLE", Base.DOUBLE);
    /**
     * {@code Object[]} elements (or any array of references, {@code MPI.OBJECT}). Elements are
     * passed by reference, not serialized: sender and receiver share the objects, as ranks share
     * one JVM.
     */
    public static final Datatype OBJECT = basic("OBJECT", Base.OBJECT);
    /** Packed bytes made by {@link #pack} ({@code MPI.PACKED}): {@code byte[]} elements. */
    public static final Datatype PACKED = basic("PACKED", Base.BYTE);

    /** (value, index) pairs of {@code short} for {@link Op#MAXLOC}/{@link Op#MINLOC} ({@code MPI.SHORT2}). */
    public static final Datatype SHORT2 = pair("SHORT2", Base.SHORT);
    /** (value, index) pairs of {@code int} ({@code MPI.INT2}). */
    public static final Datatype INT2 = pair("INT2", Base.INT);
    /** (value, index) pairs of {@code long} ({@code MPI.LONG2}). */
    public static final Datatype LONG2 = pair("LONG2", Base.LONG);
    /** (value, index) pairs of {@code float}, the index stored as a float ({@code MPI.FLOAT2}). */
    public static final Datatype FLOAT2 = pair("FLOAT2", Base.FLOAT);
    /** (value, index) pairs of {@code double}, the index stored as a double ({@code MPI.DOUBLE2}). */
    public static final Datatype DOUBLE2 = pair("DOUBLE2", Base.DOUBLE);

    /**
     * Complex numbers of {@code float}: each element is a (real, imaginary) pair of consecutive
     * {@code float}s in a {@code float[]} ({@code MPI_C_FLOAT_COMPLEX}, Open MPI's
     * {@code MPI.FLOAT_COMPLEX}). {@link Op#SUM} and {@link Op#PROD} are complex addition and
     * multiplication; the other predefined operations are not defined on it (MPI).
     */
    public static final Datatype FLOAT_COMPLEX = complex("FLOAT_COMPLEX", Base.FLOAT);
    /** Complex numbers of {@code double} in a {@code double[]}, as {@link #FLOAT_COMPLEX} ({@code MPI_C_DOUBLE_COMPLEX}). */
    public static final Datatype DOUBLE_COMPLEX = complex("DOUBLE_COMPLEX", Base.DOUBLE);

    /**
     * The lower-bound marker ({@code MPI_LB}): in a {@link #struct}, sets the type's lower bound
     * to its displacement (see the class comment). Not a buffer datatype.
     */
    public static final Datatype LB = new Datatype("LB", Base.INT, new int[0], 0, 0, false, true, false, true,
            NOT_COMPLEX);
    /**
     * The upper-bound marker ({@code MPI_UB}): in a {@link #struct}, sets the type's upper bound
     * to its displacement (see the class comment). Not a buffer datatype.
     */
    public static final Datatype UB = new Datatype("UB", Base.INT, new int[0], 0, 0, false, false, true, true,
            NOT_COMPLEX);

    private static final List<Datatype> BASIC = List.of(BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT, DOUBLE,
            OBJECT);

    private final String name;
    private final Base base;
    /** The type map and the element copies it drives (internal: not API). */
    private final TypeMap map;
    private final int lb;
    private final int ub;
    private final boolean pair;
    /** Whether {@link #lb} / {@link #ub} come from bound markers rather than from the elements. */
    private final boolean explicitLb;
    private final boolean explicitUb;
    /** {@link #LB} or {@link #UB}. */
    private final boolean boundMarker;
    /**
     * {@link #NOT_COMPLEX}, {@link #ALL_COMPLEX} (a complex type, or one made of complex types
     * only: its elements pair up into complex numbers) or {@link #PART_COMPLEX} (complex and other
     * components mixed, on which no predefined reduction is defined).
     */
    private final byte complex;

    private Datatype(String name, Base base, int[] displacements, int lb, int ub, boolean pair) {
        this(name, base, displacements, lb, ub, pair, false, false, false, NOT_COMPLEX);
    }

    private Datatype(String name, Base base, int[] displacements, int lb, int ub, boolean pair, boolean explicitLb,
            boolean explicitUb, boolean boundMarker, byte complex) {
        this.complex = complex;
        this.explicitLb = explicitLb;
        this.explicitUb = explicitUb;
        this.boundMarker = boundMarker;
        this.name = name;
        this.base = base;
        this.lb = lb;
        this.ub = ub;
        this.pair = pair;
        this.map = new TypeMap(displacements, lb, ub);
    }

    private static Datatype basic(String name, Base base) {
        return new Datatype(name, base, new int[] {0}, 0, 1, false);
    }

    private static Datatype pair(String name, Base base) {
        return new Datatype(name, base, new int[] {0, 1}, 0, 2, true);
    }

    private static Datatype complex(String name, Base base) {
        return new Datatype(name, base, new int[] {0, 1}, 0, 2, false, false, false, false, ALL_COMPLEX);
    }

    /**
     * The basic datatypes, one per base type: {@link #BYTE}, {@link #CHAR}, {@link #SHORT},
     * {@link #BOOLEAN}, {@link #INT}, {@link #LONG}, {@link #FLOAT}, {@link #DOUBLE},
     * {@link #OBJECT}.
     *
     * @return an immutable list, in that order
     */
    public static List<Datatype> values() {
        return BASIC;
    }

    /**
     * The basic datatype of a base type.
     *
     * @param base a base type
     * @return {@link #BYTE} for {@link Base#BYTE}, and so on
     */
    public static Datatype of(Base base) {
        return BASIC.get(Objects.requireNonNull(base, "base").ordinal());
    }

    // ---------------------------------------------------------------- constructors (MPI_Type_*)

    /**
     * {@code count} copies of {@code old} one after the other ({@code Contiguous}).
     *
     * @param count number of copies, {@code >= 0}
     * @param old the old type
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#COUNT} if {@code count < 0}
     */
    public static Datatype contiguous(int count, Datatype old) {
        return vector(count, 1, 1, old).named("contiguous(" + count + ", " + old + ")");
    }

    /**
     * {@code count} blocks of {@code blocklength} copies of {@code old}, block starts
     * {@code stride} extents of {@code old} apart ({@code Vector}).
     *
     * @param count number of blocks, {@code >= 0}
     * @param blocklength copies per block, {@code >= 0}
     * @param stride distance between block starts, in extents of {@code old}
     * @param old the old type
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#COUNT} on a negative count
     */
    public static Datatype vector(int count, int blocklength, int stride, Datatype old) {
        checkOld(old);
        return hvector(count, blocklength, Math.multiplyExact(stride, old.extent()), old)
                .named("vector(" + count + ", " + blocklength + ", " + stride + ", " + old + ")");
    }

    /**
     * As {@link #vector}, with {@code stride} in base elements of the buffer ({@code Hvector}).
     *
     * @param count number of blocks, {@code >= 0}
     * @param blocklength copies per block, {@code >= 0}
     * @param stride distance between block starts, in base elements
     * @param old the old type
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#COUNT} on a negative count
     */
    public static Datatype hvector(int count, int blocklength, int stride, Datatype old) {
        checkOld(old);
        checkCount("count", count);
        checkCount("blocklength", blocklength);
        int[] lengths = new int[count];
        int[] displs = new int[count];
        for (int b = 0; b < count; b++) {
            lengths[b] = blocklength;
            displs[b] = Math.multiplyExact(b, stride);
        }
        return build("hvector(" + count + ", " + blocklength + ", " + stride + ", " + old + ")", lengths, displs,
                repeat(old, count), old.base);
    }

    /**
     * Blocks of copies of {@code old} at the given displacements, in extents of {@code old}
     * ({@code Indexed}).
     *
     * @param blocklengths copies per block
     * @param displacements start of each block, in extents of {@code old}
     * @param old the old type
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the arrays differ in
     *     length, {@link MpiException.ErrorClass#COUNT} on a negative block length
     */
    public static Datatype indexed(int[] blocklengths, int[] displacements, Datatype old) {
        checkOld(old);
        checkLengths(blocklengths, displacements);
        int[] displs = new int[displacements.length];
        for (int b = 0; b < displs.length; b++) {
            displs[b] = Math.multiplyExact(displacements[b], old.extent());
        }
        return build("indexed(" + Arrays.toString(blocklengths) + ", " + Arrays.toString(displacements) + ", " + old
                + ")", blocklengths, displs, repeat(old, displs.length), old.base);
    }

    /**
     * As {@link #indexed}, with displacements in base elements of the buffer ({@code Hindexed}).
     *
     * @param blocklengths copies per block
     * @param displacements start of each block, in base elements
     * @param old the old type
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the arrays differ in
     *     length, {@link MpiException.ErrorClass#COUNT} on a negative block length
     */
    public static Datatype hindexed(int[] blocklengths, int[] displacements, Datatype old) {
        checkOld(old);
        checkLengths(blocklengths, displacements);
        return build("hindexed(" + Arrays.toString(blocklengths) + ", " + Arrays.toString(displacements) + ", " + old
                + ")", blocklengths, displacements, repeat(old, displacements.length), old.base);
    }

    /**
     * Blocks of copies of different types at displacements in base elements ({@code Struct}).
     * All types must have the same base type (mpiJava's rule: a buffer is one Java array).
     *
     * @param blocklengths copies per block
     * @param displacements start of each block, in base elements
     * @param types the type of each block
     * @return the new type
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the arrays differ in
     *     length, {@link MpiException.ErrorClass#TYPE} if the base types differ,
     *     {@link MpiException.ErrorClass#COUNT} on a negative block length
     */
    public static Datatype struct(int[] blocklengths, int[] displacements, Datatype[] types) {
        checkLengths(blocklengths, displacements);
        Objects.requireNonNull(types, "types");
        if (types.length != blocklengths.length) {
            throw new MpiException(MpiException.ErrorClass.ARG, "struct: " + blocklengths.length
                    + " block lengths but " + types.length + " types");
        }
        for (Datatype t : types) {
            if (t == null) {
                throw new MpiException(MpiException.ErrorClass.TYPE, "struct: a block's datatype is null");
            }
        }
        return build("struct(" + Arrays.toString(blocklengths) + ", " + Arrays.toString(displacements) + ", "
                + Arrays.toString(types) + ")", blocklengths, displacements, types, Base.INT);
    }

    /**
     * The derived type; its base type is its blocks' ({@code emptyBase} when it has no block that
     * is not a bound marker: a vector of no blocks of doubles still describes a {@code double[]}).
     */
    private static Datatype build(String name, int[] blocklengths, int[] displs, Datatype[] types, Base emptyBase) {
        Base base = emptyBase;
        for (Datatype t : types) {
            if (!t.boundMarker) {
                base = t.base;
                break;
            }
        }
        // bounds from the elements (and old types' implicit bounds), and from explicit bounds
        int lb = Integer.MAX_VALUE;
        int ub = Integer.MIN_VALUE;
        long explicitLb = Long.MAX_VALUE;
        long explicitUb = Long.MIN_VALUE;
        int size = 0;
        for (int b = 0; b < blocklengths.length; b++) {
            checkCount("block length", blocklengths[b]);
            if (!types[b].boundMarker && types[b].base != base) {
                throw new MpiException(MpiException.ErrorClass.TYPE, name + ": blocks of base types " + base + " and "
                        + types[b].base + " (mpiJava datatypes have one base type)");
            }
            size = Math.addExact(size, Math.multiplyExact(blocklengths[b], types[b].size()));
        }
        int[] map = new int[size];
        int n = 0;
        for (int b = 0; b < blocklengths.length; b++) {
            Datatype t = types[b];
            for (int j = 0; j < blocklengths[b]; j++) {
                int shift = Math.addExact(displs[b], Math.multiplyExact(j, t.extent()));
                if (!t.boundMarker) {
                    lb = Math.min(lb, shift + t.lb);
                    ub = Math.max(ub, shift + t.ub);
                }
                if (t.explicitLb) {
                    explicitLb = Math.min(explicitLb, shift + t.lb);
                }
                if (t.explicitUb) {
                    explicitUb = Math.max(explicitUb, shift + t.ub);
                }
                for (int d : t.map.displacements()) {
                    map[n++] = shift + d;
                }
            }
        }
        boolean hasLb = explicitLb != Long.MAX_VALUE;
        boolean hasUb = explicitUb != Long.MIN_VALUE;
        if (lb > ub) {
            lb = 0;
            ub = 0;
        }
        if (hasLb) {
            lb = (int) explicitLb;
        }
        if (hasUb) {
            ub = (int) explicitUb;
        }
        if ((hasLb || hasUb) && ub < lb) {
            throw new MpiException(MpiException.ErrorClass.ARG, name + ": upper bound " + ub + " is below lower bound "
                    + lb + " (from the LB/UB markers and the elements)");
        }
        return new Datatype(name, base, map, lb, ub, false, hasLb, hasUb, false, complexity(types, blocklengths));
    }

    /** Whether the data components of a derived type are all complex, some, or none. */
    private static byte complexity(Datatype[] types, int[] blocklengths) {
        boolean some = false;
        boolean other = false;
        for (int b = 0; b < types.length; b++) {
            if (types[b].boundMarker || blocklengths[b] == 0 || types[b].size() == 0) {
                continue;
            }
            some |= types[b].complex != NOT_COMPLEX;
            other |= types[b].complex != ALL_COMPLEX;
        }
        return !some ? NOT_COMPLEX : other ? PART_COMPLEX : ALL_COMPLEX;
    }

    private Datatype named(String newName) {
        return new Datatype(newName, base, map.displacements(), lb, ub, false, explicitLb, explicitUb, false, complex);
    }

    /**
     * Whether this type's elements are complex numbers: {@link #FLOAT_COMPLEX},
     * {@link #DOUBLE_COMPLEX} or a type made of them only, whose base elements pair up as (real,
     * imaginary).
     *
     * @return {@code true} for complex types
     */
    public boolean isComplex() {
        return complex == ALL_COMPLEX;
    }

    /** {@link #NOT_COMPLEX}, {@link #ALL_COMPLEX} or {@link #PART_COMPLEX}, for {@link Op#supports}. */
    byte complexity() {
        return complex;
    }

    private static Datatype[] repeat(Datatype t, int n) {
        Datatype[] a = new Datatype[n];
        Arrays.fill(a, t);
        return a;
    }

    private static void checkOld(Datatype old) {
        if (old == null) {
            throw new MpiException(MpiException.ErrorClass.TYPE, "old datatype is null");
        }
        if (old.boundMarker) {
            throw new MpiException(MpiException.ErrorClass.TYPE, "old datatype " + old + " is a bound marker, which"
                    + " only struct takes");
        }
    }

    private static void checkCount(String what, int n) {
        if (n < 0) {
            throw new MpiException(MpiException.ErrorClass.COUNT, what + " must be >= 0, got " + n);
        }
    }

    private static void checkLengths(int[] blocklengths, int[] displacements) {
        Objects.requireNonNull(blocklengths, "blocklengths");
        Objects.requireNonNull(displacements, "displacements");
        if (blocklengths.length != displacements.length) {
            throw new MpiException(MpiException.ErrorClass.ARG, blocklengths.length + " block lengths but "
                    + displacements.length + " displacements");
        }
    }

    // ---------------------------------------------------------------- properties

    /**
     * The type's name, such as {@code "INT"} or {@code "vector(2, 1, 3, DOUBLE)"}.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * The base type: what array a buffer of this datatype must be.
     *
     * @return the base type
     */
    public Base base() {
        return base;
    }

    /**
     * Number of base elements in one item ({@code Size}; mpiJava counts elements, not bytes).
     *
     * @return the size
     */
    public int size() {
        return map.size();
    }

    /**
     * Distance between consecutive items, {@code ub() - lb()}, in base elements
     * ({@code Extent}).
     *
     * @return the extent
     */
    public int extent() {
        return ub - lb;
    }

    /**
     * The lower bound in base elements ({@code Lb}).
     *
     * @return the smallest displacement (of the old types' lower bounds), or the smallest
     *     {@link #LB} marker's if the type has any
     */
    public int lb() {
        return lb;
    }

    /**
     * The upper bound in base elements ({@code Ub}).
     *
     * @return one past the largest displacement (of the old types' upper bounds), or the largest
     *     {@link #UB} marker's if the type has any
     */
    public int ub() {
        return ub;
    }

    /**
     * The type map: the displacement of each of the {@link #size()} elements of an item, in base
     * elements, in type-map order.
     *
     * @return a new array
     */
    public int[] displacements() {
        return map.displacements();
    }

    /**
     * Whether this is one of the bound markers {@link #LB} and {@link #UB}, which only
     * {@link #struct} takes.
     *
     * @return {@code true} for {@link #LB} and {@link #UB}
     */
    public boolean isBoundMarker() {
        return boundMarker;
    }

    /**
     * Whether this is one of the basic types ({@link #values()}) or {@link #PACKED}.
     *
     * @return {@code true} for one-element types
     */
    public boolean isBasic() {
        return map.size() == 1 && !pair && map.isDense();
    }

    /**
     * Whether this is a (value, index) pair type for {@link Op#MAXLOC} and {@link Op#MINLOC}.
     *
     * @return {@code true} for {@link #SHORT2}, {@link #INT2}, {@link #LONG2}, {@link #FLOAT2},
     *     {@link #DOUBLE2}
     */
    public boolean isPair() {
        return pair;
    }

    /**
     * Whether {@code count} items of this type are {@code count * size()} consecutive base
     * elements starting at the offset (no gaps, no reordering).
     *
     * @return {@code true} for basic, pair and contiguous types
     */
    public boolean isDense() {
        return map.isDense();
    }

    /**
     * The array class a buffer of this datatype must be an instance of.
     *
     * @return {@code base().arrayClass()}
     */
    public Class<?> arrayClass() {
        return base.arrayClass;
    }

    /**
     * Whether {@code buffer} is an array this datatype can read from and write to.
     *
     * @param buffer a candidate buffer, possibly {@code null}
     * @return {@code true} if {@code buffer} is a non-null instance of {@link #arrayClass()}
     */
    public boolean accepts(Object buffer) {
        return !boundMarker && base.arrayClass.isInstance(buffer);
    }

    /**
     * A new array of this datatype's base type.
     *
     * @param length the number of base elements
     * @return a new array
     */
    public Object newArray(int length) {
        return base.newArray(length);
    }

    // ---------------------------------------------------------------- pack / unpack

    /**
     * Bytes that {@link #pack} needs for {@code count} items ({@code Pack_size}).
     *
     * @param count number of items, {@code >= 0}
     * @return {@code count * size() * base().packedBytes()}
     * @throws MpiException of class {@link MpiException.ErrorClass#TYPE} for {@link Base#OBJECT},
     *     whose references cannot be packed into bytes
     */
    public int packSize(int count) {
        checkCount("count", count);
        checkPackable();
        return Math.multiplyExact(Math.multiplyExact(count, size()), base.bytes);
    }

    /**
     * Packs {@code count} items of {@code buf} into {@code out} at {@code position}
     * ({@code Pack}); the bytes can be sent as {@link #PACKED} and unpacked with
     * {@link #unpack}.
     *
     * @param buf the source buffer
     * @param offset index of the first item
     * @param count number of items
     * @param out the byte buffer
     * @param position where the first byte goes
     * @return the position after the last byte written
     * @throws MpiException of class {@link MpiException.ErrorClass#TYPE} for {@link Base#OBJECT},
     *     {@link MpiException.ErrorClass#BUFFER} if {@code out} or {@code buf} is too short
     */
    public int pack(Object buf, int offset, int count, byte[] out, int position) {
        int bytes = packSize(count);
        checkArray("pack", buf, offset, count);
        Objects.requireNonNull(out, "out");
        if (position < 0 || position > out.length - bytes) {
            throw new MpiException(MpiException.ErrorClass.BUFFER, "pack: " + bytes + " bytes at position " + position
                    + " do not fit a byte buffer of length " + out.length);
        }
        Object flat = base.newArray(count * size());
        map.toContiguous(buf, offset, count, flat, 0);
        ByteBuffer bb = ByteBuffer.wrap(out, position, bytes);
        int n = count * size();
        switch (base) {
            case BYTE -> bb.put((byte[]) flat);
            case CHAR -> bb.asCharBuffer().put((char[]) flat);
            case SHORT -> bb.asShortBuffer().put((short[]) flat);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) flat;
                for (int i = 0; i < n; i++) {
                    bb.put(b[i] ? (byte) 1 : 0);
                }
            }
            case INT -> bb.asIntBuffer().put((int[]) flat);
            case LONG -> bb.asLongBuffer().put((long[]) flat);
            case FLOAT -> bb.asFloatBuffer().put((float[]) flat);
            case DOUBLE -> bb.asDoubleBuffer().put((double[]) flat);
            case OBJECT -> throw new AssertionError("checked by packSize");
        }
        return position + bytes;
    }

    /**
     * Unpacks {@code count} items from {@code in} at {@code position} into {@code buf}
     * ({@code Unpack}), the inverse of {@link #pack}.
     *
     * @param in the packed bytes
     * @param position where the first byte is
     * @param buf the destination buffer
     * @param offset index of the first item
     * @param count number of items
     * @return the position after the last byte read
     * @throws MpiException of class {@link MpiException.ErrorClass#TYPE} for {@link Base#OBJECT},
     *     {@link MpiException.ErrorClass#BUFFER} if {@code in} or {@code buf} is too short
     */
    public int unpack(byte[] in, int position, Object buf, int offset, int count) {
        int bytes = packSize(count);
        checkArray("unpack", buf, offset, count);
        Objects.requireNonNull(in, "in");
        if (position < 0 || position > in.length - bytes) {
            throw new MpiException(MpiException.ErrorClass.BUFFER, "unpack: " + bytes + " bytes at position "
                    + position + " lie outside a byte buffer of length " + in.length);
        }
        int n = count * size();
        Object flat = base.newArray(n);
        ByteBuffer bb = ByteBuffer.wrap(in, position, bytes);
        switch (base) {
            case BYTE -> bb.get((byte[]) flat);
            case CHAR -> bb.asCharBuffer().get((char[]) flat);
            case SHORT -> bb.asShortBuffer().get((short[]) flat);
            case BOOLEAN -> {
                boolean[] b = (boolean[]) flat;
                for (int i = 0; i < n; i++) {
                    b[i] = bb.get() != 0;
                }
            }
            case INT -> bb.asIntBuffer().get((int[]) flat);
            case LONG -> bb.asLongBuffer().get((long[]) flat);
            case FLOAT -> bb.asFloatBuffer().get((float[]) flat);
            case DOUBLE -> bb.asDoubleBuffer().get((double[]) flat);
            case OBJECT -> throw new AssertionError("checked by packSize");
        }
        map.fromContiguous(flat, 0, n, buf, offset);
        return position + bytes;
    }

    private void checkPackable() {
        if (base == Base.OBJECT) {
            throw new MpiException(MpiException.ErrorClass.TYPE, "datatype " + name + " has base type OBJECT, whose "
                    + "references cannot be packed into bytes (send them as OBJECT)");
        }
    }

    private void checkArray(String op, Object buf, int offset, int count) {
        if (boundMarker) {
            throw new MpiException(MpiException.ErrorClass.TYPE, op + ": " + name + " is a bound marker for struct,"
                    + " not a buffer datatype");
        }
        if (!accepts(buf)) {
            throw new MpiException(MpiException.ErrorClass.TYPE, op + ": buffer "
                    + (buf == null ? "null" : "of type " + buf.getClass().getSimpleName()) + " does not match datatype "
                    + name + " (expects " + base.arrayClass.getSimpleName() + ")");
        }
        long[] s = map.span(offset, count);
        int length = java.lang.reflect.Array.getLength(buf);
        if (s[0] < 0 || s[1] > length) {
            throw new MpiException(MpiException.ErrorClass.BUFFER, op + ": " + count + " items of " + name
                    + " from index " + offset + " touch [" + s[0] + ", " + s[1] + "), outside the buffer of length "
                    + length);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
