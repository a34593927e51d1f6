package mpi;

/**
 * The (short value, int index) struct of MINLOC and MAXLOC with {@link MPI#SHORT_INT}, as Open MPI's {@code mpi.ShortInt}:
 * 8 bytes, the value at 0 and the index at 4, in a {@link java.nio.ByteBuffer}. Use
 * {@link MPI#shortInt}.
 */
public final class ShortInt extends Struct {
    private final int value = addShort();
    private final int index = setOffset(4).addInt();

    ShortInt() {
        setOffset(8);
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** Reads and writes one (short, int) pair. */
    public final class Data extends Struct.Data {
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
        public void putValue(short v) {
            putShort(value, v);
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
