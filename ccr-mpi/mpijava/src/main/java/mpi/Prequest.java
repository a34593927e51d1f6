package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.PersistentRequest;

/**
 * A persistent request ({@code Send_init}, {@code Ssend_init}, {@code Bsend_init},
 * {@code Rsend_init}, {@code Recv_init}), as mpiJava's {@code mpi.Prequest}: ccr-mpi's
 * {@link PersistentRequest}. {@link #Start} starts the operation with the buffer's current
 * contents; a wait or test completes it, and it can be started again.
 */
public class Prequest extends Request {

    /** For a persistent send of Open MPI's calls from a copied buffer: refreshed at each start. */
    private OmpiBuffers.View onStart;

    Prequest(PersistentRequest impl) {
        super(impl);
    }

    /** A persistent send of Open MPI's calls whose copy {@code v} is refreshed at each start. */
    static Prequest sending(PersistentRequest impl, OmpiBuffers.View v) {
        Prequest p = new Prequest(impl);
        p.onStart = v;
        return p;
    }

    /** A persistent receive of Open MPI's calls whose copy {@code v} is flushed at each completion. */
    static Prequest receiving(PersistentRequest impl, OmpiBuffers.View v) {
        Prequest p = new Prequest(impl);
        p.onComplete = v;
        return p;
    }

    /**
     * Starts the operation (Open MPI's {@code start}, {@code MPI_Start}); a send sends the
     * buffer's content at this moment.
     *
     * @throws MPIException if the request is active already
     */
    public void start() throws MPIException {
        Start();
    }

    /**
     * Starts every request, in order (Open MPI's {@code startAll}, {@code MPI_Startall}).
     *
     * @param requests the requests
     * @throws MPIException if the array or a request is null, or a request is active already
     */
    public static void startAll(Prequest[] requests) throws MPIException {
        Startall(requests);
    }

    /**
     * Starts the operation ({@code Start}).
     *
     * @throws MPIException if the request is active already
     */
    public void Start() throws MPIException {
        if (onStart != null) {
            onStart.refresh();
        }
        try {
            ((PersistentRequest) impl).start();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts every request, in order ({@code Startall}).
     *
     * @param requests the requests
     * @throws MPIException if the array or a request is null, or a request is active already
     */
    public static void Startall(Prequest[] requests) throws MPIException {
        if (requests == null) {
            throw new MPIException("Prequest.Startall: the array is null");
        }
        PersistentRequest[] rs = new PersistentRequest[requests.length];
        for (int i = 0; i < rs.length; i++) {
            if (requests[i] == null) {
                throw new MPIException("Prequest.Startall: requests[" + i + "] is null");
            }
            rs[i] = (PersistentRequest) requests[i].impl;
            if (requests[i].onStart != null) {
                requests[i].onStart.refresh();
            }
        }
        try {
            io.ccrj.mpi.Request.startAll(rs);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }
}
