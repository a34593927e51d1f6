package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Prequest extends Request {
    public void start() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void startAll(Prequest[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    private Prequest() {
    }
}
