package mpi;

/**
 * What a receive or probe matched, as mpiJava's {@code mpi.Status}: the public fields
 * {@link #source}, {@link #tag} and {@link #index} (the position of the completed request in
 * {@code Waitany}), and the element count.
 */
public class Status {
    /** The rank that sent the message, in the communicator of the operation. */
    public int source;
    /** The tag the message was sent with. */
    public int tag;
    /** The index of the completed request in a {@code Waitany}-style call; -1 otherwise. */
    public int index = -1;
    /** The number of elements the message carried. */
    public int count;

    /** An empty status (source, tag and count 0), as MPJ Express's public constructor. */
    public Status() {
    }

    Status(int source, int tag, int count) {
        this.source = source;
        this.tag = tag;
        this.count = count;
    }

    /**
     * The number of elements received ({@code Get_count}).
     *
     * @param datatype the datatype of the receive
     * @return the element count
     * @throws MPIException never for the basic datatypes
     */
    public int Get_count(Datatype datatype) throws MPIException {
        return count;
    }

    /**
     * The number of basic elements received ({@code Get_elements}); equal to {@link #Get_count}
     * for the basic datatypes, the only ones this layer passes on so far.
     *
     * @param datatype the datatype of the receive
     * @return the element count
     * @throws MPIException never for the basic datatypes
     */
    public int Get_elements(Datatype datatype) throws MPIException {
        return count;
    }

    /**
     * Whether the request was cancelled ({@code Test_cancelled}); ccr-mpi's requests cannot be
     * cancelled yet, so never.
     *
     * @return {@code false}
     * @throws MPIException never
     */
    public boolean Test_cancelled() throws MPIException {
        return false;
    }

    /** Releases the status (nothing to release). */
    public void free() {
    }
}
