package mpi;

/**
 * MPI-IO's file, as Open MPI's {@code mpi.File}: not supported by this package, refused by name.
 * Its constructors throw {@link MPIException} of class {@link MPI#ERR_UNSUPPORTED_OPERATION}, so a
 * program that opens a file fails at that call with a message saying so; use Java's own
 * {@code java.nio.file} from each rank, or run the program on Open MPI's {@code mpirun}.
 */
public final class File {

    /**
     * Opens a file ({@code MPI_File_open}): refused by name.
     *
     * @param comm ignored
     * @param filename ignored
     * @param amode ignored
     * @throws MPIException always
     */
    public File(Comm comm, String filename, int amode) throws MPIException {
        throw Bridge.unsupported("File", "MPI-IO (MPI_File_open of " + filename + ")");
    }

    /**
     * Opens a file with hints ({@code MPI_File_open}): refused by name.
     *
     * @param comm ignored
     * @param filename ignored
     * @param amode ignored
     * @param info ignored
     * @throws MPIException always
     */
    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        throw Bridge.unsupported("File", "MPI-IO (MPI_File_open of " + filename + ")");
    }

    /**
     * Deletes a file ({@code MPI_File_delete}): refused by name.
     *
     * @param filename ignored
     * @throws MPIException always
     */
    public static void delete(String filename) throws MPIException {
        throw Bridge.unsupported("File.delete", "MPI-IO (MPI_File_delete of " + filename + ")");
    }

    /**
     * Deletes a file with hints ({@code MPI_File_delete}): refused by name.
     *
     * @param filename ignored
     * @param info ignored
     * @throws MPIException always
     */
    public static void delete(String filename, Info info) throws MPIException {
        throw Bridge.unsupported("File.delete", "MPI-IO (MPI_File_delete of " + filename + ")");
    }
}
