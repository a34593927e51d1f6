package mpi;

/**
 * The the values and indices of {@link MPI#INT2} struct of MINLOC and MAXLOC with {@link MPI#INT2}, as Open MPI's {@code mpi.Int2}:
 * 8 bytes, the value at 0 and the index at 4, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#int2}.
 */
public final class Int2 extends Struct {
    private final int value = addInt();
    private final int index = setOffset(4).addInt();

    Int2() {
        setOffset(8);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (int, int) pair. */
    public final class Data extends Struct.Data {
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
        public void putValue(int v) {
            putInt(value, v);
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
