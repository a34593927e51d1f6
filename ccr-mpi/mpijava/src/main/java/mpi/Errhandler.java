package mpi;

/**
 * An error handler ({@code MPI.ERRORS_ARE_FATAL}, {@code MPI.ERRORS_RETURN}). In Java every error
 * is thrown as an {@link MPIException}, under either handler.
 */
public class Errhandler {
    private final String name;

    Errhandler(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
