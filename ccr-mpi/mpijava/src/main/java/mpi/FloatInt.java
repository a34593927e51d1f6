package mpi;

/**
 * The (float value, int index) struct of MINLOC and MAXLOC with {@link MPI#FLOAT_INT}, as Open MPI's {@code mpi.FloatInt}:
 * 8 bytes, the value at 0 and the index at 4, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#floatInt}.
 */
public final class FloatInt extends PairStruct {
    FloatInt() {
        super(Value.FLOAT);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (float, int) pair; the index's accessors are {@link #getIndex} and {@link #putIndex}. */
    public final class Data extends PairData {
        /** A reader not yet on a buffer; {@code getData} returns readers on one. */
        public Data() {
        }

        /**
         * The value.
         *
         * @return the value
         */
        public float getValue() {
            return getFloat(value);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(float v) {
            putFloat(value, v);
        }
    }
}
