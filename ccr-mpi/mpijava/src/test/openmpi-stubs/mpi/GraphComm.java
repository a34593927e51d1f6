package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class GraphComm extends Intracomm {
    public GraphComm clone() {
        throw new UnsupportedOperationException();
    }
    public GraphComm dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public GraphComm iDup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public GraphComm dupWithInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public GraphParms getDims() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int[] getNeighbors(int rank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int map(int[] index, int[] edges) throws MPIException {
        throw new UnsupportedOperationException();
    }
    private GraphComm() {
    }
}
