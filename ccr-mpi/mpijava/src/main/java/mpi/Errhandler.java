package mpi;

/**
 * An error handler ({@code MPI.ERRORS_ARE_FATAL}, {@code MPI.ERRORS_RETURN}).
 *
 * <p>mpiJava's calls ({@code Send}, {@code Recv} ...) throw every error as an
 * {@link MPIException}, under either handler, as MPJ Express does. Open MPI's calls
 * ({@code send}, {@code recv} ...) follow the handler of their communicator
 * ({@link Comm#setErrhandler}): under {@code ERRORS_RETURN} they throw an {@code MPIException}
 * whose {@link MPIException#getErrorClass()} is the MPI error class; under
 * {@code ERRORS_ARE_FATAL}, the default, the error ends the run: the launcher reports the rank,
 * the call and the error, every rank stops and the run exits with status 1.
 */
public class Errhandler implements Freeable {
    private final String name;

    Errhandler(String name) {
        this.name = name;
    }

    /** Releases the handler (nothing to release; predefined handlers stay usable). */
    @Override
    public void free() {
    }

    /**
     * Whether this is the null handler (never: only the two predefined handlers exist here).
     *
     * @return {@code false}
     */
    public boolean isNull() {
        return false;
    }

    @Override
    public String toString() {
        return name;
    }
}
