package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public abstract class UserFunction {
    public UserFunction() {
        throw new UnsupportedOperationException();
    }
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void call(java.nio.ByteBuffer in, java.nio.ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException();
    }
}
