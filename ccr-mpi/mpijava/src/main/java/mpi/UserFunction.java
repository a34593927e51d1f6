package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A user-defined reduction of Open MPI's bindings ({@code MPI_User_function}), for
 * {@link Op#Op(UserFunction, boolean)}; mpiJava's is {@link User_function}. A subclass overrides
 * one of the two {@code call} methods: {@link #call(Object, Object, int, Datatype)} on arrays, or
 * {@link #call(ByteBuffer, ByteBuffer, int, Datatype)} on the operands' bytes. Either combines
 * {@code count} items so that {@code inOut[i] = in[i] op inOut[i]}.
 */
public abstract class UserFunction {

    /** For subclasses. */
    public UserFunction() {
    }

    /**
     * Combines arrays of {@code count} items: {@code inVec} and {@code inOutVec} are arrays of
     * the datatype's element type ({@code double[]} for {@code MPI.DOUBLE} ...), holding
     * {@code count * datatype.getExtent()} elements; the results go into {@code inOutVec}.
     * Called for {@code boolean} operands, and by the default
     * {@link #call(ByteBuffer, ByteBuffer, int, Datatype)} for the others.
     *
     * @param inVec the left operands
     * @param inOutVec the right operands, overwritten with the results
     * @param count the number of items
     * @param datatype the items' datatype
     * @throws MPIException if the function fails
     * @throws UnsupportedOperationException if the subclass overrides neither {@code call}
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException(getClass().getName()
                + " overrides neither call(Object, Object, int, Datatype) nor call(ByteBuffer, ByteBuffer, int, Datatype)");
    }

    /**
     * Combines the bytes of {@code count} items: {@code in} and {@code inOut} are direct byte
     * buffers in native order; the results go into {@code inOut}. By default they are read into
     * arrays of the element type, passed to {@link #call(Object, Object, int, Datatype)}, and the
     * results written back.
     *
     * @param in the left operands
     * @param inOut the right operands, overwritten with the results
     * @param count the number of items
     * @param datatype the items' datatype
     * @throws MPIException if the function fails
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        io.ccrj.mpi.Datatype t = datatype.impl;
        int n = Math.multiplyExact(count, t.extent());
        Object a = java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
        Object b = java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
        read(in, a);
        read(inOut, b);
        call(a, b, count, datatype);
        write(b, inOut);
    }

    /** ccr-mpi's call of an Open MPI user function on {@code count} items at the offsets. */
    static void apply(UserFunction f, Object in, int inOffset, Object inout, int inoutOffset, int count,
            io.ccrj.mpi.Datatype type) {
        Datatype d = Datatype.of(type);
        int n = Math.multiplyExact(count, type.extent());
        Class<?> element = type.arrayClass().getComponentType();
        Object a = java.lang.reflect.Array.newInstance(element, n);
        Object b = java.lang.reflect.Array.newInstance(element, n);
        System.arraycopy(in, inOffset, a, 0, n);
        System.arraycopy(inout, inoutOffset, b, 0, n);
        if (element == boolean.class || element == Object.class) {
            f.call(a, b, count, d);
        } else {
            int bytes = n * type.base().packedBytes();
            ByteBuffer x = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
            ByteBuffer y = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
            write(a, x);
            write(b, y);
            f.call(x, y, count, d);
            read(y, b);
        }
        System.arraycopy(b, 0, inout, inoutOffset, n);
    }

    /** Reads {@code buf}'s bytes from 0 into {@code array} (its element type, native order). */
    private static void read(ByteBuffer buf, Object array) {
        ByteBuffer b = buf.duplicate().order(buf.order()).clear();
        switch (array) {
            case byte[] x -> b.get(0, x);
            case boolean[] x -> {
                for (int i = 0; i < x.length; i++) {
                    x[i] = b.get(i) != 0;
                }
            }
            case char[] x -> b.asCharBuffer().get(0, x);
            case short[] x -> b.asShortBuffer().get(0, x);
            case int[] x -> b.asIntBuffer().get(0, x);
            case long[] x -> b.asLongBuffer().get(0, x);
            case float[] x -> b.asFloatBuffer().get(0, x);
            case double[] x -> b.asDoubleBuffer().get(0, x);
            default -> throw new MPIException(MPI.ERR_TYPE, "UserFunction: no bytes for " + array.getClass().getSimpleName());
        }
    }

    /** Writes {@code array} into {@code buf}'s bytes from 0 (native order). */
    private static void write(Object array, ByteBuffer buf) {
        ByteBuffer b = buf.duplicate().order(buf.order()).clear();
        switch (array) {
            case byte[] x -> b.put(0, x);
            case boolean[] x -> {
                for (int i = 0; i < x.length; i++) {
                    b.put(i, (byte) (x[i] ? 1 : 0));
                }
            }
            case char[] x -> b.asCharBuffer().put(0, x);
            case short[] x -> b.asShortBuffer().put(0, x);
            case int[] x -> b.asIntBuffer().put(0, x);
            case long[] x -> b.asLongBuffer().put(0, x);
            case float[] x -> b.asFloatBuffer().put(0, x);
            case double[] x -> b.asDoubleBuffer().put(0, x);
            default -> throw new MPIException(MPI.ERR_TYPE, "UserFunction: no bytes for " + array.getClass().getSimpleName());
        }
    }
}
