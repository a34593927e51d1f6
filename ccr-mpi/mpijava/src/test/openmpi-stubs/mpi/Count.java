package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Count implements Comparable {
    public Count(long count) {
        throw new UnsupportedOperationException();
    }
    public long getCount() {
        throw new UnsupportedOperationException();
    }
    public void setCount(long count) {
        throw new UnsupportedOperationException();
    }
    public int compareTo(Object obj) {
        throw new UnsupportedOperationException();
    }
}
