package mpi;

/**
 * What a receive or probe matched, as mpiJava's {@code mpi.Status}: the public fields
 * {@link #source}, {@link #tag}, {@link #index} (the position of the completed request in
 * {@code Waitany} and the other multi-request calls) and {@link #count}; {@link #Get_count} and
 * {@link #Get_elements} are ccr-mpi's {@link io.ccrj.mpi.Status#count(io.ccrj.mpi.Datatype)} and
 * {@link io.ccrj.mpi.Status#elements()}, as the MPI standard defines them.
 */
public class Status {
    /** The rank that sent the message, in the communicator of the operation. */
    public int source;
    /** The tag the message was sent with. */
    public int tag;
    /** The index of the completed request in a {@code Waitany}-style call; {@link MPI#UNDEFINED} otherwise. */
    public int index = MPI.UNDEFINED;
    /** The number of items of the operation's datatype that the message carried. */
    public int count;
    /** ccr-mpi's status, or {@code null} for a status made here. */
    private final io.ccrj.mpi.Status impl;

    /** An empty status (source, tag and count 0), as MPJ Express's public constructor. */
    public Status() {
        this.impl = null;
    }

    Status(int source, int tag, int count) {
        this.source = source;
        this.tag = tag;
        this.count = count;
        this.impl = null;
    }

    Status(io.ccrj.mpi.Status s) {
        this.impl = s;
        this.source = s.source();
        this.tag = s.tag() == io.ccrj.mpi.Comm.ANY_TAG ? MPI.ANY_TAG : s.tag();
        this.count = s.count();
        this.index = Bridge.rankOut(s.index());
    }

    /**
     * The number of items of {@code datatype} received ({@code Get_count}).
     *
     * @param datatype the datatype to count in
     * @return the number of whole items, or {@link MPI#UNDEFINED} if the elements received do not
     *     make whole items
     * @throws MPIException never
     */
    public int Get_count(Datatype datatype) throws MPIException {
        if (impl == null) {
            return count;
        }
        return Bridge.rankOut(impl.count(datatype.impl("Status.Get_count")));
    }

    /**
     * The number of basic elements received ({@code Get_elements}).
     *
     * @param datatype the datatype of the receive (elements are counted whatever it is)
     * @return the element count; {@link MPI#UNDEFINED} for items of a zero-size datatype
     * @throws MPIException never
     */
    public int Get_elements(Datatype datatype) throws MPIException {
        return impl == null ? count : Bridge.rankOut(impl.elements());
    }

    /**
     * Whether the request was cancelled ({@code Test_cancelled}): a receive cancelled before any
     * message matched it.
     *
     * @return {@code true} if the operation was cancelled
     * @throws MPIException never
     */
    public boolean Test_cancelled() throws MPIException {
        return impl != null && impl.cancelled();
    }

    /** Releases the status (nothing to release). */
    public void free() {
    }
}
