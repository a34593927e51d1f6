package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Message {
    public Message() {
        throw new UnsupportedOperationException();
    }
    public boolean isNull() {
        throw new UnsupportedOperationException();
    }
    public boolean isNoProc() {
        throw new UnsupportedOperationException();
    }
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Request imRecv(java.nio.Buffer buf, int count, Datatype type) throws MPIException {
        throw new UnsupportedOperationException();
    }
}
