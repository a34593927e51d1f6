package mpi;

import io.ccrj.mpi.MpiException;

/**
 * A communicator's point-to-point side, as mpiJava's {@code mpi.Comm}: every method is passed on
 * to ccr-mpi's {@link io.ccrj.mpi.Comm} with the same arguments (offsets and counts in elements),
 * translating only the mpiJava conventions ({@code MPI.ANY_TAG}, {@code MPI.UNDEFINED}, checked
 * failures as {@link MPIException}).
 *
 * <p>Every send mode ({@code Send}, {@code Ssend}, {@code Bsend}, {@code Rsend}), its
 * non-blocking form and its persistent form is ccr-mpi's method of the same mode.
 * {@link #Pack}, {@link #Unpack} and {@link #Pack_size} have mpiJava 1.2's signatures (a
 * {@code byte[]} buffer and a position); MPJ Express's {@code Pack} and {@code Unpack} take its
 * own {@code mpjbuf.Buffer} instead, so a program calling them is written for one or the other.
 */
public class Comm {
    /** ccr-mpi's communicator. */
    final io.ccrj.mpi.Comm impl;

    Comm(io.ccrj.mpi.Comm impl) {
        this.impl = impl;
    }

    /** The mpiJava class for ccr-mpi's communicator {@code c}; {@code null} stays {@code null}. */
    static Comm wrap(io.ccrj.mpi.Comm c) {
        if (c == null) {
            return null;
        }
        if (c instanceof io.ccrj.mpi.CartComm cart) {
            return new Cartcomm(cart);
        }
        if (c instanceof io.ccrj.mpi.GraphComm graph) {
            return new Graphcomm(graph);
        }
        if (c instanceof io.ccrj.mpi.Intercomm inter) {
            return new Intercomm(inter);
        }
        return new Intracomm(c);
    }

    /**
     * The number of processes ({@code Size}); the local group's for an intercommunicator.
     *
     * @return the size
     * @throws MPIException never
     */
    public int Size() throws MPIException {
        return impl.size();
    }

    /**
     * This process's rank ({@code Rank}).
     *
     * @return the rank
     * @throws MPIException never
     */
    public int Rank() throws MPIException {
        return impl.rank();
    }

    /**
     * The group of this communicator ({@code Group}).
     *
     * @return the (local) group
     * @throws MPIException if the communicator was freed
     */
    public Group Group() throws MPIException {
        try {
            return new Group(impl.group());
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Compares two communicators ({@code Compare}).
     *
     * @param comm1 the first communicator
     * @param comm2 the second communicator
     * @return {@link MPI#IDENT}, {@link MPI#CONGRUENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL}
     * @throws MPIException if a communicator was freed
     */
    public static int Compare(Comm comm1, Comm comm2) throws MPIException {
        try {
            return Bridge.comparison(comm1.impl.compare(comm2.impl));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Releases the communicator ({@code Free}).
     *
     * @throws MPIException for {@code COMM_WORLD} or {@code COMM_SELF}
     */
    public void Free() throws MPIException {
        try {
            impl.free();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Whether this is an intercommunicator ({@code Test_inter}).
     *
     * @return {@code true} for an {@link Intercomm}
     * @throws MPIException never
     */
    public boolean Test_inter() throws MPIException {
        return impl.isInter();
    }

    /**
     * Makes an intercommunicator ({@code Create_intercomm}), called on the peer communicator that
     * holds both leaders; collective over {@code local_comm}.
     *
     * @param local_comm this process's group's communicator
     * @param local_leader the leader's rank in {@code local_comm}
     * @param remote_leader the other leader's rank in this (peer) communicator
     * @param tag the leaders' tag on this communicator
     * @return the intercommunicator
     * @throws MPIException for bad leaders or overlapping groups
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag)
            throws MPIException {
        try {
            return new Intercomm(local_comm.impl.createIntercomm(local_leader, impl, remote_leader, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * An attribute ({@code Attr_get}): {@link MPI#TAG_UB} is the largest tag; others are unset.
     *
     * @param keyval the attribute key
     * @return the value, or {@code null} if unset
     * @throws MPIException never
     */
    public Object Attr_get(int keyval) throws MPIException {
        return keyval == MPI.TAG_UB ? Integer.MAX_VALUE : null;
    }

    /**
     * Deletes an attribute ({@code Attr_delete}). The only attributes are the predefined ones
     * ({@link MPI#TAG_UB}, {@link MPI#HOST}, {@link MPI#IO}), which MPI does not let a program
     * delete, and no others can be set, so there is nothing to delete: as MPJ Express, this does
     * nothing.
     *
     * @param keyval the attribute key
     * @throws MPIException never
     */
    public void Attr_delete(int keyval) throws MPIException {
    }

    /**
     * The topology of this communicator ({@code Topo_test}).
     *
     * @return {@link MPI#UNDEFINED} here; {@link MPI#CART} and {@link MPI#GRAPH} in the subclasses
     * @throws MPIException never
     */
    public int Topo_test() throws MPIException {
        return MPI.UNDEFINED;
    }

    /**
     * Ends every process of the world ({@code Abort}).
     *
     * @param errorcode the code reported
     * @throws MPIException always, so that the calling process stops too
     */
    public void Abort(int errorcode) throws MPIException {
        try {
            impl.abort(errorcode);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A duplicate of this communicator ({@code Dup} of mpiJava 1.2, spelled {@code clone}).
     *
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Object clone() throws MPIException {
        try {
            return wrap(impl.dup());
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    // ------------------------------------------------------------------ point to point

    /**
     * Sends {@code count} elements ({@code Send}).
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank, or {@link MPI#PROC_NULL}
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        try {
            impl.send(buf, offset, count, datatype.impl("Send"), dest, tag);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Synchronous send ({@code Ssend}): returns once the matching receive has taken the message.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        try {
            impl.ssend(buf, offset, count, datatype.impl("Ssend"), dest, tag);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Buffered send ({@code Bsend}): the message must fit the buffer attached with
     * {@link MPI#Buffer_attach}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        try {
            impl.bsend(buf, offset, count, datatype.impl("Bsend"), dest, tag);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Ready send ({@code Rsend}): the matching receive must be posted already, as MPI requires.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) throws MPIException {
        try {
            impl.rsend(buf, offset, count, datatype.impl("Rsend"), dest, tag);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts a send ({@code Isend}).
     *
     * @param buf the buffer, untouched until the request completes
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Request(impl.isend(buf, offset, count, datatype.impl("Isend"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts a buffered send ({@code Ibsend}); the request is complete on return.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Request(impl.ibsend(buf, offset, count, datatype.impl("Ibsend"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts a synchronous send ({@code Issend}): the request completes once the matching receive
     * has taken the message.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Request(impl.issend(buf, offset, count, datatype.impl("Issend"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts a ready send ({@code Irsend}): {@code Isend} with {@code Rsend}'s requirement.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Request(impl.irsend(buf, offset, count, datatype.impl("Irsend"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Receives a message ({@code Recv}).
     *
     * @param buf the buffer
     * @param offset index of the first element written
     * @param count the capacity in elements
     * @param datatype the element type
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the status
     * @throws MPIException for bad arguments or a truncated message
     */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        try {
            return Bridge.status(impl.recv(buf, offset, count, datatype.impl("Recv"), source, Bridge.tag(tag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Starts a receive ({@code Irecv}).
     *
     * @param buf the buffer, written before the request completes
     * @param offset index of the first element written
     * @param count the capacity in elements
     * @param datatype the element type
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        try {
            return new Request(impl.irecv(buf, offset, count, datatype.impl("Irecv"), source, Bridge.tag(tag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The status of a matching message if one has arrived ({@code Iprobe}).
     *
     * @param source a rank or {@link MPI#ANY_SOURCE}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the status, or {@code null}
     * @throws MPIException for bad arguments
     */
    public Status Iprobe(int source, int tag) throws MPIException {
        try {
            return Bridge.status(impl.iprobe(source, Bridge.tag(tag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Waits for a matching message and returns its status ({@code Probe}).
     *
     * @param source a rank or {@link MPI#ANY_SOURCE}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the status
     * @throws MPIException for bad arguments
     */
    public Status Probe(int source, int tag) throws MPIException {
        try {
            return Bridge.status(impl.probe(source, Bridge.tag(tag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Sends and receives in one call ({@code Sendrecv}).
     *
     * @param sendbuf the send buffer
     * @param sendoffset index of the first element sent
     * @param sendcount the number of elements sent
     * @param sendtype the send element type
     * @param dest the destination rank, or {@link MPI#PROC_NULL}
     * @param sendtag the send tag
     * @param recvbuf the receive buffer
     * @param recvoffset index of the first element received
     * @param recvcount the receive capacity
     * @param recvtype the receive element type
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param recvtag a tag or {@link MPI#ANY_TAG}
     * @return the receive's status
     * @throws MPIException for bad arguments
     */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        try {
            return Bridge.status(impl.sendrecv(sendbuf, sendoffset, sendcount, sendtype.impl("Sendrecv"), dest,
                    sendtag, recvbuf, recvoffset, recvcount, recvtype.impl("Sendrecv"), source,
                    Bridge.tag(recvtag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Sends the buffer's items and replaces them with the message received
     * ({@code Sendrecv_replace}).
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param sendtag the send tag
     * @param source the source rank
     * @param recvtag the receive tag
     * @return the receive's status
     * @throws MPIException for bad arguments or a truncated message
     */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
            int source, int recvtag) throws MPIException {
        try {
            return Bridge.status(impl.sendrecvReplace(buf, offset, count, datatype.impl("Sendrecv_replace"), dest,
                    sendtag, source, Bridge.tag(recvtag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * The bytes ccr-mpi's {@link io.ccrj.mpi.Datatype#pack} writes for {@code incount} items
     * ({@code Pack_size}); also the space a {@code Bsend} of them needs beyond
     * {@link MPI#BSEND_OVERHEAD}.
     *
     * @param incount the number of elements
     * @param datatype the element type
     * @return the size in bytes
     * @throws MPIException for a negative count or an {@code OBJECT} type, which cannot be packed
     */
    public int Pack_size(int incount, Datatype datatype) throws MPIException {
        try {
            return datatype.impl("Pack_size").packSize(incount);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Packs {@code incount} elements of {@code datatype} from {@code inbuf} into {@code outbuf}
     * at {@code position} ({@code MPI_Pack}, mpiJava 1.2's signature); the bytes travel as
     * {@link MPI#PACKED} and are read back with {@link #Unpack}. ccr-mpi's
     * {@link io.ccrj.mpi.Datatype#pack}: primitive elements as big-endian bytes.
     *
     * @param inbuf the source buffer
     * @param offset index of the first element
     * @param incount the number of elements
     * @param datatype the element type
     * @param outbuf the byte buffer written
     * @param position where the first byte goes
     * @return the position after the last byte written
     * @throws MPIException for an {@code OBJECT} type (references cannot be packed), a buffer that
     *     does not match the type, or elements or bytes outside the buffers
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position)
            throws MPIException {
        try {
            return datatype.impl("Pack").pack(inbuf, offset, incount, outbuf, position);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * Unpacks {@code outcount} elements of {@code datatype} from {@code inbuf} at
     * {@code position} into {@code outbuf} ({@code MPI_Unpack}, mpiJava 1.2's signature), the
     * inverse of {@link #Pack}.
     *
     * @param inbuf the packed bytes
     * @param position where the first byte is
     * @param outbuf the destination buffer
     * @param offset index of the first element
     * @param outcount the number of elements
     * @param datatype the element type
     * @return the position after the last byte read
     * @throws MPIException for an {@code OBJECT} type, a buffer that does not match the type, or
     *     elements or bytes outside the buffers
     */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws MPIException {
        try {
            return datatype.impl("Unpack").unpack(inbuf, position, outbuf, offset, outcount);
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A persistent standard send ({@code Send_init}), inactive until {@link Prequest#Start}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Prequest(impl.sendInit(buf, offset, count, datatype.impl("Send_init"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A persistent buffered send ({@code Bsend_init}), inactive until {@link Prequest#Start}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Prequest(impl.bsendInit(buf, offset, count, datatype.impl("Bsend_init"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A persistent synchronous send ({@code Ssend_init}), inactive until {@link Prequest#Start}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Prequest(impl.ssendInit(buf, offset, count, datatype.impl("Ssend_init"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A persistent ready send ({@code Rsend_init}), inactive until {@link Prequest#Start}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the number of elements
     * @param datatype the element type
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag)
            throws MPIException {
        try {
            return new Prequest(impl.rsendInit(buf, offset, count, datatype.impl("Rsend_init"), dest, tag));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /**
     * A persistent receive ({@code Recv_init}), inactive until {@link Prequest#Start}.
     *
     * @param buf the buffer
     * @param offset index of the first element
     * @param count the capacity
     * @param datatype the element type
     * @param source the source rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag)
            throws MPIException {
        try {
            return new Prequest(impl.recvInit(buf, offset, count, datatype.impl("Recv_init"), source, Bridge.tag(tag)));
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + impl + "]";
    }
}
