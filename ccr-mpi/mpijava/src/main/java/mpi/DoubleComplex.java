package mpi;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;

/**
 * Open MPI's view of one complex number of {@code double} stored in a buffer, for
 * {@link MPI#DOUBLE_COMPLEX}: its real part at index {@code 2 * k} of the buffer and its imaginary part
 * at {@code 2 * k + 1}, for the complex number {@code k} of the buffer. It holds no value of its
 * own: every get and put goes to the buffer, so that the buffer can be sent, received and
 * reduced between them. Thread safety: as the buffer's.
 */
public final class DoubleComplex {
    private final DoubleBuffer buffer;
    /** Index of the real part in {@link #buffer}. */
    private final int at;

    private DoubleComplex(DoubleBuffer buffer, int index) {
        if (buffer == null) {
            throw new IllegalArgumentException("DoubleComplex.get: the buffer is null");
        }
        if (index < 0 || 2L * index + 1 >= buffer.capacity()) {
            throw new IndexOutOfBoundsException("DoubleComplex.get: complex number " + index + " is not in a buffer of "
                    + buffer.capacity() + " doubles (" + buffer.capacity() / 2 + " complex numbers)");
        }
        this.buffer = buffer;
        this.at = 2 * index;
    }

    /**
     * The first complex number of a buffer.
     *
     * @param buffer a buffer of (real, imaginary) pairs
     * @return a view of its elements 0 and 1
     */
    public static DoubleComplex get(DoubleBuffer buffer) {
        return new DoubleComplex(buffer, 0);
    }

    /**
     * Complex number {@code index} of a buffer.
     *
     * @param buffer a buffer of (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of its elements {@code 2 * index} and {@code 2 * index + 1}
     */
    public static DoubleComplex get(DoubleBuffer buffer, int index) {
        return new DoubleComplex(buffer, index);
    }

    /**
     * The first complex number of an array.
     *
     * @param array (real, imaginary) pairs
     * @return a view of its elements 0 and 1
     */
    public static DoubleComplex get(double[] array) {
        return new DoubleComplex(DoubleBuffer.wrap(array), 0);
    }

    /**
     * Complex number {@code index} of an array.
     *
     * @param array (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of its elements {@code 2 * index} and {@code 2 * index + 1}
     */
    public static DoubleComplex get(double[] array, int index) {
        return new DoubleComplex(DoubleBuffer.wrap(array), index);
    }

    /**
     * The first complex number of a byte buffer, read as {@code double}s in the buffer's byte order.
     *
     * @param buffer bytes holding (real, imaginary) pairs
     * @return a view of its first pair
     */
    public static DoubleComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /**
     * Complex number {@code index} of a byte buffer, read as {@code double}s in the buffer's byte order.
     *
     * @param buffer bytes holding (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of that pair
     */
    public static DoubleComplex get(ByteBuffer buffer, int index) {
        if (buffer == null) {
            throw new IllegalArgumentException("DoubleComplex.get: the buffer is null");
        }
        return new DoubleComplex(buffer.duplicate().order(buffer.order()).clear().asDoubleBuffer(), index);
    }

    /**
     * The real part.
     *
     * @return the buffer's element {@code 2 * index}
     */
    public double getReal() {
        return buffer.get(at);
    }

    /**
     * The imaginary part.
     *
     * @return the buffer's element {@code 2 * index + 1}
     */
    public double getImag() {
        return buffer.get(at + 1);
    }

    /**
     * Sets the real part.
     *
     * @param real the new value of the buffer's element {@code 2 * index}
     */
    public void putReal(double real) {
        buffer.put(at, real);
    }

    /**
     * Sets the imaginary part.
     *
     * @param imag the new value of the buffer's element {@code 2 * index + 1}
     */
    public void putImag(double imag) {
        buffer.put(at + 1, imag);
    }

    /**
     * The buffer from this complex number on.
     *
     * @return the buffer itself for complex number 0, otherwise {@code MPI.slice(buffer, 2 * index)}
     */
    public DoubleBuffer getBuffer() {
        return at == 0 ? buffer : MPI.slice(buffer, at);
    }
}
