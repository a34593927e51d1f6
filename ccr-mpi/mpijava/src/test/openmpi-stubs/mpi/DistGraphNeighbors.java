package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class DistGraphNeighbors {
    public int getInDegree() {
        throw new UnsupportedOperationException();
    }
    public int getOutDegree() {
        throw new UnsupportedOperationException();
    }
    public boolean isWeighted() {
        throw new UnsupportedOperationException();
    }
    public int getSource(int i) {
        throw new UnsupportedOperationException();
    }
    public int getSourceWeight(int i) {
        throw new UnsupportedOperationException();
    }
    public int getDestination(int i) {
        throw new UnsupportedOperationException();
    }
    public int getDestinationWeight(int i) {
        throw new UnsupportedOperationException();
    }
    private DistGraphNeighbors() {
    }
}
