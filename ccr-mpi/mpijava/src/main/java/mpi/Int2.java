package mpi;

/**
 * The (int value, int index) struct of MINLOC and MAXLOC with {@link MPI#INT2}, as Open MPI's {@code mpi.Int2}:
 * 8 bytes, the value at 0 and the index at 4, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#int2}.
 */
public final class Int2 extends PairStruct {
    Int2() {
        super(Value.INT);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (int, int) pair; the index's accessors are {@link #getIndex} and {@link #putIndex}. */
    public final class Data extends PairData {
        /** A reader not yet on a buffer; {@code getData} returns readers on one. */
        public Data() {
        }

        /**
         * The value.
         *
         * @return the value
         */
        public int getValue() {
            return getInt(value);
        }

        /**
         * Sets the value.
         *
         * @param v the value
         */
        public void putValue(int v) {
            putInt(value, v);
        }
    }
}
