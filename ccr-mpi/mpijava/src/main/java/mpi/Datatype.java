package mpi;

/**
 * An element type, as mpiJava's {@code mpi.Datatype}: the basic types are the constants of
 * {@link MPI} ({@code MPI.INT}, {@code MPI.DOUBLE} ...). Offsets and counts are in elements, so a
 * basic type's extent and size are 1.
 *
 * <p>This layer passes {@code MPI.INT}, {@code MPI.LONG}, {@code MPI.DOUBLE} and
 * {@code MPI.OBJECT} on to ccr-mpi's {@link io.ccrj.mpi.Datatype}; the other basic types and the
 * derived types ({@link #Contiguous} ...) are not yet supported: using them throws an
 * {@link MPIException} that says so.
 */
public class Datatype {
    /** ccr-mpi's datatype, or {@code null} where it has none yet. */
    final io.ccrj.mpi.Datatype impl;
    private final String name;

    Datatype(String name, io.ccrj.mpi.Datatype impl) {
        this.name = name;
        this.impl = impl;
    }

    /** ccr-mpi's datatype for {@code operation}, or the "not yet supported" exception. */
    io.ccrj.mpi.Datatype impl(String operation) {
        if (impl == null) {
            throw Bridge.notYet(operation + " with datatype " + name);
        }
        return impl;
    }

    /** The mpiJava constant for ccr-mpi's datatype (for user functions). */
    static Datatype of(io.ccrj.mpi.Datatype t) {
        if (t == io.ccrj.mpi.Datatype.INT) {
            return MPI.INT;
        } else if (t == io.ccrj.mpi.Datatype.LONG) {
            return MPI.LONG;
        } else if (t == io.ccrj.mpi.Datatype.DOUBLE) {
            return MPI.DOUBLE;
        }
        return MPI.OBJECT;
    }

    /**
     * The extent in elements ({@code Extent}).
     *
     * @return 1 for a basic type
     * @throws MPIException never for a basic type
     */
    public int Extent() throws MPIException {
        return 1;
    }

    /**
     * The number of elements the type holds ({@code Size}).
     *
     * @return 1 for a basic type
     * @throws MPIException never for a basic type
     */
    public int Size() throws MPIException {
        return 1;
    }

    /**
     * The lower bound in elements ({@code Lb}).
     *
     * @return 0 for a basic type
     * @throws MPIException never for a basic type
     */
    public int Lb() throws MPIException {
        return 0;
    }

    /**
     * The upper bound in elements ({@code Ub}).
     *
     * @return 1 for a basic type
     * @throws MPIException never for a basic type
     */
    public int Ub() throws MPIException {
        return 1;
    }

    /**
     * Commits the type for use ({@code Commit}); basic types need nothing.
     *
     * @throws MPIException never
     */
    public void Commit() throws MPIException {
    }

    /** Releases the type (nothing to release). */
    public void free() {
    }

    /**
     * A contiguous derived type ({@code Contiguous}); not yet supported.
     *
     * @param count the number of elements
     * @param oldtype the element type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Contiguous(int count, Datatype oldtype) throws MPIException {
        throw Bridge.notYet("Datatype.Contiguous");
    }

    /**
     * A strided derived type ({@code Vector}); not yet supported.
     *
     * @param count the number of blocks
     * @param blocklength elements per block
     * @param stride elements between block starts
     * @param oldtype the element type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        throw Bridge.notYet("Datatype.Vector");
    }

    /**
     * A strided derived type with the stride in bytes ({@code Hvector}); not yet supported.
     *
     * @param count the number of blocks
     * @param blocklength elements per block
     * @param stride bytes between block starts
     * @param oldtype the element type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) throws MPIException {
        throw Bridge.notYet("Datatype.Hvector");
    }

    /**
     * An indexed derived type ({@code Indexed}); not yet supported.
     *
     * @param blocklengths elements per block
     * @param displacements block starts, in elements
     * @param oldtype the element type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Indexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        throw Bridge.notYet("Datatype.Indexed");
    }

    /**
     * An indexed derived type with displacements in bytes ({@code Hindexed}); not yet supported.
     *
     * @param blocklengths elements per block
     * @param displacements block starts, in bytes
     * @param oldtype the element type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Hindexed(int[] blocklengths, int[] displacements, Datatype oldtype) throws MPIException {
        throw Bridge.notYet("Datatype.Hindexed");
    }

    /**
     * A structure of several types ({@code Struct}); not yet supported.
     *
     * @param blocklengths elements per block
     * @param displacements block starts
     * @param types each block's type
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Datatype Struct(int[] blocklengths, int[] displacements, Datatype[] types) throws MPIException {
        throw Bridge.notYet("Datatype.Struct");
    }

    @Override
    public String toString() {
        return name;
    }
}
