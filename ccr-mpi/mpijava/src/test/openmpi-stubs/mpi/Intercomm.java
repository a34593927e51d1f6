package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Intercomm extends Comm {
    public Intercomm clone() {
        throw new UnsupportedOperationException();
    }
    public Intercomm dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Intercomm iDup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Intercomm dupWithInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getRemoteSize() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group getRemoteGroup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Intracomm merge(boolean high) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Intercomm getParent() throws MPIException {
        throw new UnsupportedOperationException();
    }
    private Intercomm() {
    }
}
