package mpi;

/**
 * What the five pair structs of MINLOC and MAXLOC ({@link ShortInt}, {@link Int2},
 * {@link LongInt}, {@link FloatInt}, {@link DoubleInt}) share: the C layout Open MPI gives them
 * (the value at 0, then a 4-byte index at the value's alignment, the whole padded to that
 * alignment) and the index's accessors. Each subclass adds only its value's typed accessors, so
 * that its public descriptors stay Open MPI's ({@code double getValue()} on {@code DoubleInt.Data}
 * ...). Package-private: programs see the five classes only.
 */
abstract class PairStruct extends Struct {
    /** The value's Java type, which fixes its width and the pair's layout. */
    enum Value {
        SHORT(2), INT(4), LONG(8), FLOAT(4), DOUBLE(8);

        final int bytes;

        Value(int bytes) {
            this.bytes = bytes;
        }
    }

    /** The offset of the value (0). */
    final int value;
    /** The offset of the index: the value's width, at least 4. */
    final int index;

    PairStruct(Value kind) {
        value = switch (kind) {
            case SHORT -> addShort();
            case INT -> addInt();
            case LONG -> addLong();
            case FLOAT -> addFloat();
            case DOUBLE -> addDouble();
        };
        int at = Math.max(kind.bytes, 4);
        index = setOffset(at).addInt();
        setOffset(2 * at);
    }

    /** A reader of one pair: the index's accessors; the subclass's {@code Data} adds the value's. */
    abstract class PairData extends Struct.Data {
        PairData() {
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
         * Sets the index.
         *
         * @param v the index
         */
        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
