package mpi;

/**
 * The (long value, int index) struct of MINLOC and MAXLOC with {@link MPI#LONG_INT}, as Open MPI's {@code mpi.LongInt}:
 * 16 bytes, the value at 0 and the index at 8, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#longInt}.
 */
public final class LongInt extends Struct {
    private final int value = addLong();
    private final int index = setOffset(8).addInt();

    LongInt() {
        setOffset(16);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (long, int) pair. */
    public final class Data extends Struct.Data {
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
        public void putValue(long v) {
            putLong(value, v);
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
