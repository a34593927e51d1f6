package mpi;

/**
 * A user-defined reduction, as mpiJava's {@code mpi.User_function}: {@link #Call} combines
 * {@code count} elements so that {@code inoutvec[i] = invec[i] op inoutvec[i]}.
 */
public abstract class User_function {

    /** For subclasses. */
    public User_function() {
    }

    /**
     * Combines {@code count} elements of {@code invec} into {@code inoutvec}.
     *
     * @param invec the left operands
     * @param inoffset index of the first left operand
     * @param inoutvec the right operands, overwritten with the results
     * @param inoutoffset index of the first right operand
     * @param count the number of elements
     * @param datatype the elements' type
     * @throws MPIException if the function fails
     */
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count,
            Datatype datatype) throws MPIException;
}
