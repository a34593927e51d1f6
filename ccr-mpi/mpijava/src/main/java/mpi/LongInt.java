package mpi;

/**
 * The (long value, int index) struct of MINLOC and MAXLOC with {@link MPI#LONG_INT}, as Open MPI's {@code mpi.LongInt}:
 * 16 bytes, the value at 0 and the index at 8, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#longInt}.
 */
public final class LongInt extends PairStruct {
    LongInt() {
        super(Value.LONG);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (long, int) pair; the index's accessors are {@link #getIndex} and {@link #putIndex}. */
    public final class Data extends PairData {
        /** A reader not yet on a buffer; {@code getData} returns readers on one. */
        public Data() {
        }

        /**
         * The value.
         *
         * @return the value
         */
        public long getValue() {
            return getLong(value);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(long v) {
            putLong(value, v);
        }
    }
}
