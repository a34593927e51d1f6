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
public class Request {
    /** ccr-mpi's request; {@code null} for the null request and once a wait or test completed it. */
    io.ccrj.mpi.Request impl;

    Request(io.ccrj.mpi.Request impl) {
        this.impl = impl;
    }

    /** Marks a completed request: a non-persistent one becomes the null request. */
    void completed() {
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
}
