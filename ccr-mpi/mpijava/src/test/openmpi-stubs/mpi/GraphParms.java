package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class GraphParms {
    public int getIndexCount() {
        throw new UnsupportedOperationException();
    }
    public int getIndex(int i) {
        throw new UnsupportedOperationException();
    }
    public int getEdgeCount() {
        throw new UnsupportedOperationException();
    }
    public int getEdge(int i) {
        throw new UnsupportedOperationException();
    }
    private GraphParms() {
    }
}
