package io.ccrj.mpi;

/**
 * The element type of a message buffer, as mpiJava's {@code MPI.DOUBLE}, {@code MPI.INT},
 * {@code MPI.LONG} and {@code MPI.OBJECT}. A buffer passed with a datatype must be an array of
 * the matching Java type: {@code double[]}, {@code int[]}, {@code long[]} or {@code Object[]}
 * (any reference array, such as {@code String[]}, for {@link #OBJECT}); anything else is rejected
 * with an {@link MpiException} of class {@link MpiException.ErrorClass#TYPE}.
 *
 * <p>Offsets and counts are in elements, never in bytes. A message sent as one datatype can only
 * be received as the same datatype (MPI's type-matching rule, checked here rather than left
 * undefined).
 */
public enum Datatype {
    /** {@code double[]} buffers. */
    DOUBLE(double[].class),
    /** {@code int[]} buffers. */
    INT(int[].class),
    /** {@code long[]} buffers. */
    LONG(long[].class),
    /**
     * {@code Object[]} buffers (or any array of references). Elements are passed by reference,
     * not serialized: sender and receiver share the objects, as ranks share one JVM.
     */
    OBJECT(Object[].class);

    private final Class<?> arrayClass;

    Datatype(Class<?> arrayClass) {
        this.arrayClass = arrayClass;
    }

    /**
     * The array class a buffer of this datatype must be an instance of.
     *
     * @return {@code double[].class}, {@code int[].class}, {@code long[].class} or
     *     {@code Object[].class}
     */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /**
     * Whether {@code buffer} is an array this datatype can read from and write to.
     *
     * @param buffer a candidate buffer, possibly {@code null}
     * @return {@code true} if {@code buffer} is a non-null instance of {@link #arrayClass()}
     */
    public boolean accepts(Object buffer) {
        return arrayClass.isInstance(buffer);
    }

    /**
     * A new array of this datatype.
     *
     * @param length the number of elements
     * @return a new {@code double[]}, {@code int[]}, {@code long[]} or {@code Object[]}
     */
    public Object newArray(int length) {
        return switch (this) {
            case DOUBLE -> new double[length];
            case INT -> new int[length];
            case LONG -> new long[length];
            case OBJECT -> new Object[length];
        };
    }
}
