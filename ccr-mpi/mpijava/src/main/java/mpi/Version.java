package mpi;

/** The MPI version of this package ({@link MPI#getVersion()}), as Open MPI's {@code mpi.Version}. */
public final class Version {
    private final int version;
    private final int subVersion;

    Version(int version, int subVersion) {
        this.version = version;
        this.subVersion = subVersion;
    }

    /**
     * The MPI version.
     *
     * @return the major version
     */
    public int getVersion() {
        return version;
    }

    /**
     * The MPI subversion.
     *
     * @return the minor version
     */
    public int getSubVersion() {
        return subVersion;
    }
}
