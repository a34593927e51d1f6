package io.ccrj.mpi;

import java.util.Objects;

/**
 * A pending non-blocking operation started by {@link Comm#isend}, {@link Comm#irecv} and their
 * relatives, as mpiJava's {@code mpi.Request}; {@link PersistentRequest} adds mpiJava's
 * {@code Prequest}.
 *
 * <p>The static methods wait for or test several requests at once, as mpiJava's
 * {@code Request.Waitall}, {@code Waitany}, {@code Waitsome}, {@code Testall}, {@code Testany} and
 * {@code Testsome}: {@code null} elements and inactive persistent requests are ignored (MPI's
 * null requests), and each status returned carries the request's position in
 * {@link Status#index()}.
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
     * Cancels the operation if it has not matched yet ({@code MPI_Cancel}): a receive no message
     * has matched completes at once with {@link Status#cancelled()} set. ccr-mpi delivers a send's
     * message before the send returns, so a send can no longer be cancelled: its status says
     * {@code cancelled() == false}, which MPI allows. The request must still be completed with
     * {@link #waitFor()} or {@link #test()}.
     */
    default void cancel() {
    }

    /**
     * Waits until one of the requests completes ({@code MPI_Waitany}).
     *
     * @param requests the requests
     * @return the completed request's status, with {@link Status#index()} its position; if no
     *     request is active, a status with {@code index() == Comm.UNDEFINED}
     * @throws MpiException if the completed request failed
     */
    static Status waitAny(Request... requests) {
        return io.ccrj.mpi.internal.Requests.waitAny(requests);
    }

    /**
     * Waits until at least one of the requests completes and returns every completed one
     * ({@code MPI_Waitsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests, in position order, with their positions in
     *     {@link Status#index()}; empty if no request is active
     * @throws MpiException if a completed request failed
     */
    static Status[] waitSome(Request... requests) {
        return io.ccrj.mpi.internal.Requests.waitSome(requests);
    }

    /**
     * Returns every status if all requests are complete, without blocking ({@code MPI_Testall}).
     *
     * @param requests the requests
     * @return the statuses in the order of {@code requests} ({@code null} for null or inactive
     *     requests), or {@code null} if some request is still pending
     * @throws MpiException if a completed request failed
     */
    static Status[] testAll(Request... requests) {
        return io.ccrj.mpi.internal.Requests.testAll(requests);
    }

    /**
     * Returns the status of one completed request, without blocking ({@code MPI_Testany}).
     *
     * @param requests the requests
     * @return the first completed request's status with its position in {@link Status#index()};
     *     a status with {@code index() == Comm.UNDEFINED} if no request is active; {@code null}
     *     if none has completed
     * @throws MpiException if the completed request failed
     */
    static Status testAny(Request... requests) {
        return io.ccrj.mpi.internal.Requests.testAny(requests);
    }

    /**
     * Returns the statuses of the requests that have completed, without blocking
     * ({@code MPI_Testsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests with their positions, possibly empty
     * @throws MpiException if a completed request failed
     */
    static Status[] testSome(Request... requests) {
        return io.ccrj.mpi.internal.Requests.testSome(requests);
    }

    /**
     * Starts every persistent request ({@code MPI_Startall}).
     *
     * @param requests the requests, in the order they are started
     */
    static void startAll(PersistentRequest... requests) {
        Objects.requireNonNull(requests, "requests");
        for (PersistentRequest r : requests) {
            r.start();
        }
    }

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
