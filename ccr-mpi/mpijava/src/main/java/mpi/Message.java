package mpi;

/**
 * A matched message ({@code MPI_Message}), as Open MPI's {@code mpi.Message}: {@link #mProbe} or
 * {@link #imProbe} takes a message out of matching, so that only this object's {@link #mRecv} or
 * {@link #imRecv} receives it (no other receive or thread can take it in between); ccr-mpi's
 * {@link io.ccrj.mpi.MatchedMessage}. A message is received once; a second receive, or a receive
 * before a probe matched, throws {@link MPIException} ({@link MPI#ERR_REQUEST}). Not thread-safe:
 * one thread probes and receives.
 */
public final class Message {
    private io.ccrj.mpi.MatchedMessage matched;
    /** The communicator of the probe, whose error handler the receive follows. */
    private Comm comm;
    private boolean noProc;

    /** The null message ({@code MPI_MESSAGE_NULL}), until a probe matches one. */
    public Message() {
    }

    /**
     * Whether no message is held ({@code MPI_MESSAGE_NULL}): none matched yet, or it was received.
     *
     * @return {@code true} for the null message
     */
    public boolean isNull() {
        return matched == null && !noProc;
    }

    /**
     * Whether the probe was from {@link MPI#PROC_NULL} ({@code MPI_MESSAGE_NO_PROC}).
     *
     * @return {@code true} for the no-process message
     */
    public boolean isNoProc() {
        return noProc;
    }

    /**
     * Waits for a matching message and takes it out of matching ({@code MPI_Mprobe}).
     *
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @param comm the communicator
     * @return the message's status
     * @throws MPIException for bad arguments
     */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        this.comm = comm;
        if (source == MPI.PROC_NULL) {
            noProc = true;
            matched = null;
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        return comm.errorHandled(() -> {
            io.ccrj.mpi.MatchedMessage m = comm.impl.mprobe(source, Bridge.tag(tag));
            matched = m;
            noProc = false;
            return Bridge.status(m.status());
        });
    }

    /**
     * Takes a matching message out of matching if one has arrived ({@code MPI_Improbe}).
     *
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @param comm the communicator
     * @return the message's status, or {@code null} if none matches (this object then stays as it was)
     * @throws MPIException for bad arguments
     */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        if (source == MPI.PROC_NULL) {
            return mProbe(source, tag, comm);
        }
        return comm.errorHandled(() -> {
            io.ccrj.mpi.MatchedMessage m = comm.impl.improbe(source, Bridge.tag(tag));
            if (m == null) {
                return null;
            }
            this.comm = comm;
            matched = m;
            noProc = false;
            return Bridge.status(m.status());
        });
    }

    private io.ccrj.mpi.MatchedMessage take(String operation) {
        io.ccrj.mpi.MatchedMessage m = matched;
        if (m == null) {
            throw new MPIException(MPI.ERR_REQUEST, "Message." + operation + ": no matched message (call mProbe or"
                    + " imProbe first; a matched message is received once)");
        }
        matched = null;
        return m;
    }

    /**
     * Receives the matched message ({@code MPI_Mrecv}); afterwards this is the null message.
     *
     * @param buf an array or a buffer, from its element 0
     * @param count the capacity in items
     * @param type the datatype
     * @return the status
     * @throws MPIException without a matched message, or for a truncated message
     */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        if (noProc) {
            noProc = false;
            return new Status(MPI.PROC_NULL, MPI.ANY_TAG, 0);
        }
        io.ccrj.mpi.MatchedMessage m = take("mRecv");
        return comm.errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Message.mRecv", buf, type, count);
            Status s = Bridge.status(m.recv(v.array, v.offset, count, type.impl("mRecv")));
            v.flush();
            return s;
        });
    }

    /**
     * Starts receiving the matched message ({@code MPI_Imrecv}); the buffer holds it once the
     * request completes.
     *
     * @param buf a direct buffer
     * @param count the capacity in items
     * @param type the datatype
     * @return the request
     * @throws MPIException without a matched message
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public Request imRecv(java.nio.Buffer buf, int count, Datatype type) throws MPIException {
        OmpiBuffers.requireDirect("Message.imRecv", buf);
        if (noProc) {
            noProc = false;
            return new Request(new io.ccrj.mpi.Request() {
                @Override
                public io.ccrj.mpi.Status waitFor() {
                    return new io.ccrj.mpi.Status(io.ccrj.mpi.Comm.PROC_NULL, io.ccrj.mpi.Comm.ANY_TAG, 0);
                }

                @Override
                public io.ccrj.mpi.Status test() {
                    return waitFor();
                }

                @Override
                public boolean isComplete() {
                    return true;
                }
            });
        }
        io.ccrj.mpi.MatchedMessage m = take("imRecv");
        return comm.errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Message.imRecv", buf, type, count);
            Request r = new Request(m.irecv(v.array, v.offset, count, type.impl("imRecv")));
            r.onComplete = v;
            return r;
        });
    }

}
