package mpi;

/**
 * The (short value, int index) struct of MINLOC and MAXLOC with {@link MPI#SHORT_INT}, as Open MPI's {@code mpi.ShortInt}:
 * 8 bytes, the value at 0 and the index at 4, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#shortInt}.
 */
public final class ShortInt extends PairStruct {
    ShortInt() {
        super(Value.SHORT);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (short, int) pair; the index's accessors are {@link #getIndex} and {@link #putIndex}. */
    public final class Data extends PairData {
        /** A reader not yet on a buffer; {@code getData} returns readers on one. */
        public Data() {
        }

        /**
         * The value.
         *
         * @return the value
         */
        public short getValue() {
            return getShort(value);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(short v) {
            putShort(value, v);
        }
    }
}
