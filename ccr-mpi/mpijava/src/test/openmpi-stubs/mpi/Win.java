package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Win implements Freeable {
    public Win(java.nio.Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group getGroup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void put(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void get(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void accumulate(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void fence(int assertion) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void start(Group group, int assertion) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void complete() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void post(Group group, int assertion) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void waitFor() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public boolean test() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void lock(int lockType, int rank, int assertion) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void unlock(int rank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void fetchAndOp(java.nio.Buffer origin, java.nio.Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void compareAndSwap(java.nio.Buffer origin, java.nio.Buffer compareAddr, java.nio.Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void flush(int targetRank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void flushAll() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void lockAll(int assertion) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void unlockAll() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void sync() throws MPIException {
        throw new UnsupportedOperationException();
    }
}
