package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class MPIException extends Exception {
    public MPIException(String message) {
        throw new UnsupportedOperationException();
    }
    public MPIException(Throwable cause) {
        throw new UnsupportedOperationException();
    }
    public int getErrorCode() {
        throw new UnsupportedOperationException();
    }
    public int getErrorClass() {
        throw new UnsupportedOperationException();
    }
}
