package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A pending non-blocking operation, as mpiJava's {@code mpi.Request}; a thin view of ccr-mpi's
 * {@link io.ccrj.mpi.Request}. {@link MPI#REQUEST_NULL} is the null request.
 *
 * <p>The calls on several requests ({@link #Waitall}, {@link #Waitany}, {@link #Waitsome},
 * {@link #Testall}, {@link #Testany}, {@link #Testsome}) are ccr-mpi's static methods of
 * {@link io.ccrj.mpi.Request}: null requests and inactive persistent requests are ignored, and the
 * statuses carry each completed request's position in {@link Status#index}.
 *
 * <p>As in MPI, mpiJava and MPJ Express, a request that a wait or a successful test completes
 * becomes the null request: {@link #Is_null()} turns {@code true}, and later waits and tests
 * on it return {@link MPI#EMPTY_STATUS} at once (so a request array can be waited on again
 * until every entry is null). A persistent request ({@link Prequest}) becomes inactive
 * instead and can be started again.
 *
 * <p>Thread safety: a request is completed by one thread at a time, as MPI requires; the
 * thread that completes it also nulls it.
 */
public class Request implements Freeable {
    /** ccr-mpi's request; {@code null} for the null request and once a wait or test completed it. */
    io.ccrj.mpi.Request impl;

    /**
     * For a receive of Open MPI's calls into a buffer that is not used in place: the copy to
     * write into the program's buffer when the request completes; {@code null} otherwise.
     */
    OmpiBuffers.View onComplete;

    Request(io.ccrj.mpi.Request impl) {
        this.impl = impl;
    }

    /**
     * Marks a completed request: a receive's copy goes into the program's buffer, and a
     * non-persistent request becomes the null request.
     */
    void completed() {
        OmpiBuffers.View v = onComplete;
        if (v != null) {
            v.flush();
            if (!(this instanceof Prequest)) {
                onComplete = null;
            }
        }
        if (!(this instanceof Prequest)) {
            impl = null;
        }
    }

    /** Nulls the requests that the statuses of a multi-request call report complete (by their index). */
    private static void completed(Request[] requests, io.ccrj.mpi.Status... statuses) {
        for (io.ccrj.mpi.Status s : statuses) {
            if (s != null && s.index() >= 0 && s.index() < requests.length && requests[s.index()] != null) {
                requests[s.index()].completed();
            }
        }
    }

    /** The statuses of a wait or test on all requests; null requests get {@link MPI#EMPTY_STATUS}. */
    private static Status[] allCompleted(Request[] requests, io.ccrj.mpi.Status[] statuses) {
        Status[] out = Bridge.statuses(statuses);
        for (int i = 0; i < out.length; i++) {
            if (requests[i] != null) {
                requests[i].completed();
            }
            if (out[i] == null) {
                out[i] = MPI.EMPTY_STATUS;
            }
        }
        return out;
    }

    /**
     * Waits for the operation ({@code Wait}).
     *
     * @return its status; {@link MPI#EMPTY_STATUS} for the null request
     * @throws MPIException if the operation failed
     */
    public Status Wait() throws MPIException {
        if (impl == null) {
            return MPI.EMPTY_STATUS;
        }
        try {
            Status s = Bridge.status(impl.waitFor());
            completed();
            return s;
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Completes the operation if it can without blocking ({@code Test}).
     *
     * @return its status if complete, {@code null} otherwise
     * @throws MPIException if the operation failed
     */
    public Status Test() throws MPIException {
        if (impl == null) {
            return MPI.EMPTY_STATUS;
        }
        try {
            io.ccrj.mpi.Status s = impl.test();
            if (s != null) {
                completed();
            }
            return Bridge.status(s);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Whether this is the null request ({@code Is_null}).
     *
     * @return {@code true} for {@link MPI#REQUEST_NULL}
     * @throws MPIException never
     */
    public boolean Is_null() throws MPIException {
        return impl == null;
    }

    /**
     * Waits for every request ({@code Waitall}).
     *
     * @param requests the requests; null requests yield {@link MPI#EMPTY_STATUS}
     * @return the statuses, in order
     * @throws MPIException the first failure
     */
    public static Status[] Waitall(Request[] requests) throws MPIException {
        try {
            return allCompleted(requests, io.ccrj.mpi.Request.waitAll(Bridge.requests(requests)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for any one request ({@code Waitany}).
     *
     * @param requests the requests
     * @return the completed request's status, its position in {@link Status#index}; if no request
     *     is active, a status whose index is {@link MPI#UNDEFINED}
     * @throws MPIException if the completed request failed
     */
    public static Status Waitany(Request[] requests) throws MPIException {
        try {
            io.ccrj.mpi.Status s = io.ccrj.mpi.Request.waitAny(Bridge.requests(requests));
            completed(requests, s);
            return Bridge.status(s);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for at least one request and returns every completed one ({@code Waitsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests, in position order, each with its position
     *     in {@link Status#index}; empty if no request is active
     * @throws MPIException if a completed request failed
     */
    public static Status[] Waitsome(Request[] requests) throws MPIException {
        try {
            io.ccrj.mpi.Status[] ss = io.ccrj.mpi.Request.waitSome(Bridge.requests(requests));
            completed(requests, ss);
            return Bridge.statuses(ss);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Completes one request if one has completed, without blocking ({@code Testany}).
     *
     * @param requests the requests
     * @return the first completed request's status with its position in {@link Status#index};
     *     {@code null} if none has completed
     * @throws MPIException if the completed request failed
     */
    public static Status Testany(Request[] requests) throws MPIException {
        try {
            io.ccrj.mpi.Status s = io.ccrj.mpi.Request.testAny(Bridge.requests(requests));
            completed(requests, s);
            return Bridge.status(s);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Completes every request if all have completed, without blocking ({@code Testall}).
     *
     * @param requests the requests
     * @return the statuses in the order of {@code requests} ({@link MPI#EMPTY_STATUS} for null or
     *     inactive requests), or {@code null} if some request is still pending
     * @throws MPIException if a completed request failed
     */
    public static Status[] Testall(Request[] requests) throws MPIException {
        try {
            io.ccrj.mpi.Status[] ss = io.ccrj.mpi.Request.testAll(Bridge.requests(requests));
            return ss == null ? null : allCompleted(requests, ss);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Completes the requests that have completed, without blocking ({@code Testsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests with their positions, possibly empty
     * @throws MPIException if a completed request failed
     */
    public static Status[] Testsome(Request[] requests) throws MPIException {
        try {
            io.ccrj.mpi.Status[] ss = io.ccrj.mpi.Request.testSome(Bridge.requests(requests));
            completed(requests, ss);
            return Bridge.statuses(ss);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Cancels the operation if no message has matched it yet ({@code Cancel}): a pending receive
     * then completes with {@link Status#Test_cancelled()} true; a send has delivered its message
     * already and is not cancelled. The request must still be completed by a wait or test.
     *
     * @throws MPIException never
     */
    public void Cancel() throws MPIException {
        if (impl != null) {
            try {
                impl.cancel();
            } catch (MpiException e) {
                throw Bridge.error(e);
            }
        }
    }

    // ------------------------------------------------------------------ Open MPI's spelling

    /** The null requests of an Open MPI call's array (which must not be {@code null} itself). */
    private static Request[] checked(String operation, Request[] requests) {
        if (requests == null) {
            throw new MPIException(MPI.ERR_REQUEST, operation + ": the array of requests is null");
        }
        return requests;
    }

    /**
     * Releases the request ({@code MPI_Request_free}): a pending operation still completes, and
     * this object becomes the null request.
     *
     * @throws MPIException never
     */
    @Override
    public void free() throws MPIException {
        impl = null;
        onComplete = null;
    }

    /**
     * Cancels the operation if no message has matched it yet ({@code MPI_Cancel}); the request
     * must still be completed.
     *
     * @throws MPIException never
     */
    public final void cancel() throws MPIException {
        Cancel();
    }

    /**
     * Whether this is the null request ({@code MPI_REQUEST_NULL}): {@link MPI#REQUEST_NULL}, or
     * completed by a wait or test.
     *
     * @return {@code true} for the null request
     */
    public final boolean isNull() {
        return impl == null;
    }

    /**
     * Waits for the operation and returns its status ({@code MPI_Wait}).
     *
     * @return the status; an empty status for the null request
     * @throws MPIException if the operation failed
     */
    public final Status waitStatus() throws MPIException {
        return Wait();
    }

    /**
     * Waits for the operation ({@code MPI_Wait} without a status).
     *
     * @throws MPIException if the operation failed
     */
    public final void waitFor() throws MPIException {
        Wait();
    }

    /**
     * Completes the operation if it can without blocking, and returns its status
     * ({@code MPI_Test}).
     *
     * @return the status if it completed, {@code null} otherwise
     * @throws MPIException if the operation failed
     */
    public final Status testStatus() throws MPIException {
        return Test();
    }

    /**
     * Completes the operation if it can without blocking ({@code MPI_Test} without a status).
     *
     * @return whether it completed
     * @throws MPIException if the operation failed
     */
    public final boolean test() throws MPIException {
        return Test() != null;
    }

    /**
     * The status if the operation has completed, without completing the request
     * ({@code MPI_Request_get_status}).
     *
     * @return the status, or {@code null} while it is pending
     * @throws MPIException if the operation failed
     */
    public final Status getStatus() throws MPIException {
        if (impl == null) {
            return MPI.EMPTY_STATUS;
        }
        try {
            return impl.isComplete() ? Bridge.status(impl.test()) : null;
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for any one request and returns its status ({@code MPI_Waitany}).
     *
     * @param requests the requests
     * @return the status, its position in {@link Status#getIndex()}; if no request is active,
     *     a status whose index is {@link MPI#UNDEFINED}
     * @throws MPIException if the completed request failed
     */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        Status s = Waitany(checked("Request.waitAnyStatus", requests));
        return s == null ? new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0) : s;
    }

    /**
     * Waits for any one request ({@code MPI_Waitany} without a status).
     *
     * @param requests the requests
     * @return the completed request's position, or {@link MPI#UNDEFINED} if none is active
     * @throws MPIException if the completed request failed
     */
    public static int waitAny(Request[] requests) throws MPIException {
        Status s = Waitany(checked("Request.waitAny", requests));
        return s == null ? MPI.UNDEFINED : s.index;
    }

    /**
     * Completes one request if one has completed, without blocking ({@code MPI_Testany}).
     *
     * @param requests the requests
     * @return its status, with its position; {@code null} if none has completed
     * @throws MPIException if the completed request failed
     */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        return Testany(checked("Request.testAnyStatus", requests));
    }

    /**
     * Completes one request if one has completed ({@code MPI_Testany} without a status).
     *
     * @param requests the requests
     * @return its position, or {@link MPI#UNDEFINED} if none has completed
     * @throws MPIException if the completed request failed
     */
    public static int testAny(Request[] requests) throws MPIException {
        Status s = Testany(checked("Request.testAny", requests));
        return s == null ? MPI.UNDEFINED : s.index;
    }

    /**
     * Waits for every request ({@code MPI_Waitall}).
     *
     * @param requests the requests
     * @return their statuses, in order
     * @throws MPIException the first failure
     */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        return Waitall(checked("Request.waitAllStatus", requests));
    }

    /**
     * Waits for every request ({@code MPI_Waitall} without statuses).
     *
     * @param requests the requests
     * @throws MPIException the first failure
     */
    public static void waitAll(Request[] requests) throws MPIException {
        Waitall(checked("Request.waitAll", requests));
    }

    /**
     * Completes every request if all have completed ({@code MPI_Testall}).
     *
     * @param requests the requests
     * @return their statuses, or {@code null} if one is still pending
     * @throws MPIException if a completed request failed
     */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        return Testall(checked("Request.testAllStatus", requests));
    }

    /**
     * Completes every request if all have completed ({@code MPI_Testall} without statuses).
     *
     * @param requests the requests
     * @return whether all completed
     * @throws MPIException if a completed request failed
     */
    public static boolean testAll(Request[] requests) throws MPIException {
        return Testall(checked("Request.testAll", requests)) != null;
    }

    /**
     * Waits for at least one request and completes every completed one ({@code MPI_Waitsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests, with their positions
     * @throws MPIException if a completed request failed
     */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        return Waitsome(checked("Request.waitSomeStatus", requests));
    }

    /**
     * Waits for at least one request ({@code MPI_Waitsome} without statuses).
     *
     * @param requests the requests
     * @return the positions of the completed requests; empty if none is active
     * @throws MPIException if a completed request failed
     */
    public static int[] waitSome(Request[] requests) throws MPIException {
        return indices(Waitsome(checked("Request.waitSome", requests)));
    }

    /**
     * Completes the requests that have completed ({@code MPI_Testsome}).
     *
     * @param requests the requests
     * @return the statuses of the completed requests, with their positions, possibly empty
     * @throws MPIException if a completed request failed
     */
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        return Testsome(checked("Request.testSomeStatus", requests));
    }

    /**
     * Completes the requests that have completed ({@code MPI_Testsome} without statuses).
     *
     * @param requests the requests
     * @return the positions of the completed requests, possibly empty
     * @throws MPIException if a completed request failed
     */
    public static int[] testSome(Request[] requests) throws MPIException {
        return indices(Testsome(checked("Request.testSome", requests)));
    }

    private static int[] indices(Status[] ss) {
        int[] out = new int[ss.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = ss[i].index;
        }
        return out;
    }
}
