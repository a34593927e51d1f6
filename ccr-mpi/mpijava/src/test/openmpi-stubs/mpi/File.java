package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class File {
    public File(Comm comm, String filename, int amode) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void delete(String filename) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void delete(String filename, Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
}
