package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.
public final class LongInt extends Struct {
    private LongInt() {
    }

    @Override
    protected Data newData() {
        throw new UnsupportedOperationException();
    }

    /** One (long, int) pair. */
    public final class Data extends Struct.Data {
        public long getValue() {
            throw new UnsupportedOperationException();
        }
        public int getIndex() {
            throw new UnsupportedOperationException();
        }
        public void putValue(long v) {
            throw new UnsupportedOperationException();
        }
        public void putIndex(int v) {
            throw new UnsupportedOperationException();
        }
    }
}
