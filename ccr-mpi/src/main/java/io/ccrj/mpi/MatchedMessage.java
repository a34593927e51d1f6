package io.ccrj.mpi;

/**
 * A message taken off the unexpected-message queue by {@link Comm#mprobe} or
 * {@link Comm#improbe} ({@code MPI_Message}): no other receive or probe can match it, and it is
 * received exactly once, by {@link #recv} or {@link #irecv} ({@code MPI_Mrecv}, {@code MPI_Imrecv}).
 *
 * <p>Thread safety: belongs to the thread that probed it; receive it from that rank.
 */
public interface MatchedMessage {
    /**
     * The message's source, tag and count, as a probe reports them.
     *
     * @return the status
     */
    Status status();

    /**
     * Receives the message into {@code buf} ({@code MPI_Mrecv}).
     *
     * @param buf the receive buffer
     * @param offset first index
     * @param count items the buffer holds
     * @param type datatype
     * @return the status
     * @throws MpiException of class {@link MpiException.ErrorClass#REQUEST} if the message was
     *     already received, {@link MpiException.ErrorClass#TRUNCATE} or
     *     {@link MpiException.ErrorClass#TYPE} as a receive
     */
    Status recv(Object buf, int offset, int count, Datatype type);

    /**
     * Receives the message into {@code buf} as a request ({@code MPI_Imrecv}): the message is
     * already here, so the request is complete when it is returned.
     *
     * @param buf the receive buffer
     * @param offset first index
     * @param count items the buffer holds
     * @param type datatype
     * @return the request
     * @throws MpiException of class {@link MpiException.ErrorClass#REQUEST} if the message was
     *     already received
     */
    Request irecv(Object buf, int offset, int count, Datatype type);
}
