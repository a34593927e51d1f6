package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Datatype implements Freeable, Cloneable {
    public int getLb() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getExtent() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getTrueLb() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getTrueExtent() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getSize() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void commit() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public boolean isNull() {
        throw new UnsupportedOperationException();
    }
    public Datatype clone() {
        throw new UnsupportedOperationException();
    }
    public Datatype dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setName(String name) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public String getName() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int createKeyval() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void freeKeyval(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setAttr(int keyval, Object value) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Object getAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void deleteAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    private Datatype() {
    }
}
