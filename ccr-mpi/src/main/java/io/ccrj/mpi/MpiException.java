package io.ccrj.mpi;

import java.util.Objects;

/**
 * A failed communicator operation: bad arguments, a message that does not fit its receive
 * buffer, or a world that ended (another rank failed, or a deadlock was detected). Unchecked,
 * unlike mpiJava's {@code MPIException}: a {@link Kernel} may throw anything, and most kernels
 * cannot recover from these errors.
 *
 * <p>{@link #errorClass()} says which MPI error class the failure corresponds to; the message
 * names the operation and the offending value.
 */
public class MpiException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** MPI error classes that ccr-mpi reports (a subset of MPI's {@code MPI_ERR_*}). */
    public enum ErrorClass {
        /** Invalid buffer: {@code null}, or offset/count outside the array ({@code MPI_ERR_BUFFER}). */
        BUFFER,
        /** Negative count ({@code MPI_ERR_COUNT}). */
        COUNT,
        /** Buffer array type does not match the datatype, or message datatype does not match the receive's ({@code MPI_ERR_TYPE}). */
        TYPE,
        /** Invalid tag: negative and not {@link Comm#ANY_TAG}, or a wildcard on a send ({@code MPI_ERR_TAG}). */
        TAG,
        /** Invalid rank: outside {@code [0, size)} and not a wildcard where one is allowed ({@code MPI_ERR_RANK}). */
        RANK,
        /** Invalid root of a collective ({@code MPI_ERR_ROOT}). */
        ROOT,
        /** Invalid or unsupported reduction operation for the datatype ({@code MPI_ERR_OP}). */
        OP,
        /** Message longer than the receive buffer's count ({@code MPI_ERR_TRUNCATE}). */
        TRUNCATE,
        /** Invalid request: a persistent request started while active ({@code MPI_ERR_REQUEST}). */
        REQUEST,
        /** Any other invalid argument ({@code MPI_ERR_ARG}). */
        ARG,
        /** The world ended while the operation was pending: another rank failed, the world was cancelled, or a deadlock was detected. */
        ABORTED,
        /** The calling thread was interrupted while waiting. */
        INTERRUPTED,
        /** A topology operation on a communicator without that topology ({@code MPI_ERR_TOPOLOGY}). */
        TOPOLOGY,
        /** An operation this backend does not implement ({@code MPI_ERR_UNSUPPORTED_OPERATION}). */
        UNSUPPORTED_OPERATION,
        /** Invalid window: freed, or a window call on a communicator that has none ({@code MPI_ERR_WIN}). */
        WIN,
        /** Invalid base array of a window ({@code MPI_ERR_BASE}). */
        BASE,
        /** Invalid window length ({@code MPI_ERR_SIZE}). */
        SIZE,
        /** Invalid target displacement: negative ({@code MPI_ERR_DISP}). */
        DISP,
        /** Invalid lock type ({@code MPI_ERR_LOCKTYPE}). */
        LOCKTYPE,
        /** Invalid assertion bits for a window synchronization call ({@code MPI_ERR_ASSERT}). */
        ASSERT,
        /** Conflicting accesses to a window: a lock of a rank this rank has locked already ({@code MPI_ERR_RMA_CONFLICT}). */
        RMA_CONFLICT,
        /** Wrong synchronization of one-sided calls: an access outside an epoch, an unlock without a lock ({@code MPI_ERR_RMA_SYNC}). */
        RMA_SYNC,
        /** Target memory outside the target's window ({@code MPI_ERR_RMA_RANGE}). */
        RMA_RANGE
    }

    /** The MPI error class of this failure. */
    private final ErrorClass errorClass;

    /**
     * Creates an exception.
     *
     * @param errorClass the MPI error class
     * @param message what failed and why, naming the offending value
     */
    public MpiException(ErrorClass errorClass, String message) {
        super(message);
        this.errorClass = Objects.requireNonNull(errorClass, "errorClass");
    }

    /**
     * Creates an exception with a cause.
     *
     * @param errorClass the MPI error class
     * @param message what failed and why
     * @param cause the underlying failure
     */
    public MpiException(ErrorClass errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorClass = Objects.requireNonNull(errorClass, "errorClass");
    }

    /**
     * The MPI error class of this failure.
     *
     * @return the error class, never {@code null}
     */
    public ErrorClass errorClass() {
        return errorClass;
    }
}
