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

    // ------------------------------------------------------------------ Open MPI's spelling

    /** Open MPI's {@link #setElements} and {@link #setCancelled}: values that replace ccr-mpi's. */
    private int setElementCount = -1;
    private Boolean setCancelledFlag;

    /**
     * The number of items of {@code datatype} received ({@code MPI_Get_count}).
     *
     * @param datatype the datatype to count in
     * @return the number of whole items, or {@link MPI#UNDEFINED}
     * @throws MPIException never
     */
    public int getCount(Datatype datatype) throws MPIException {
        if (setElementCount >= 0) {
            int size = datatype.impl.size();
            return size == 0 ? 0 : setElementCount % size == 0 ? setElementCount / size : MPI.UNDEFINED;
        }
        return Get_count(datatype);
    }

    /**
     * Whether the operation was cancelled ({@code MPI_Test_cancelled}).
     *
     * @return {@code true} if it was cancelled
     * @throws MPIException never
     */
    public boolean isCancelled() throws MPIException {
        return setCancelledFlag != null ? setCancelledFlag : Test_cancelled();
    }

    /**
     * The number of basic elements received ({@code MPI_Get_elements}).
     *
     * @param datatype the datatype of the receive
     * @return the element count
     * @throws MPIException never
     */
    public int getElements(Datatype datatype) throws MPIException {
        return setElementCount >= 0 ? setElementCount : Get_elements(datatype);
    }

    /**
     * The number of basic elements received, as a {@link Count} ({@code MPI_Get_elements_x}).
     *
     * @param datatype the datatype of the receive
     * @return the element count
     * @throws MPIException never
     */
    public Count getElementsX(Datatype datatype) throws MPIException {
        return new Count(getElements(datatype));
    }

    /**
     * Sets the number of elements this status reports ({@code MPI_Status_set_elements}).
     *
     * @param datatype the datatype counted in
     * @param count the number of items of {@code datatype}
     * @throws MPIException for a negative count
     */
    public void setElements(Datatype datatype, int count) throws MPIException {
        if (count < 0) {
            throw new MPIException(MPI.ERR_COUNT, "Status.setElements: negative count " + count);
        }
        setElementCount = Math.multiplyExact(count, datatype.impl.size());
        this.count = count;
    }

    /**
     * Sets the number of elements this status reports ({@code MPI_Status_set_elements_x}).
     *
     * @param datatype the datatype counted in
     * @param count the number of items of {@code datatype}
     * @throws MPIException for a negative count or one beyond {@code int}
     */
    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        setElements(datatype, Math.toIntExact(count.getCount()));
    }

    /**
     * Sets whether this status reports a cancelled operation ({@code MPI_Status_set_cancelled}).
     *
     * @param flag the flag
     * @throws MPIException never
     */
    public void setCancelled(boolean flag) throws MPIException {
        setCancelledFlag = flag;
    }

    /**
     * The rank that sent the message ({@code MPI_SOURCE}).
     *
     * @return the source
     */
    public int getSource() {
        return source;
    }

    /**
     * The tag the message was sent with ({@code MPI_TAG}).
     *
     * @return the tag
     */
    public int getTag() {
        return tag;
    }

    /**
     * The error of the operation ({@code MPI_ERROR}): {@link MPI#SUCCESS}, as failed operations
     * throw instead.
     *
     * @return {@link MPI#SUCCESS}
     */
    public int getError() {
        return MPI.SUCCESS;
    }

    /**
     * The position of the completed request in a {@code waitAny}-style call.
     *
     * @return the index, or {@link MPI#UNDEFINED}
     */
    public int getIndex() {
        return index;
    }
}
