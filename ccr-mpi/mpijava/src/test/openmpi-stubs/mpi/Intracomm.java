package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public class Intracomm extends Comm {
    public Intracomm clone() {
        throw new UnsupportedOperationException();
    }
    public Intracomm dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Intracomm iDup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Intracomm dupWithInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intracomm split(int colour, int key) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intracomm create(Group group) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights, Info info, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScan(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iScan(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iExScan(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Request iExScan(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static String openPort() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static String openPort(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void closePort(String name) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm accept(String port, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm connect(String port, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void publishName(String service, String port) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void publishName(String service, Info info, String port) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void unpublishName(String service, String port) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void unpublishName(String service, Info info, String port) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static String lookupName(String service) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static String lookupName(String service, Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root, int[] errcodes) throws MPIException {
        throw new UnsupportedOperationException();
    }
    protected Intracomm() {
    }
}
