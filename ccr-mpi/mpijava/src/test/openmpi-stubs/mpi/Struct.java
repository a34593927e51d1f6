package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public abstract class Struct {
    protected Struct() {
        throw new UnsupportedOperationException();
    }
    public final int getExtent() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Datatype getType() throws MPIException {
        throw new UnsupportedOperationException();
    }
    protected abstract Data newData();
    public final <T extends Data> T getData(java.nio.ByteBuffer buffer) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final <T extends Data> T getData(java.nio.ByteBuffer buffer, int index) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final <T extends Data> T getData(byte[] array) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Struct setOffset(int offset) {
        throw new UnsupportedOperationException();
    }
    public final int addBoolean() {
        throw new UnsupportedOperationException();
    }
    public final int addBoolean(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addByte() {
        throw new UnsupportedOperationException();
    }
    public final int addByte(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addChar() {
        throw new UnsupportedOperationException();
    }
    public final int addChar(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addShort() {
        throw new UnsupportedOperationException();
    }
    public final int addShort(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addInt() {
        throw new UnsupportedOperationException();
    }
    public final int addInt(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addLong() {
        throw new UnsupportedOperationException();
    }
    public final int addLong(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addFloat() {
        throw new UnsupportedOperationException();
    }
    public final int addFloat(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addDouble() {
        throw new UnsupportedOperationException();
    }
    public final int addDouble(int length) {
        throw new UnsupportedOperationException();
    }
    public final int addStruct(Struct struct) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int addStruct(Struct struct, int length) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int addData(Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final int addData(Datatype type, int length) throws MPIException {
        throw new UnsupportedOperationException();
    }
    /** The accessors of one struct in a byte buffer. */
    public abstract class Data {
        public final java.nio.ByteBuffer getBuffer() {
            throw new UnsupportedOperationException();
        }
        protected final boolean getBoolean(int field) {
            throw new UnsupportedOperationException();
        }
        protected final boolean getBoolean(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putBoolean(int field, boolean v) {
            throw new UnsupportedOperationException();
        }
        protected final void putBoolean(int field, int index, boolean v) {
            throw new UnsupportedOperationException();
        }
        protected final byte getByte(int field) {
            throw new UnsupportedOperationException();
        }
        protected final byte getByte(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putByte(int field, byte v) {
            throw new UnsupportedOperationException();
        }
        protected final void putByte(int field, int index, byte v) {
            throw new UnsupportedOperationException();
        }
        protected final char getChar(int field) {
            throw new UnsupportedOperationException();
        }
        protected final char getChar(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putChar(int field, char v) {
            throw new UnsupportedOperationException();
        }
        protected final void putChar(int field, int index, char v) {
            throw new UnsupportedOperationException();
        }
        protected final short getShort(int field) {
            throw new UnsupportedOperationException();
        }
        protected final short getShort(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putShort(int field, short v) {
            throw new UnsupportedOperationException();
        }
        protected final void putShort(int field, int index, short v) {
            throw new UnsupportedOperationException();
        }
        protected final int getInt(int field) {
            throw new UnsupportedOperationException();
        }
        protected final int getInt(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putInt(int field, int v) {
            throw new UnsupportedOperationException();
        }
        protected final void putInt(int field, int index, int v) {
            throw new UnsupportedOperationException();
        }
        protected final long getLong(int field) {
            throw new UnsupportedOperationException();
        }
        protected final long getLong(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putLong(int field, long v) {
            throw new UnsupportedOperationException();
        }
        protected final void putLong(int field, int index, long v) {
            throw new UnsupportedOperationException();
        }
        protected final float getFloat(int field) {
            throw new UnsupportedOperationException();
        }
        protected final float getFloat(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putFloat(int field, float v) {
            throw new UnsupportedOperationException();
        }
        protected final void putFloat(int field, int index, float v) {
            throw new UnsupportedOperationException();
        }
        protected final double getDouble(int field) {
            throw new UnsupportedOperationException();
        }
        protected final double getDouble(int field, int index) {
            throw new UnsupportedOperationException();
        }
        protected final void putDouble(int field, double v) {
            throw new UnsupportedOperationException();
        }
        protected final void putDouble(int field, int index, double v) {
            throw new UnsupportedOperationException();
        }
    }
}
