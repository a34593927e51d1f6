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
public class Datatype {
    /** ccr-mpi's datatype. */
    final io.ccrj.mpi.Datatype impl;
    private final String name;
    /**
     * MPJ Express's public field: the code of the base type, as {@link #getType()} returns it
     * (programs written for MPJ Express read it). Not to be written.
     */
    public int baseType;

    Datatype(String name, io.ccrj.mpi.Datatype impl) {
        this.name = name;
        this.impl = impl;
        this.baseType = name.equals("MPI.NULL") ? 0 : getType();
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

    @Override
    public String toString() {
        return name;
    }
}
