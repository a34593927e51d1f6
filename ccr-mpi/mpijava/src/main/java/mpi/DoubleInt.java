package mpi;

/**
 * The (double value, int index) struct of MINLOC and MAXLOC with {@link MPI#DOUBLE_INT}, as Open MPI's {@code mpi.DoubleInt}:
 * 16 bytes, the value at 0 and the index at 8, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#doubleInt}.
 */
public final class DoubleInt extends Struct {
    private final int value = addDouble();
    private final int index = setOffset(8).addInt();

    DoubleInt() {
        setOffset(16);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (double, int) pair. */
    public final class Data extends Struct.Data {
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
         * The index.
         *
         * @return the index
         */
        public int getIndex() {
            return getInt(index);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(double v) {
            putDouble(value, v);
        }

        /**
         * Sets the index.
         *
         * @param v the index
         */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
