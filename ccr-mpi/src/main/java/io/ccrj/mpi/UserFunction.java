package io.ccrj.mpi;

/**
 * A user-defined reduction over whole buffers, as mpiJava's {@code mpi.User_function}: combines
 * {@code count} elements of {@code in} (the operand from the lower ranks) into {@code inout} (the
 * operand from the higher ranks), so that afterwards
 * {@code inout[inoutOffset + i] = in[inOffset + i] op inout[inoutOffset + i]}.
 *
 * <p>Called by reductions on the thread of some rank of the communicator; it must not call
 * communicator operations. Both arrays are of {@code type}'s array class. Both belong to the
 * reduction alone (private copies, see {@link Op}): the function may overwrite the elements of
 * {@code inout} and change the objects they refer to, and must leave {@code in} unchanged.
 */
@FunctionalInterface
public interface UserFunction {
    /**
     * Combines {@code count} elements.
     *
     * @param in the left operands
     * @param inOffset the first left operand's index
     * @param inout the right operands, overwritten with the results
     * @param inoutOffset the first right operand's index
     * @param count how many elements
     * @param type the elements' datatype
     */
    void call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type);
}
