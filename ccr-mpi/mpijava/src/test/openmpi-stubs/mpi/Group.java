package mpi;

// Signatures-only stub of Open MPI's Java bindings (4.1), written from their documented API for
// OpenMpiBinaryCompatibilityTest: programs are compiled against these classes, then run against
// ccrj's package mpi. Never on a run-time class path; every body throws.

public final class Group implements Freeable, Cloneable {
    public Group clone() {
        throw new UnsupportedOperationException();
    }
    public int getSize() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public int getRank() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public void free() throws MPIException {
        throw new UnsupportedOperationException();
    }
    public boolean isNull() {
        throw new UnsupportedOperationException();
    }
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static int compare(Group group1, Group group2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Group union(Group group1, Group group2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Group intersection(Group group1, Group group2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public static Group difference(Group group1, Group group2) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group incl(int[] ranks) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group excl(int[] ranks) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group rangeIncl(int[][] ranges) throws MPIException {
        throw new UnsupportedOperationException();
    }
    public Group rangeExcl(int[][] ranges) throws MPIException {
        throw new UnsupportedOperationException();
    }
    private Group() {
    }
}
