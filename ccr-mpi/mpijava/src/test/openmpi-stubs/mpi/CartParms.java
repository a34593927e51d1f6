package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class CartParms {
    public int getDimCount() {
        throw new UnsupportedOperationException();
    }
    public int getDim(int i) {
        throw new UnsupportedOperationException();
    }
    public boolean getPeriod(int i) {
        throw new UnsupportedOperationException();
    }
    public int getCoord(int i) {
        throw new UnsupportedOperationException();
    }
    private CartParms() {
    }
}
