package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A struct stored in bytes, as Open MPI's {@code mpi.Struct}: a subclass adds its fields in its
 * constructor ({@link #addInt()}, {@link #addDouble(int)} ..., each returning the field's byte
 * offset), and its {@link Data} subclass reads and writes them in a {@link ByteBuffer} (usually
 * {@link MPI#newByteBuffer}) with the protected accessors. {@link #getType()} is the datatype of
 * one struct for sends, receives and collectives: its bytes travel unchanged, which is exact here
 * (every rank is a thread of one JVM, one byte order). Reductions on structs need a
 * {@link UserFunction} over the bytes; the predefined pair structs ({@link MPI#doubleInt} ...)
 * have their own datatypes for MINLOC and MAXLOC.
 *
 * <p>Fields are laid out one after the other, each array of {@code length} elements of its width,
 * unless {@link #setOffset} moves the next one; the extent is the end of the last field. The
 * layout is fixed at the first {@link #getType()}, {@link #getExtent()} or {@code getData}.
 * Not thread-safe while fields are added.
 */
public abstract class Struct {
    private int extent;
    private Datatype datatype;

    /** For subclasses, which add their fields in their constructor. */
    protected Struct() {
    }

    private int addField(int width, int length) {
        if (datatype != null) {
            throw new IllegalStateException("Struct: fields cannot be added once the struct's datatype was made");
        }
        if (length < 0) {
            throw new IllegalArgumentException("Struct: negative field length " + length);
        }
        int at = extent;
        extent = Math.addExact(extent, Math.multiplyExact(width, length));
        return at;
    }

    private void commit() {
        if (datatype == null) {
            datatype = new Datatype("Struct " + getClass().getName(),
                    io.ccrj.mpi.Datatype.contiguous(extent, io.ccrj.mpi.Datatype.BYTE));
        }
    }

    /**
     * The bytes of one struct.
     *
     * @return the extent in bytes
     * @throws MPIException never
     */
    public final int getExtent() throws MPIException {
        commit();
        return extent;
    }

    /**
     * The datatype of one struct (its bytes; {@code MPI.BYTE} elements).
     *
     * @return the datatype
     * @throws MPIException never
     */
    public final Datatype getType() throws MPIException {
        commit();
        return datatype;
    }

    /**
     * A new reader of this struct, for {@link #getData(ByteBuffer, int)}.
     *
     * @return the reader
     */
    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    private <T extends Data> T data(ByteBuffer buffer, int index) {
        commit();
        if (buffer == null) {
            throw new IllegalArgumentException("Struct.getData: the buffer is null");
        }
        Data d = newData();
        d.buffer = buffer;
        d.offset = Math.multiplyExact(index, extent);
        return (T) d;
    }

    /**
     * A reader of the struct at the start of {@code buffer}.
     *
     * @param <T> the subclass's {@link Data}
     * @param buffer the bytes
     * @return the reader
     * @throws MPIException never
     */
    public final <T extends Data> T getData(ByteBuffer buffer) throws MPIException {
        return data(buffer, 0);
    }

    /**
     * A reader of struct {@code index} of an array of structs in {@code buffer}.
     *
     * @param <T> the subclass's {@link Data}
     * @param buffer the bytes
     * @param index the struct's position
     * @return the reader
     * @throws MPIException never
     */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) throws MPIException {
        return data(buffer, index);
    }

    /**
     * A reader of the struct at the start of {@code array} (native byte order).
     *
     * @param <T> the subclass's {@link Data}
     * @param array the bytes
     * @return the reader
     * @throws MPIException never
     */
    public final <T extends Data> T getData(byte[] array) throws MPIException {
        return data(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), 0);
    }

    /**
     * A reader of struct {@code index} of an array of structs in {@code array}.
     *
     * @param <T> the subclass's {@link Data}
     * @param array the bytes
     * @param index the struct's position
     * @return the reader
     * @throws MPIException never
     */
    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        return data(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), index);
    }

    /**
     * Moves the next field to {@code offset} bytes (padding), at or after the fields so far.
     *
     * @param offset the next field's offset
     * @return this struct
     */
    public final Struct setOffset(int offset) {
        if (datatype != null) {
            throw new IllegalStateException("Struct: the layout is fixed once the struct's datatype was made");
        }
        if (offset < extent) {
            throw new IllegalArgumentException("Struct.setOffset: " + offset + " is before the end of the fields so far ("
                    + extent + ")");
        }
        extent = offset;
        return this;
    }

    /**
     * Adds a {@code boolean} field (one byte).
     *
     * @return the field's offset in bytes
     */
    public final int addBoolean() {
        return addBoolean(1);
    }

    /**
     * Adds a {@code boolean} array field (one byte per element).
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addBoolean(int length) {
        return addField(1, length);
    }

    /**
     * Adds a {@code byte} field.
     *
     * @return the field's offset in bytes
     */
    public final int addByte() {
        return addByte(1);
    }

    /**
     * Adds a {@code byte} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addByte(int length) {
        return addField(1, length);
    }

    /**
     * Adds a {@code char} field.
     *
     * @return the field's offset in bytes
     */
    public final int addChar() {
        return addChar(1);
    }

    /**
     * Adds a {@code char} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addChar(int length) {
        return addField(2, length);
    }

    /**
     * Adds a {@code short} field.
     *
     * @return the field's offset in bytes
     */
    public final int addShort() {
        return addShort(1);
    }

    /**
     * Adds a {@code short} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addShort(int length) {
        return addField(2, length);
    }

    /**
     * Adds a {@code int} field.
     *
     * @return the field's offset in bytes
     */
    public final int addInt() {
        return addInt(1);
    }

    /**
     * Adds a {@code int} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addInt(int length) {
        return addField(4, length);
    }

    /**
     * Adds a {@code long} field.
     *
     * @return the field's offset in bytes
     */
    public final int addLong() {
        return addLong(1);
    }

    /**
     * Adds a {@code long} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addLong(int length) {
        return addField(8, length);
    }

    /**
     * Adds a {@code float} field.
     *
     * @return the field's offset in bytes
     */
    public final int addFloat() {
        return addFloat(1);
    }

    /**
     * Adds a {@code float} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addFloat(int length) {
        return addField(4, length);
    }

    /**
     * Adds a {@code double} field.
     *
     * @return the field's offset in bytes
     */
    public final int addDouble() {
        return addDouble(1);
    }

    /**
     * Adds a {@code double} array field.
     *
     * @param length the number of elements
     * @return the field's offset in bytes
     */
    public final int addDouble(int length) {
        return addField(8, length);
    }

    /**
     * Adds a field holding a struct.
     *
     * @param struct the field's struct
     * @return the field's offset in bytes
     * @throws MPIException never
     */
    public final int addStruct(Struct struct) throws MPIException {
        return addStruct(struct, 1);
    }

    /**
     * Adds a field holding an array of structs.
     *
     * @param struct the elements' struct
     * @param length the number of elements
     * @return the field's offset in bytes
     * @throws MPIException never
     */
    public final int addStruct(Struct struct, int length) throws MPIException {
        return addField(struct.getExtent(), length);
    }

    /**
     * Adds a field of {@code type}'s bytes.
     *
     * @param type a basic datatype
     * @return the field's offset in bytes
     * @throws MPIException never
     */
    public final int addData(Datatype type) throws MPIException {
        return addData(type, 1);
    }

    /**
     * Adds an array field of {@code type}'s bytes.
     *
     * @param type a basic datatype
     * @param length the number of elements
     * @return the field's offset in bytes
     * @throws MPIException never
     */
    public final int addData(Datatype type, int length) throws MPIException {
        int width = type.pairBytes != 0 ? type.pairBytes
                : type.impl.extent() * (type.impl.base() == io.ccrj.mpi.Datatype.Base.BOOLEAN ? 1
                        : type.impl.base().packedBytes());
        return addField(width, length);
    }

    /**
     * Reads and writes one struct in a byte buffer; subclasses add typed getters and setters
     * built on the protected accessors, whose {@code field} is an offset an {@code add} method
     * returned.
     */
    public abstract class Data {
        private ByteBuffer buffer;
        private int offset;

        /** For subclasses (public, as in Open MPI's bindings). */
        public Data() {
        }

        /**
         * The buffer from this struct on (a slice when it is not the first), for sends and receives.
         *
         * @return the buffer
         */
        public final ByteBuffer getBuffer() {
            return offset == 0 ? buffer : MPI.slice(buffer, offset);
        }

        /**
         * The {@code boolean} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final boolean getBoolean(int field) {
            return buffer.get(offset + field) != 0;
        }

        /**
         * Element {@code index} of the {@code boolean} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final boolean getBoolean(int field, int index) {
            return buffer.get(offset + field + index) != 0;
        }

        /**
         * Sets the {@code boolean} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putBoolean(int field, boolean v) {
            buffer.put(offset + field, (byte) (v ? 1 : 0));
        }

        /**
         * Sets element {@code index} of the {@code boolean} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putBoolean(int field, int index, boolean v) {
            buffer.put(offset + field + index, (byte) (v ? 1 : 0));
        }

        /**
         * The {@code byte} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final byte getByte(int field) {
            return buffer.get(offset + field);
        }

        /**
         * Element {@code index} of the {@code byte} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final byte getByte(int field, int index) {
            return buffer.get(offset + field + index * 1);
        }

        /**
         * Sets the {@code byte} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putByte(int field, byte v) {
            buffer.put(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code byte} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putByte(int field, int index, byte v) {
            buffer.put(offset + field + index * 1, v);
        }

        /**
         * The {@code char} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final char getChar(int field) {
            return buffer.getChar(offset + field);
        }

        /**
         * Element {@code index} of the {@code char} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final char getChar(int field, int index) {
            return buffer.getChar(offset + field + index * 2);
        }

        /**
         * Sets the {@code char} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putChar(int field, char v) {
            buffer.putChar(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code char} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putChar(int field, int index, char v) {
            buffer.putChar(offset + field + index * 2, v);
        }

        /**
         * The {@code short} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final short getShort(int field) {
            return buffer.getShort(offset + field);
        }

        /**
         * Element {@code index} of the {@code short} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final short getShort(int field, int index) {
            return buffer.getShort(offset + field + index * 2);
        }

        /**
         * Sets the {@code short} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putShort(int field, short v) {
            buffer.putShort(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code short} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putShort(int field, int index, short v) {
            buffer.putShort(offset + field + index * 2, v);
        }

        /**
         * The {@code int} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final int getInt(int field) {
            return buffer.getInt(offset + field);
        }

        /**
         * Element {@code index} of the {@code int} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final int getInt(int field, int index) {
            return buffer.getInt(offset + field + index * 4);
        }

        /**
         * Sets the {@code int} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putInt(int field, int v) {
            buffer.putInt(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code int} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putInt(int field, int index, int v) {
            buffer.putInt(offset + field + index * 4, v);
        }

        /**
         * The {@code long} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final long getLong(int field) {
            return buffer.getLong(offset + field);
        }

        /**
         * Element {@code index} of the {@code long} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final long getLong(int field, int index) {
            return buffer.getLong(offset + field + index * 8);
        }

        /**
         * Sets the {@code long} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putLong(int field, long v) {
            buffer.putLong(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code long} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putLong(int field, int index, long v) {
            buffer.putLong(offset + field + index * 8, v);
        }

        /**
         * The {@code float} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final float getFloat(int field) {
            return buffer.getFloat(offset + field);
        }

        /**
         * Element {@code index} of the {@code float} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final float getFloat(int field, int index) {
            return buffer.getFloat(offset + field + index * 4);
        }

        /**
         * Sets the {@code float} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putFloat(int field, float v) {
            buffer.putFloat(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code float} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putFloat(int field, int index, float v) {
            buffer.putFloat(offset + field + index * 4, v);
        }

        /**
         * The {@code double} field at {@code field}.
         *
         * @param field the field's offset
         * @return the value
         */
        protected final double getDouble(int field) {
            return buffer.getDouble(offset + field);
        }

        /**
         * Element {@code index} of the {@code double} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @return the value
         */
        protected final double getDouble(int field, int index) {
            return buffer.getDouble(offset + field + index * 8);
        }

        /**
         * Sets the {@code double} field at {@code field}.
         *
         * @param field the field's offset
         * @param v the value
         */
        protected final void putDouble(int field, double v) {
            buffer.putDouble(offset + field, v);
        }

        /**
         * Sets element {@code index} of the {@code double} array field at {@code field}.
         *
         * @param field the field's offset
         * @param index the element
         * @param v the value
         */
        protected final void putDouble(int field, int index, double v) {
            buffer.putDouble(offset + field + index * 8, v);
        }

        /**
         * A reader of the struct held in the field at {@code field}.
         *
         * @param <T> the field struct's {@link Data}
         * @param struct the field's struct
         * @param field the field's offset
         * @return the reader
         * @throws MPIException never
         */
        protected final <T extends Struct.Data> T getData(Struct struct, int field) throws MPIException {
            return struct.getData(buffer, 0).<T>at(offset + field);
        }

        /**
         * A reader of element {@code index} of the struct array field at {@code field}.
         *
         * @param <T> the field struct's {@link Data}
         * @param struct the field's struct
         * @param field the field's offset
         * @param index the element
         * @return the reader
         * @throws MPIException never
         */
        protected final <T extends Struct.Data> T getData(Struct struct, int field, int index) throws MPIException {
            return struct.getData(buffer, 0).<T>at(offset + field + index * struct.getExtent());
        }

        @SuppressWarnings("unchecked")
        private <T extends Struct.Data> T at(int byteOffset) {
            this.offset = byteOffset;
            return (T) this;
        }
    }
}
