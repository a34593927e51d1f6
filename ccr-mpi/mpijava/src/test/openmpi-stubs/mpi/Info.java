package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Info implements Freeable, Cloneable {
    public Info() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void set(String key, String value) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public String get(String key) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void delete(String key) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int size() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public String getKey(int i) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Info clone() {
        throw new UnsupportedOperationException();
    }
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public boolean isNull() {
        throw new UnsupportedOperationException();
    }
}
