package mpi;

/**
 * The (double value, int index) struct of MINLOC and MAXLOC with {@link MPI#DOUBLE_INT}, as Open MPI's {@code mpi.DoubleInt}:
 * 16 bytes, the value at 0 and the index at 8, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#doubleInt}.
 */
public final class DoubleInt extends PairStruct {
    DoubleInt() {
        super(Value.DOUBLE);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (double, int) pair; the index's accessors are {@link #getIndex} and {@link #putIndex}. */
    public final class Data extends PairData {
        /** A reader not yet on a buffer; {@code getData} returns readers on one. */
        public Data() {
        }

        /**
         * The value.
         *
         * @return the value
         */
        public double getValue() {
            return getDouble(value);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(double v) {
            putDouble(value, v);
        }
    }
}
