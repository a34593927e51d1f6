package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class CartComm extends Intracomm {
    public CartComm clone() {
        throw new UnsupportedOperationException();
    }
    public CartComm dup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public CartComm iDup() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public CartComm dupWithInfo(Info info) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public CartParms getTopo() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getRank(int[] coords) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int[] getCoords(int rank) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public ShiftParms shift(int direction, int disp) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public CartComm sub(boolean[] remainDims) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int map(int[] dims, boolean[] periods) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        throw new UnsupportedOperationException();
    }
    private CartComm() {
    }
}
