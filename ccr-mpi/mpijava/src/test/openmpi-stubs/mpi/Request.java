package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public class Request implements Freeable {
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void cancel() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final boolean isNull() {
        throw new UnsupportedOperationException();
    }
    public final Status waitStatus() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void waitFor() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status testStatus() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Status getStatus() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final boolean test() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int waitAny(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int testAny(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void waitAll(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static boolean testAll(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int[] waitSome(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int[] testSome(Request[] requests) throws MPIException {
        throw new UnsupportedOperationException();
    }
    protected Request() {
    }
}
