package mpi;

import java.nio.ByteBuffer;
import java.nio.FloatBuffer;

/**
 * Open MPI's view of one complex number of {@code float} stored in a buffer, for
 * {@link MPI#FLOAT_COMPLEX}: its real part at index {@code 2 * k} of the buffer and its imaginary part
 * at {@code 2 * k + 1}, for the complex number {@code k} of the buffer. It holds no value of its
 * own: every get and put goes to the buffer, so that the buffer can be sent, received and
 * reduced between them. Thread safety: as the buffer's.
 */
public final class FloatComplex {
    private final FloatBuffer buffer;
    /** Index of the real part in {@link #buffer}. */
    private final int at;

    private FloatComplex(FloatBuffer buffer, int index) {
        if (buffer == null) {
            throw new IllegalArgumentException("FloatComplex.get: the buffer is null");
        }
        if (index < 0 || 2L * index + 1 >= buffer.capacity()) {
            throw new IndexOutOfBoundsException("FloatComplex.get: complex number " + index + " is not in a buffer of "
                    + buffer.capacity() + " floats (" + buffer.capacity() / 2 + " complex numbers)");
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
    public static FloatComplex get(FloatBuffer buffer) {
        return new FloatComplex(buffer, 0);
    }

    /**
     * Complex number {@code index} of a buffer.
     *
     * @param buffer a buffer of (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of its elements {@code 2 * index} and {@code 2 * index + 1}
     */
    public static FloatComplex get(FloatBuffer buffer, int index) {
        return new FloatComplex(buffer, index);
    }

    /**
     * The first complex number of an array.
     *
     * @param array (real, imaginary) pairs
     * @return a view of its elements 0 and 1
     */
    public static FloatComplex get(float[] array) {
        return new FloatComplex(FloatBuffer.wrap(array), 0);
    }

    /**
     * Complex number {@code index} of an array.
     *
     * @param array (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of its elements {@code 2 * index} and {@code 2 * index + 1}
     */
    public static FloatComplex get(float[] array, int index) {
        return new FloatComplex(FloatBuffer.wrap(array), index);
    }

    /**
     * The first complex number of a byte buffer, read as {@code float}s in the buffer's byte order.
     *
     * @param buffer bytes holding (real, imaginary) pairs
     * @return a view of its first pair
     */
    public static FloatComplex get(ByteBuffer buffer) {
        return get(buffer, 0);
    }

    /**
     * Complex number {@code index} of a byte buffer, read as {@code float}s in the buffer's byte order.
     *
     * @param buffer bytes holding (real, imaginary) pairs
     * @param index which pair, from 0
     * @return a view of that pair
     */
    public static FloatComplex get(ByteBuffer buffer, int index) {
        if (buffer == null) {
            throw new IllegalArgumentException("FloatComplex.get: the buffer is null");
        }
        return new FloatComplex(buffer.duplicate().order(buffer.order()).clear().asFloatBuffer(), index);
    }

    /**
     * The real part.
     *
     * @return the buffer's element {@code 2 * index}
     */
    public float getReal() {
        return buffer.get(at);
    }

    /**
     * The imaginary part.
     *
     * @return the buffer's element {@code 2 * index + 1}
     */
    public float getImag() {
        return buffer.get(at + 1);
    }

    /**
     * Sets the real part.
     *
     * @param real the new value of the buffer's element {@code 2 * index}
     */
    public void putReal(float real) {
        buffer.put(at, real);
    }

    /**
     * Sets the imaginary part.
     *
     * @param imag the new value of the buffer's element {@code 2 * index + 1}
     */
    public void putImag(float imag) {
        buffer.put(at + 1, imag);
    }

    /**
     * The buffer from this complex number on.
     *
     * @return the buffer itself for complex number 0, otherwise {@code MPI.slice(buffer, 2 * index)}
     */
    public FloatBuffer getBuffer() {
        return at == 0 ? buffer : MPI.slice(buffer, at);
    }
}
