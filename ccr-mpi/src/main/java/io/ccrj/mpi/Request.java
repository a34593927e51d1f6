package io.ccrj.mpi;

import java.util.Objects;

/**
 * A pending non-blocking operation started by {@link Comm#isend} or {@link Comm#irecv}, as
 * mpiJava's {@code mpi.Request}.
 *
 * <p>Thread safety: a request belongs to the rank that started it; {@link #waitFor()} and
 * {@link #test()} may be called only by that rank's thread. Completing a receive request
 * writes the message into the receive buffer before {@code waitFor} or a non-null {@code test}
 * returns (happens-before); the buffer must not be read before then. A send's buffer may be
 * reused once its request is complete (ccr-mpi copies small sends eagerly, so send requests are
 * usually complete on return, but portable kernels wait for them).
 */
public interface Request {

    /**
     * Blocks until the operation completes ({@code MPI_Wait}).
     *
     * @return the status: for a receive, the matched source, tag and count; for a send, the
     *     destination, tag and count
     * @throws MpiException of class {@link MpiException.ErrorClass#TRUNCATE} if the matched
     *     message was longer than the receive buffer, {@link MpiException.ErrorClass#TYPE} if its
     *     datatype differed, {@link MpiException.ErrorClass#ABORTED} if the world ended
     */
    Status waitFor();

    /**
     * Completes the operation if it can without blocking ({@code MPI_Test}).
     *
     * @return the status if complete, {@code null} otherwise
     * @throws MpiException as {@link #waitFor()}, if the operation completed with an error; of
     *     class {@link MpiException.ErrorClass#ABORTED} if it is pending and the world has ended
     *     (so that a rank polling in a loop stops with the others)
     */
    Status test();

    /**
     * Whether the operation has completed; does not block and does not throw.
     *
     * @return {@code true} once {@link #test()} would return a status or throw
     */
    boolean isComplete();

    /**
     * Waits for every request ({@code MPI_Waitall}).
     *
     * @param requests the requests; {@code null} elements are skipped and yield {@code null}
     *     statuses
     * @return the statuses, in the order of {@code requests}
     * @throws MpiException the first failure, after all requests have been waited for
     */
    static Status[] waitAll(Request... requests) {
        Objects.requireNonNull(requests, "requests");
        Status[] statuses = new Status[requests.length];
        MpiException failure = null;
        for (int i = 0; i < requests.length; i++) {
            if (requests[i] == null) {
                continue;
            }
            try {
                statuses[i] = requests[i].waitFor();
            } catch (MpiException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return statuses;
    }
}
