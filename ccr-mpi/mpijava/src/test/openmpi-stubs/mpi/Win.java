package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Win implements Freeable {
    public static final int WIN_NULL = 0;
    public static final int FLAVOR_PRIVATE = 0;
    public static final int FLAVOR_SHARED = 1;
    public Win(java.nio.Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Win(int size, int dispUnit, Info info, Comm comm, java.nio.Buffer base, int flavor) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Win(Info info, Comm comm) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void attach(java.nio.Buffer base, int size) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void detach(java.nio.Buffer base) throws MPIException {
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
    public void setErrhandler(Errhandler errhandler) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Errhandler getErrhandler() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void callErrhandler(int errorCode) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int createKeyval() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void freeKeyval(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setAttr(int keyval, Object value) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Object getAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void deleteAttr(int keyval) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Info getInfo() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request rPut(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request rGet(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Request rAccumulate(java.nio.Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void getAccumulate(java.nio.Buffer origin, int orgCount, Datatype orgType, java.nio.Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Request rGetAccumulate(java.nio.Buffer origin, int orgCount, Datatype orgType, java.nio.Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
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
    public void flush(int targetRank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void flushAll() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void compareAndSwap(java.nio.Buffer origin, java.nio.Buffer compareAddr, java.nio.Buffer resultAddr, Datatype targetType, int targetRank, int targetDisp) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void fetchAndOp(java.nio.Buffer origin, java.nio.Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void flushLocal(int targetRank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void flushLocalAll() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public String getName() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void setName(String name) throws MPIException {
        throw new UnsupportedOperationException();
    }
}
