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
public class Op implements Freeable {
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

    /**
     * A user operation of Open MPI's bindings ({@code new Op(UserFunction, boolean)},
     * {@code MPI_Op_create}): ccr-mpi calls it on slices of the operands, which are handed to
     * {@link UserFunction#call(java.nio.ByteBuffer, java.nio.ByteBuffer, int, Datatype)} as
     * direct byte buffers in native order ({@code boolean} operands to
     * {@link UserFunction#call(Object, Object, int, Datatype)} as arrays), as Open MPI hands them;
     * what the function writes into the second buffer is the result.
     *
     * @param function the function
     * @param commute whether operands may be combined in any order
     * @throws MPIException if {@code function} is {@code null}
     */
    public Op(UserFunction function, boolean commute) throws MPIException {
        if (function == null) {
            throw new MPIException(MPI.ERR_OP, "Op: the user function is null");
        }
        this.name = "UserFunction " + function.getClass().getName();
        this.impl = io.ccrj.mpi.Op.create(name, commute,
                (in, inOffset, inout, inoutOffset, count, type) -> UserFunction.apply(function, in, inOffset, inout,
                        inoutOffset, count, type));
    }

    /** ccr-mpi's operation for {@code operation}. */
    io.ccrj.mpi.Op impl(String operation) {
        return impl;
    }

    /** ccr-mpi's operation of {@code op} in an Open MPI call (checked for null). */
    static io.ccrj.mpi.Op impl(String operation, Op op, Datatype type) {
        if (op == null) {
            throw new MPIException(MPI.ERR_OP, operation + ": the operation is null");
        }
        return op.impl;
    }

    /**
     * Whether operands may be combined in any order ({@code MPI_Op_commutative}).
     *
     * @return {@code true} for the predefined operations and commutative user operations
     */
    public boolean isCommutative() {
        return impl.isCommutative();
    }

    /**
     * Whether this is the null operation (never: every {@code Op} here is usable).
     *
     * @return {@code false}
     */
    public boolean isNull() {
        return false;
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
