package mpi;

/**
 * A failed MPI call, as mpiJava's {@code mpi.MPIException}. Unchecked, as in MPJ Express 0.44, so
 * that programs written for MPJ Express compile unchanged. Wraps the
 * {@link io.ccrj.mpi.MpiException} of ccr-mpi that describes the failure (its message names the
 * operation and the offending value), or says that an operation is not supported by this
 * layer.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception without a message. */
    public MPIException() {
        super();
    }

    /**
     * An exception with a message.
     *
     * @param message what failed
     */
    public MPIException(String message) {
        super(message);
    }

    /**
     * An exception with a message and a cause.
     *
     * @param message what failed
     * @param cause the underlying failure
     */
    public MPIException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * An exception caused by another.
     *
     * @param cause the underlying failure; its message becomes this one's
     */
    public MPIException(Throwable cause) {
        super(cause == null ? null : cause.getMessage(), cause);
    }
}
