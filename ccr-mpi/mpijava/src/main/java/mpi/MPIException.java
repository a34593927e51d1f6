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
    /** The MPI error class ({@link MPI#ERR_ARG} ...); -1 until known, then taken from the cause. */
    private final int errorClass;

    /** An exception without a message. */
    public MPIException() {
        super();
        this.errorClass = -1;
    }

    /** An exception of the MPI error class {@code errorClass} ({@link MPI#ERR_ARG} ...). */
    MPIException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    /**
     * An exception with a message.
     *
     * @param message what failed
     */
    public MPIException(String message) {
        super(message);
        this.errorClass = -1;
    }

    /**
     * An exception with a message and a cause.
     *
     * @param message what failed
     * @param cause the underlying failure
     */
    public MPIException(String message, Throwable cause) {
        super(message, cause);
        this.errorClass = -1;
    }

    /**
     * An exception caused by another.
     *
     * @param cause the underlying failure; its message becomes this one's
     */
    public MPIException(Throwable cause) {
        super(cause == null ? null : cause.getMessage(), cause);
        this.errorClass = -1;
    }

    /**
     * The MPI error class (Open MPI's {@code getErrorClass()}): one of {@link MPI#ERR_BUFFER},
     * {@link MPI#ERR_COUNT}, {@link MPI#ERR_TYPE}, {@link MPI#ERR_TAG}, {@link MPI#ERR_COMM},
     * {@link MPI#ERR_RANK}, {@link MPI#ERR_REQUEST}, {@link MPI#ERR_ROOT}, {@link MPI#ERR_GROUP},
     * {@link MPI#ERR_OP}, {@link MPI#ERR_TOPOLOGY}, {@link MPI#ERR_ARG}, {@link MPI#ERR_TRUNCATE},
     * {@link MPI#ERR_UNSUPPORTED_OPERATION}, {@link MPI#ERR_OTHER} ...; for a failure of ccr-mpi,
     * the class of its {@link io.ccrj.mpi.MpiException.ErrorClass}.
     *
     * @return the error class
     */
    public int getErrorClass() {
        if (errorClass >= 0) {
            return errorClass;
        }
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof io.ccrj.mpi.MpiException e) {
                return Bridge.errorClass(e);
            }
        }
        return MPI.ERR_OTHER;
    }

    /**
     * The MPI error code (Open MPI's {@code getErrorCode()}); in this package every error code
     * is its error class.
     *
     * @return the error code
     */
    public int getErrorCode() {
        return getErrorClass();
    }
}
