package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Status {
    public int getCount(Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public boolean isCancelled() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getElements(Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Count getElementsX(Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setElements(Datatype datatype, int count) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setCancelled(boolean flag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getSource() {
        throw new UnsupportedOperationException();
    }
    public int getTag() {
        throw new UnsupportedOperationException();
    }
    public int getError() {
        throw new UnsupportedOperationException();
    }
    public int getIndex() {
        throw new UnsupportedOperationException();
    }
    private Status() {
    }
}
