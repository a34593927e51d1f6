package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A pending non-blocking operation, as mpiJava's {@code mpi.Request}; a thin view of ccr-mpi's
 * {@link io.ccrj.mpi.Request}. {@link MPI#REQUEST_NULL} is the null request.
 *
 * <p>{@link #Waitall} is passed on to ccr-mpi; {@code Waitany}, {@code Waitsome}, {@code Testany},
 * {@code Testall}, {@code Testsome} and {@code Cancel} are not yet supported and throw
 * {@link MPIException}.
 */
public class Request {
    /** ccr-mpi's request, or {@code null} for the null request. */
    final io.ccrj.mpi.Request impl;

    Request(io.ccrj.mpi.Request impl) {
        this.impl = impl;
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
            return Bridge.status(impl.waitFor());
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
            return Bridge.status(impl.test());
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
        io.ccrj.mpi.Request[] rs = new io.ccrj.mpi.Request[requests.length];
        for (int i = 0; i < rs.length; i++) {
            rs[i] = requests[i] == null ? null : requests[i].impl;
        }
        try {
            io.ccrj.mpi.Status[] ss = io.ccrj.mpi.Request.waitAll(rs);
            Status[] out = new Status[ss.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = ss[i] == null ? MPI.EMPTY_STATUS : Bridge.status(ss[i]);
            }
            return out;
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for any one request ({@code Waitany}); not yet supported.
     *
     * @param requests the requests
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Status Waitany(Request[] requests) throws MPIException {
        throw Bridge.notYet("Request.Waitany");
    }

    /**
     * Waits for at least one request ({@code Waitsome}); not yet supported.
     *
     * @param requests the requests
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Status[] Waitsome(Request[] requests) throws MPIException {
        throw Bridge.notYet("Request.Waitsome");
    }

    /**
     * Tests whether any request completed ({@code Testany}); not yet supported.
     *
     * @param requests the requests
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Status Testany(Request[] requests) throws MPIException {
        throw Bridge.notYet("Request.Testany");
    }

    /**
     * Tests whether all requests completed ({@code Testall}); not yet supported.
     *
     * @param requests the requests
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Status[] Testall(Request[] requests) throws MPIException {
        throw Bridge.notYet("Request.Testall");
    }

    /**
     * Tests which requests completed ({@code Testsome}); not yet supported.
     *
     * @param requests the requests
     * @return never
     * @throws MPIException always, naming the operation
     */
    public static Status[] Testsome(Request[] requests) throws MPIException {
        throw Bridge.notYet("Request.Testsome");
    }

    /**
     * Cancels the operation ({@code Cancel}); not yet supported.
     *
     * @throws MPIException always, naming the operation
     */
    public void Cancel() throws MPIException {
        throw Bridge.notYet("Request.Cancel");
    }
}
