package io.ccrj.mpi;

/**
 * What a completed receive (or probe) matched, as mpiJava's {@code mpi.Status}: the actual
 * source rank and tag (useful after {@link Comm#ANY_SOURCE} / {@link Comm#ANY_TAG}), the size of
 * the message, whether the operation was cancelled, and, for the {@code waitAny}-style methods of
 * {@link Request}, which request completed.
 *
 * <p>For a completed send request the status carries the destination, the tag and the count
 * sent.
 *
 * @param source the rank, in the communicator of the operation, that sent the message
 * @param tag the tag the message was sent with
 * @param count the number of items of the operation's datatype the message carried
 *     ({@code Get_count}), or {@link Comm#UNDEFINED} if it carried a partial item; for a probe,
 *     which has no datatype, the number of base elements
 * @param elements the number of base elements the message carried ({@code Get_elements}), or
 *     {@link Comm#UNDEFINED} for items of a zero-size datatype, as MPI's {@code MPI_Get_elements}
 * @param cancelled whether the operation was cancelled ({@code Test_cancelled})
 * @param index the position of the request in the array given to {@link Request#waitAny} and
 *     its relatives, {@link Comm#UNDEFINED} otherwise (mpiJava's {@code Status.index})
 */
public record Status(int source, int tag, int count, int elements, boolean cancelled, int index) {

    /**
     * The status of a message of {@code count} basic elements.
     *
     * @param source the sending rank
     * @param tag the tag
     * @param count the number of elements, which are also the items
     */
    public Status(int source, int tag, int count) {
        this(source, tag, count, count, false, Comm.UNDEFINED);
    }

    /**
     * The number of items of {@code type} the message filled ({@code Get_count}).
     *
     * @param type a datatype of the message's base type
     * @return {@link #elements()} / {@code type.size()}, or {@link Comm#UNDEFINED} if that is not
     *     whole; for a zero-size datatype (which sends items without elements), {@link #count()}
     */
    public int count(Datatype type) {
        return type.size() == 0 ? count : countOf(elements, type);
    }

    /**
     * The number of base elements the message carried ({@code Get_elements}); the same as
     * {@link #elements()}, for mpiJava's signature.
     *
     * @param type a datatype of the message's base type
     * @return {@link #elements()}
     */
    public int elements(Datatype type) {
        return elements;
    }

    /**
     * The same status with {@link #index()} set.
     *
     * @param i the request's position
     * @return a new status
     */
    public Status withIndex(int i) {
        return new Status(source, tag, count, elements, cancelled, i);
    }

    /**
     * {@code Status[source=s, tag=t, count=c]}, with {@code elements}, {@code cancelled} and
     * {@code index} added where they carry information (elements differing from the count, a
     * cancelled operation, a defined index).
     *
     * @return the description
     */
    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", count=" + count
                + (elements != count ? ", elements=" + elements : "") + (cancelled ? ", cancelled" : "")
                + (index != Comm.UNDEFINED ? ", index=" + index : "") + "]";
    }

    /**
     * Items of {@code type} in {@code elements} base elements, per MPI's {@code Get_count}.
     *
     * @param elements base elements received
     * @param type the receive datatype
     * @return the count, or {@link Comm#UNDEFINED} if {@code elements} is not a whole number of
     *     items
     */
    public static int countOf(int elements, Datatype type) {
        int size = type.size();
        if (size == 0) {
            return elements == 0 ? 0 : Comm.UNDEFINED;
        }
        return elements % size == 0 ? elements / size : Comm.UNDEFINED;
    }
}
