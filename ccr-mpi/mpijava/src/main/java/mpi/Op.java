package mpi;

/**
 * A reduction operation, as mpiJava's {@code mpi.Op}: the predefined constants of {@link MPI}
 * ({@code MPI.SUM} ...) or a user operation made with {@link #Op(User_function, boolean)}.
 *
 * <p>{@code MPI.MAX}, {@code MIN}, {@code SUM} and {@code PROD} are ccr-mpi's {@link io.ccrj.mpi.Op}
 * constants; the logical, bitwise and location operations ({@code LAND ... BXOR}, {@code MAXLOC},
 * {@code MINLOC}) are not yet supported and throw {@link MPIException} when used.
 */
public class Op {
    /** ccr-mpi's operation, or {@code null} where it has none yet. */
    final io.ccrj.mpi.Op impl;
    private final String name;

    Op(String name, io.ccrj.mpi.Op impl) {
        this.name = name;
        this.impl = impl;
    }

    /**
     * A user operation ({@code new Op(function, commute)}), passed to ccr-mpi as
     * {@link io.ccrj.mpi.Op#create}.
     *
     * @param function the buffer-wise function
     * @param commute whether operands may be combined in any order
     * @throws MPIException if {@code function} is {@code null}
     */
    public Op(User_function function, boolean commute) throws MPIException {
        if (function == null) {
            throw new MPIException("Op: the user function is null");
        }
        this.name = "User_function " + function.getClass().getName();
        this.impl = io.ccrj.mpi.Op.create(name, commute,
                (in, inOffset, inout, inoutOffset, count, type) -> function.Call(in, inOffset, inout, inoutOffset,
                        count, Datatype.of(type)));
    }

    /** ccr-mpi's operation for {@code operation}, or the "not yet supported" exception. */
    io.ccrj.mpi.Op impl(String operation) {
        if (impl == null) {
            throw Bridge.notYet(operation + " with MPI." + name);
        }
        return impl;
    }

    /**
     * Releases the operation (nothing to release).
     *
     * @throws MPIException never
     */
    public void free() throws MPIException {
    }

    @Override
    public String toString() {
        return name;
    }
}
