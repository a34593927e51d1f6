package mpi;

import io.ccrj.mpi.MpiException;
import java.util.function.Supplier;

/**
 * An element type, as mpiJava's {@code mpi.Datatype}: the basic and pair types are the constants
 * of {@link MPI} ({@code MPI.INT}, {@code MPI.DOUBLE2} ...), derived types are made by
 * {@link #Contiguous}, {@link #Vector}, {@link #Hvector}, {@link #Indexed}, {@link #Hindexed} and
 * {@link #Struct}. Each is ccr-mpi's {@link io.ccrj.mpi.Datatype} of the same name: as in mpiJava,
 * offsets, counts, strides, displacements, extents and bounds are in base elements of the buffer
 * (one Java array), and every block of a derived type has the same base type.
 *
 * <p>{@code MPI.LB} and {@code MPI.UB} are ccr-mpi's bound markers {@link io.ccrj.mpi.Datatype#LB}
 * and {@link io.ccrj.mpi.Datatype#UB}: in a {@link #Struct} they set its bounds and extent (size
 * and extent 0 themselves); communication with them, or another constructor of them, throws.
 */
public class Datatype implements Freeable, Cloneable {
    /** ccr-mpi's datatype. */
    final io.ccrj.mpi.Datatype impl;
    private final String name;
    /**
     * MPJ Express's public field: the code of the base type, as {@link #getType()} returns it
     * (programs written for MPJ Express read it). Not to be written.
     */
    public int baseType;

    /**
     * For Open MPI's pair types in a {@link java.nio.ByteBuffer} ({@link MPI#SHORT_INT},
     * {@link MPI#LONG_INT}, {@link MPI#FLOAT_INT}, {@link MPI#DOUBLE_INT}): the bytes of one
     * (value, index) struct, of its value, and where its index starts; 0 for every other type.
     */
    final int pairBytes;
    final int pairValueBytes;
    final int pairIndexOffset;
    /** Open MPI's name of the type ({@link #setName}); {@code null} until set. */
    private volatile String ompiName;
    /** Open MPI's attributes of the type ({@link #setAttr}); made on first use. */
    private java.util.Map<Integer, Object> attributes;

    Datatype(String name, io.ccrj.mpi.Datatype impl) {
        this(name, impl, 0, 0);
    }

    /** An Open MPI pair type: a struct of a value of {@code valueBytes} and a 4-byte index. */
    Datatype(String name, io.ccrj.mpi.Datatype impl, int valueBytes, int recordBytes) {
        this.name = name;
        this.impl = impl;
        this.baseType = name.equals("MPI.NULL") ? 0 : getType();
        this.pairValueBytes = valueBytes;
        this.pairBytes = recordBytes;
        this.pairIndexOffset = valueBytes == 0 ? 0 : Math.max(4, valueBytes);
    }

    /** ccr-mpi's datatype for {@code operation} (ccr-mpi checks what the operation accepts). */
    io.ccrj.mpi.Datatype impl(String operation) {
        return impl;
    }

    /** The mpiJava datatype for ccr-mpi's datatype {@code t} (for user functions). */
    static Datatype of(io.ccrj.mpi.Datatype t) {
        for (Datatype d : MPI.PREDEFINED) {
            if (d.impl == t) {
                return d;
            }
        }
        return new Datatype(t.name(), t);
    }

    /** A derived type made by ccr-mpi, its failures as {@link MPIException}. */
    private static Datatype derived(Supplier<io.ccrj.mpi.Datatype> make) {
        try {
            io.ccrj.mpi.Datatype t = make.get();
            return new Datatype(t.name(), t);
        } catch (MpiException | NullPointerException | ArithmeticException e) {
            throw new MPIException(e);
        }
    }

    /** ccr-mpi's datatypes of {@code types}, each checked. */
    private static io.ccrj.mpi.Datatype[] impls(String operation, Datatype[] types) {
        if (types == null) {
            throw new MPIException(operation + ": types is null");
        }
        io.ccrj.mpi.Datatype[] out = new io.ccrj.mpi.Datatype[types.length];
        for (int i = 0; i < out.length; i++) {
            if (types[i] == null) {
                throw new MPIException(operation + ": types[" + i + "] is null");
            }
            out[i] = types[i].impl(operation);
        }
        return out;
    }

    private static io.ccrj.mpi.Datatype old(String operation, Datatype oldtype) {
        if (oldtype == null) {
            throw new MPIException(operation + ": oldtype is null");
        }
        return oldtype.impl(operation);
    }

    /**
     * MPJ Express's code of this type's base type ({@code getType}): 1 {@code BYTE}, 2
     * {@code CHAR}, 3 {@code SHORT}, 4 {@code BOOLEAN}, 5 {@code INT}, 6 {@code LONG}, 7
     * {@code FLOAT}, 8 {@code DOUBLE}, 9 {@code PACKED}, 12 {@code OBJECT}; -1 for the bound markers
     * {@code LB} and {@code UB}; 0 for {@link MPI#NULL}. A derived or pair type has its blocks'
     * base type's code.
     *
     * @return the code
     */
    public int getType() {
        if (name.equals("MPI.NULL")) {
            return 0;
        }
        if (impl.isBoundMarker()) {
            return -1;
        }
        if (name.equals("MPI.PACKED")) {
            return 9;
        }
        return switch (impl.base()) {
            case BYTE -> 1;
            case CHAR -> 2;
            case SHORT -> 3;
            case BOOLEAN -> 4;
            case INT -> 5;
            case LONG -> 6;
            case FLOAT -> 7;
            case DOUBLE -> 8;
            case OBJECT -> 12;
        };
    }

    /**
     * The bytes one item of this type takes in a packed buffer, as MPJ Express counts them
     * ({@code getByteSize}): {@link #Size()} elements of its base type's width (1 for
     * {@code BYTE} and {@code BOOLEAN}, 2 for {@code CHAR} and {@code SHORT}, 4 for {@code INT}
     * and {@code FLOAT}, 8 for {@code LONG} and {@code DOUBLE}); 0 for {@code OBJECT},
     * {@code PACKED} and the bound markers, which MPJ Express does not size.
     *
     * @return the byte size
     */
    public int getByteSize() {
        if (impl.isBoundMarker() || name.equals("MPI.PACKED") || impl.size() == 0
                || impl.base() == io.ccrj.mpi.Datatype.Base.OBJECT) {
            return 0;
        }
        return impl.size() * impl.base().packedBytes();
    }

    /**
     * The extent in base elements ({@code Extent}).
     *
     * @return {@code Ub() - Lb()}; 1 for a basic type
     * @throws MPIException never
     */
    public int Extent() throws MPIException {
        return impl("Datatype.Extent").extent();
    }

    /**
     * The number of base elements one item holds ({@code Size}).
     *
     * @return the size; 1 for a basic type, 2 for a pair type
     * @throws MPIException never
     */
    public int Size() throws MPIException {
        return impl("Datatype.Size").size();
    }

    /**
     * The lower bound in base elements ({@code Lb}).
     *
     * @return the lower bound; 0 for a basic type
     * @throws MPIException never
     */
    public int Lb() throws MPIException {
        return impl("Datatype.Lb").lb();
    }

    /**
     * The upper bound in base elements ({@code Ub}).
     *
     * @return the upper bound; 1 for a basic type
     * @throws MPIException never
     */
    public int Ub() throws MPIException {
        return impl("Datatype.Ub").ub();
    }

    /**
     * Commits the type for use ({@code Commit}); ccr-mpi's datatypes need no commit.
     *
     * @throws MPIException never
     */
    public void Commit() throws MPIException {
    }

    /** Releases the type (nothing to release). */
    public void free() {
    }

    /**
     * {@code count} copies of {@code oldtype} one after the other ({@code Contiguous}).
     *
     * @param count the number of copies
     * @param oldtype the element type
     * @return the new type
     * @throws MPIException for a negative count or a null type
     */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        io.ccrj.mpi.Datatype old = old("Datatype.Contiguous", oldtype);
        return derived(() -> io.ccrj.mpi.Datatype.contiguous(count, old));
    }

    /**
     * Blocks at a regular stride ({@code Vector}).
     *
     * @param count the number of blocks
     * @param blocklength copies of {@code oldtype} per block
     * @param stride distance between block starts, in extents of {@code oldtype}
     * @param oldtype the element type
     * @return the new type
     * @throws MPIException for a negative count or a null type
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        io.ccrj.mpi.Datatype old = old("Datatype.Vector", oldtype);
        return derived(() -> io.ccrj.mpi.Datatype.vector(count, blocklength, stride, old));
    }

    /**
     * Blocks at a regular stride given in base elements ({@code Hvector}; mpiJava counts in
     * elements where MPI counts bytes).
     *
     * @param count the number of blocks
     * @param blocklength copies of {@code oldtype} per block
     * @param stride distance between block starts, in base elements
     * @param oldtype the element type
     * @return the new type
     * @throws MPIException for a negative count or a null type
     */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        io.ccrj.mpi.Datatype old = old("Datatype.Hvector", oldtype);
        return derived(() -> io.ccrj.mpi.Datatype.hvector(count, blocklength, stride, old));
    }

    /**
     * Blocks at given displacements ({@code Indexed}).
     *
     * @param blocklengths copies of {@code oldtype} per block
     * @param displacements block starts, in extents of {@code oldtype}
     * @param oldtype the element type
     * @return the new type
     * @throws MPIException for arrays of different lengths, a negative block length or a null argument
     */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        io.ccrj.mpi.Datatype old = old("Datatype.Indexed", oldtype);
        return derived(() -> io.ccrj.mpi.Datatype.indexed(blocklengths, displacements, old));
    }

    /**
     * Blocks at displacements given in base elements ({@code Hindexed}).
     *
     * @param blocklengths copies of {@code oldtype} per block
     * @param displacements block starts, in base elements
     * @param oldtype the element type
     * @return the new type
     * @throws MPIException for arrays of different lengths, a negative block length or a null argument
     */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        io.ccrj.mpi.Datatype old = old("Datatype.Hindexed", oldtype);
        return derived(() -> io.ccrj.mpi.Datatype.hindexed(blocklengths, displacements, old));
    }

    /**
     * Blocks of several types at displacements in base elements ({@code Struct}); the types must
     * share one base type (a buffer is one Java array).
     *
     * @param blocklengths copies per block
     * @param displacements block starts, in base elements
     * @param types each block's type
     * @return the new type
     * @throws MPIException for mismatched arrays, different base types, an upper bound below the
     *     lower bound or a null argument
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) throws MPIException {
        io.ccrj.mpi.Datatype[] olds = impls("Datatype.Struct", types);
        return derived(() -> io.ccrj.mpi.Datatype.struct(blocklengths, displacements, olds));
    }

    // ------------------------------------------------------------------ Open MPI's spelling
    //
    // Open MPI counts extents, bounds and sizes in base elements too (bytes divided by the base
    // type's size), except in createHVector, createHIndexed and createStruct, whose strides and
    // displacements are bytes (MPI's definition); those are converted to base elements here.

    /** The bytes of one base element of this type (1 for BYTE, BOOLEAN and Open MPI's pair types). */
    private int elementBytes() {
        if (pairBytes != 0 || impl.base() == io.ccrj.mpi.Datatype.Base.OBJECT) {
            return 1;
        }
        return impl.base().packedBytes();
    }

    /**
     * The lower bound in base elements ({@code MPI_Type_get_extent}); 0 for a basic type.
     *
     * @return the lower bound
     * @throws MPIException never
     */
    public int getLb() throws MPIException {
        return pairBytes != 0 ? 0 : impl.lb();
    }

    /**
     * The extent in base elements ({@code MPI_Type_get_extent}); for Open MPI's pair types
     * ({@link MPI#DOUBLE_INT} ...) the bytes of one struct.
     *
     * @return the extent
     * @throws MPIException never
     */
    public int getExtent() throws MPIException {
        return pairBytes != 0 ? pairBytes : impl.extent();
    }

    /**
     * The true lower bound in base elements ({@code MPI_Type_get_true_extent}): where the first
     * element is, ignoring {@code MPI.LB} markers.
     *
     * @return the true lower bound
     * @throws MPIException never
     */
    public int getTrueLb() throws MPIException {
        return getLb();
    }

    /**
     * The true extent in base elements ({@code MPI_Type_get_true_extent}); ccr-mpi's datatypes
     * have no bound markers beyond their type map, so it is the extent.
     *
     * @return the true extent
     * @throws MPIException never
     */
    public int getTrueExtent() throws MPIException {
        return getExtent();
    }

    /**
     * The base elements one item holds ({@code MPI_Type_size}); for Open MPI's pair types the
     * bytes of the value and the index.
     *
     * @return the size
     * @throws MPIException never
     */
    public int getSize() throws MPIException {
        return pairBytes != 0 ? pairValueBytes + 4 : impl.size();
    }

    /**
     * Commits the type ({@code MPI_Type_commit}); ccr-mpi's datatypes need no commit.
     *
     * @throws MPIException never
     */
    public void commit() throws MPIException {
    }

    /**
     * Whether this is {@link MPI#DATATYPE_NULL}.
     *
     * @return {@code true} for the null datatype
     */
    public boolean isNull() {
        return this == MPI.DATATYPE_NULL;
    }

    /**
     * A duplicate of this type ({@code MPI_Type_dup}): the same type map, its own name and attributes.
     *
     * @return the duplicate
     * @throws MPIException never
     */
    public Datatype dup() throws MPIException {
        return new Datatype(name, impl, pairValueBytes, pairBytes);
    }

    /**
     * A duplicate of this type ({@code MPI_Type_dup}); Open MPI's {@code clone()}.
     *
     * @return the duplicate
     */
    @Override
    public Datatype clone() {
        return dup();
    }

    /** Open MPI's constructors refuse its pair types as building blocks, by name. */
    private static Datatype building(String operation, Datatype old) {
        if (old == null) {
            throw new MPIException(operation + ": oldType is null");
        }
        if (old.pairBytes != 0) {
            throw new MPIException(MPI.ERR_TYPE, operation + ": " + old + " (a struct in a ByteBuffer) cannot be a"
                    + " block of a derived type in this mpi package; use MPI.DOUBLE2 and its relatives with arrays");
        }
        return old;
    }

    /** Bytes to base elements of {@code old}, exact or refused. */
    private static int elementsOf(String operation, int bytes, Datatype old) {
        int w = old.elementBytes();
        if (bytes % w != 0) {
            throw new MPIException(MPI.ERR_ARG, operation + ": " + bytes + " bytes is not a whole number of "
                    + old + " elements (" + w + " bytes each); ccr-mpi's buffers are arrays of one element type");
        }
        return bytes / w;
    }

    /**
     * {@code count} copies of {@code oldType} one after the other ({@code MPI_Type_contiguous}).
     *
     * @param count the number of copies
     * @param oldType the element type
     * @return the new type
     * @throws MPIException for a negative count
     */
    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        return Contiguous(count, building("Datatype.createContiguous", oldType));
    }

    /**
     * Blocks at a regular stride in extents of {@code oldType} ({@code MPI_Type_vector}).
     *
     * @param count the number of blocks
     * @param blockLength copies of {@code oldType} per block
     * @param stride distance between block starts, in extents of {@code oldType}
     * @param oldType the element type
     * @return the new type
     * @throws MPIException for a negative count
     */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        return Vector(count, blockLength, stride, building("Datatype.createVector", oldType));
    }

    /**
     * Blocks at a regular stride in bytes ({@code MPI_Type_create_hvector}); the stride must be a
     * whole number of base elements.
     *
     * @param count the number of blocks
     * @param blockLength copies of {@code oldType} per block
     * @param stride distance between block starts, in bytes
     * @param oldType the element type
     * @return the new type
     * @throws MPIException for a negative count or a stride that is no whole number of elements
     */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        Datatype old = building("Datatype.createHVector", oldType);
        return Hvector(count, blockLength, elementsOf("Datatype.createHVector", stride, old), old);
    }

    /**
     * Blocks at displacements in extents of {@code oldType} ({@code MPI_Type_indexed}).
     *
     * @param blockLengths copies of {@code oldType} per block
     * @param displacements block starts, in extents of {@code oldType}
     * @param oldType the element type
     * @return the new type
     * @throws MPIException for arrays of different lengths or a negative block length
     */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        return Indexed(blockLengths, displacements, building("Datatype.createIndexed", oldType));
    }

    /**
     * Blocks at displacements in bytes ({@code MPI_Type_create_hindexed}); each must be a whole
     * number of base elements.
     *
     * @param blockLengths copies of {@code oldType} per block
     * @param displacements block starts, in bytes
     * @param oldType the element type
     * @return the new type
     * @throws MPIException for arrays of different lengths, a negative block length or a
     *     displacement that is no whole number of elements
     */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        Datatype old = building("Datatype.createHIndexed", oldType);
        if (displacements == null) {
            throw new MPIException("Datatype.createHIndexed: displacements is null");
        }
        int[] d = new int[displacements.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = elementsOf("Datatype.createHIndexed", displacements[i], old);
        }
        return Hindexed(blockLengths, d, old);
    }

    /**
     * Blocks of several types at displacements in bytes ({@code MPI_Type_create_struct}). The
     * types must share one element type (a ccr-mpi buffer is one Java array) and each
     * displacement must be a whole number of its elements; a struct of mixed element types, as C
     * programs build, is refused by name: use {@link Struct}, whose structs travel as bytes.
     *
     * @param blockLengths copies per block
     * @param displacements block starts, in bytes
     * @param types each block's type
     * @return the new type
     * @throws MPIException for mismatched arrays or mixed element types
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types)
            throws MPIException {
        if (displacements == null || types == null) {
            throw new MPIException("Datatype.createStruct: displacements or types is null");
        }
        if (displacements.length != types.length) {
            throw new MPIException(MPI.ERR_ARG, "Datatype.createStruct: " + displacements.length
                    + " displacements for " + types.length + " types");
        }
        int[] d = new int[displacements.length];
        io.ccrj.mpi.Datatype.Base base = null;
        for (int i = 0; i < d.length; i++) {
            Datatype t = building("Datatype.createStruct", types[i]);
            if (!t.impl.isBoundMarker()) {
                if (base != null && base != t.impl.base()) {
                    throw new MPIException(MPI.ERR_TYPE, "Datatype.createStruct: blocks of " + base + " and "
                            + t.impl.base() + " elements; in this mpi package a buffer is one Java array, so a"
                            + " struct of mixed element types is not supported (use mpi.Struct with a ByteBuffer)");
                }
                base = t.impl.base();
            }
        }
        for (int i = 0; i < d.length; i++) {
            Datatype t = types[i];
            d[i] = t.impl.isBoundMarker() || base == null ? displacements[i]
                    : elementsOf("Datatype.createStruct", displacements[i], t);
        }
        return Struct(blockLengths, d, types);
    }

    /**
     * {@code oldType} with the lower bound {@code lb} and the extent {@code extent}, in base
     * elements ({@code MPI_Type_create_resized}); made as a struct with {@code MPI.LB} and
     * {@code MPI.UB} markers.
     *
     * @param oldType the type
     * @param lb the new lower bound
     * @param extent the new extent
     * @return the new type
     * @throws MPIException for a negative extent or bounds that do not contain the type's elements
     */
    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        Datatype old = building("Datatype.createResized", oldType);
        if (extent < 0) {
            throw new MPIException(MPI.ERR_ARG, "Datatype.createResized: negative extent " + extent);
        }
        return Struct(new int[] {1, 1, 1}, new int[] {lb, 0, lb + extent}, new Datatype[] {MPI.LB, old, MPI.UB});
    }

    /**
     * Names the type ({@code MPI_Type_set_name}).
     *
     * @param name the name
     * @throws MPIException never
     */
    public void setName(String name) throws MPIException {
        ompiName = name;
    }

    /**
     * The type's name ({@code MPI_Type_get_name}): the one set, else the predefined name
     * ({@code MPI.INT} ...).
     *
     * @return the name
     * @throws MPIException never
     */
    public String getName() throws MPIException {
        String n = ompiName;
        return n != null ? n : name;
    }

    /**
     * A new attribute key for datatypes ({@code MPI_Type_create_keyval}).
     *
     * @return the key
     * @throws MPIException never
     */
    public static int createKeyval() throws MPIException {
        return MPI.newKeyval();
    }

    /**
     * Frees an attribute key ({@code MPI_Type_free_keyval}); attributes already set stay readable.
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public static void freeKeyval(int keyval) throws MPIException {
    }

    /**
     * Stores an attribute ({@code MPI_Type_set_attr}).
     *
     * @param keyval the key
     * @param value the value
     * @throws MPIException never
     */
    public synchronized void setAttr(int keyval, Object value) throws MPIException {
        if (attributes == null) {
            attributes = new java.util.HashMap<>();
        }
        attributes.put(keyval, value);
    }

    /**
     * An attribute ({@code MPI_Type_get_attr}).
     *
     * @param keyval the key
     * @return the value, or {@code null} if none is set
     * @throws MPIException never
     */
    public synchronized Object getAttr(int keyval) throws MPIException {
        return attributes == null ? null : attributes.get(keyval);
    }

    /**
     * Deletes an attribute ({@code MPI_Type_delete_attr}).
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public synchronized void deleteAttr(int keyval) throws MPIException {
        if (attributes != null) {
            attributes.remove(keyval);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
