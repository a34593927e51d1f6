package mpi;

/**
 * A handle that can be released ({@code free()}), as Open MPI's {@code mpi.Freeable}. In this
 * package every handle lives on the Java heap and {@code free()} only marks it freed where MPI
 * says a freed handle must not be used again (communicators); elsewhere it is harmless.
 */
public interface Freeable {
    /**
     * Releases the handle.
     *
     * @throws MPIException if the handle may not be freed (a predefined communicator)
     */
    void free() throws MPIException;
}
