package mpi;

/**
 * A reduction operation, as mpiJava's {@code mpi.Op}: the predefined constants of {@link MPI}
 * ({@code MPI.SUM} ...) or a user operation made with {@link #Op(User_function, boolean)}.
 *
 * <p>Each predefined constant ({@code MAX}, {@code MIN}, {@code SUM}, {@code PROD}, {@code LAND},
 * {@code BAND}, {@code LOR}, {@code BOR}, {@code LXOR}, {@code BXOR}, {@code MAXLOC},
 * {@code MINLOC}) is ccr-mpi's {@link io.ccrj.mpi.Op} of the same name; a user function combines
 * {@code inout = in op inout} on buffers that belong to the reduction alone.
 */
public class Op {
    /** ccr-mpi's operation. */
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

    /**
     * A user operation with MPJ Express's extra argument ({@code new Op(function, commute, code)});
     * the code is MPJ Express's own and not used here.
     *
     * @param function the buffer-wise function
     * @param commute whether operands may be combined in any order
     * @param code MPJ Express's operation code, ignored
     * @throws MPIException if {@code function} is {@code null}
     */
    public Op(User_function function, boolean commute, int code) throws MPIException {
        this(function, commute);
    }

    /** ccr-mpi's operation for {@code operation}. */
    io.ccrj.mpi.Op impl(String operation) {
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
