package mpi;

import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.mpijava.internal.BinaryName;

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
public class Comm implements Freeable, Cloneable {
    /**
     * Open MPI's split type for {@code splitType}: the processes that share memory (every rank
     * here: one JVM). {@code splitType} itself is not in this package yet.
     */
    public static final int TYPE_SHARED = 0;

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
     * Ends every process of the world ({@code Abort}); the launcher exits with {@code errorcode}.
     *
     * @param errorcode the code reported, the run's exit status
     * @throws MPIException always, so that the calling process stops too
     */
    public void Abort(int errorcode) throws MPIException {
        MPI.aborting(errorcode);
        try {
            impl.abort(errorcode);
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

    // ================================================================== Open MPI's spelling
    //
    // Open MPI's calls take no offset (a buffer starts at its element 0; MPI.slice gives an
    // offset), accept arrays and java.nio buffers (OmpiBuffers), require direct buffers in
    // nonblocking calls, and follow the communicator's error handler (errorHandled).

    /** Open MPI's error handler of this communicator ({@link #setErrhandler}); a new communicator inherits it. */
    volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    /** Open MPI's name ({@link #setName}); {@code null} until set. */
    private volatile String ompiName;
    /** Open MPI's info hints ({@link #setInfo}). */
    private volatile Info info;
    /** The attributes of {@link #setAttr}; made on first use, touched by the rank's threads under this lock. */
    private java.util.Map<Integer, Object> attributes;

    /** The wrapper of {@code c} with this communicator's error handler (MPI: a new communicator inherits it). */
    final <C extends Comm> C inherit(C c) {
        if (c != null) {
            c.errhandler = errhandler;
        }
        return c;
    }

    /**
     * Runs an Open MPI call: ccr-mpi's failures become {@link MPIException}s; under
     * {@link MPI#ERRORS_RETURN} they are thrown, under {@link MPI#ERRORS_ARE_FATAL} (the default)
     * the run is aborted first (every rank stops; the launcher reports this one's call).
     */
    final <T> T errorHandled(java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (MpiException e) {
            throw handle(Bridge.error(e));
        } catch (MPIException e) {
            throw handle(e);
        }
    }

    /** {@link #errorHandled} for a call without a result. */
    final void errorHandledRun(Runnable body) {
        errorHandled(() -> {
            body.run();
            return null;
        });
    }

    private MPIException handle(MPIException e) {
        return handle(e, errhandler, impl);
    }

    /**
     * {@code e} under error handler {@code h} of a handle on {@code impl} (a communicator's or a
     * window's): returned to be thrown under {@link MPI#ERRORS_RETURN}; under
     * {@link MPI#ERRORS_ARE_FATAL} reported and the run aborted first.
     */
    static MPIException handle(MPIException e, Errhandler h, io.ccrj.mpi.Comm impl) {
        if (h == MPI.ERRORS_RETURN || aborted(e)) {
            return e;
        }
        MPI.fatal(e);
        try {
            impl.abort(1);
        } catch (MpiException aborted) {
            // the abort's own exception: this rank stops with the error that caused it
        }
        return new MPIException(e.getErrorClass(), e.getMessage() + " (MPI.ERRORS_ARE_FATAL: the run is aborted;"
                + " setErrhandler(MPI.ERRORS_RETURN) makes it an exception the program may catch)");
    }

    /** Whether the run is ending already (another rank failed or aborted, or the ranks deadlocked). */
    private static boolean aborted(MPIException e) {
        return e.getCause() instanceof MpiException m && m.errorClass() == MpiException.ErrorClass.ABORTED;
    }

    private static io.ccrj.mpi.Datatype t(Datatype type, String operation) {
        if (type == null) {
            throw new MPIException(MPI.ERR_TYPE, operation + ": the datatype is null");
        }
        return type.impl(operation);
    }

    /** The items a v-collective's buffer holds: the end of its furthest block. */
    private static int itemsOf(int[] counts, int[] displs) {
        if (counts == null || displs == null) {
            return 0;
        }
        int max = 0;
        for (int i = 0; i < Math.min(counts.length, displs.length); i++) {
            max = Math.max(max, displs[i] + counts[i]);
        }
        return max;
    }

    private static int sum(int[] counts) {
        int s = 0;
        if (counts != null) {
            for (int c : counts) {
                s += c;
            }
        }
        return s;
    }

    /**
     * A duplicate of this communicator (mpiJava's {@code clone()}, its {@code Dup}), of this
     * communicator's kind. Declared {@code Object}, as in mpiJava and MPJ Express, so that a program
     * compiled against this package runs on MPJ Express; Open MPI's {@code Comm clone()} (and
     * {@code Intracomm}'s, {@code Intercomm}'s) exist in the class file for programs compiled
     * against Open MPI's jar (see {@link io.ccrj.mpi.mpijava.internal.BinaryName}). Open MPI's
     * source should call {@link #dup()}, as Open MPI's documentation recommends, or cast.
     *
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    @Override
    public Object clone() throws MPIException {
        try {
            return dupSameKind();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    /** Open MPI's {@code Comm clone()}: named {@code clone} in the class file. */
    @BinaryName("clone")
    Comm cloneComm() {
        return errorHandled(this::dupSameKind);
    }

    /**
     * A duplicate of this communicator, of this communicator's kind and with its error handler;
     * Open MPI's classes ({@link CartComm}, {@link GraphComm}) return their own kind.
     */
    Comm dupSameKind() {
        return sameKind(impl.dup());
    }

    /** {@code d}, a duplicate of this communicator, wrapped as this communicator's kind with its error handler. */
    Comm sameKind(io.ccrj.mpi.Comm d) {
        return inherit(wrap(d));
    }

    /**
     * A duplicate made by a nonblocking collective ({@code MPI_Comm_idup}), of this communicator's
     * kind: usable once {@link #getRequest()} of the new communicator completed. ccr-mpi derives a
     * duplicate's contexts from its parent's without messages ({@link io.ccrj.mpi.Comm#idup}
     * completes at once), so the request is complete when this returns and no rank waits for
     * another here.
     *
     * @return the new communicator
     * @throws MPIException if the communicator was freed
     */
    public Comm iDup() throws MPIException {
        return errorHandled(() -> {
            io.ccrj.mpi.CommRequest r = impl.idup();
            if (!r.isComplete()) {
                r.waitFor(); // not on ccr-mpi's engine, whose idup completes at once
            }
            Comm c = sameKind(r.comm());
            c.request = new Request(r);
            return c;
        });
    }

    /**
     * A duplicate of this communicator ({@code MPI_Comm_dup}).
     *
     * @return the duplicate, of this communicator's kind
     * @throws MPIException if the communicator was freed
     */
    public Comm dup() throws MPIException {
        return errorHandled(this::dupSameKind);
    }

    /**
     * A duplicate with info hints ({@code MPI_Comm_dup_with_info}); the hints are stored.
     *
     * @param info the hints
     * @return the duplicate
     * @throws MPIException if the communicator was freed
     */
    public Comm dupWithInfo(Info info) throws MPIException {
        Comm c = dup();
        c.info = info == null ? null : info.clone();
        return c;
    }

    /** The request of {@link #iDup()} that made this communicator; {@code null} for every other. */
    private volatile Request request;

    /**
     * The request of {@link #iDup()} that made this communicator (Open MPI's {@code getRequest});
     * the communicator is usable once it completed. {@code null} for a communicator made otherwise.
     *
     * @return the request, or {@code null}
     */
    public final Request getRequest() {
        return request;
    }

    /**
     * The number of processes ({@code MPI_Comm_size}); the local group's for an intercommunicator.
     *
     * @return the size
     * @throws MPIException never
     */
    public final int getSize() throws MPIException {
        return impl.size();
    }

    /**
     * This process's rank ({@code MPI_Comm_rank}).
     *
     * @return the rank
     * @throws MPIException never
     */
    public final int getRank() throws MPIException {
        return impl.rank();
    }

    /**
     * Compares two communicators ({@code MPI_Comm_compare}).
     *
     * @param comm1 the first communicator
     * @param comm2 the second communicator
     * @return {@link MPI#IDENT}, {@link MPI#CONGRUENT}, {@link MPI#SIMILAR} or {@link MPI#UNEQUAL}
     * @throws MPIException if a communicator was freed
     */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        return Compare(comm1, comm2);
    }

    /**
     * Releases the communicator ({@code MPI_Comm_free}); afterwards {@link #isNull()} is true.
     *
     * @throws MPIException for {@code COMM_WORLD} or {@code COMM_SELF}
     */
    @Override
    public final void free() throws MPIException {
        errorHandledRun(impl::free);
    }

    /**
     * Whether the communicator was freed ({@code MPI_COMM_NULL}).
     *
     * @return {@code true} after {@link #free()}
     */
    public final boolean isNull() {
        return impl.isFreed();
    }

    /**
     * Stores info hints ({@code MPI_Comm_set_info}); none changes what ccr-mpi does.
     *
     * @param info the hints
     * @throws MPIException never
     */
    public final void setInfo(Info info) throws MPIException {
        this.info = info == null ? null : info.clone();
    }

    /**
     * The info hints stored ({@code MPI_Comm_get_info}): a copy of those set, else empty.
     *
     * @return a new info object
     * @throws MPIException never
     */
    public final Info getInfo() throws MPIException {
        Info i = info;
        return i == null ? new Info() : i.clone();
    }

    /**
     * {@code MPI_Comm_disconnect}, a call of dynamic processes: refused by name.
     *
     * @throws MPIException always ({@link MPI#ERR_UNSUPPORTED_OPERATION})
     */
    public final void disconnect() throws MPIException {
        throw Bridge.unsupported("Comm.disconnect", "MPI_Comm_disconnect (dynamic processes)");
    }

    /**
     * The group ({@code MPI_Comm_group}); the local group for an intercommunicator.
     *
     * @return the group
     * @throws MPIException if the communicator was freed
     */
    public final Group getGroup() throws MPIException {
        return errorHandled(() -> new Group(impl.group()));
    }

    /**
     * Whether this is an intercommunicator ({@code MPI_Comm_test_inter}).
     *
     * @return {@code true} for an {@link Intercomm}
     * @throws MPIException never
     */
    public final boolean isInter() throws MPIException {
        return impl.isInter();
    }

    /**
     * Makes an intercommunicator ({@code MPI_Intercomm_create}), called on the peer communicator
     * that holds both leaders; collective over {@code localComm}.
     *
     * @param localComm this process's group's communicator
     * @param localLeader the leader's rank in {@code localComm}
     * @param remoteLeader the other leader's rank in this communicator
     * @param tag the tag of the leaders' exchange
     * @return the intercommunicator
     * @throws MPIException for bad leaders
     */
    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag)
            throws MPIException {
        return errorHandled(() -> inherit(Create_intercomm(localComm, localLeader, remoteLeader, tag)));
    }

    // ------------------------------------------------------------------ Open MPI: point to point

    /**
     * Sends {@code count} items ({@code MPI_Send}).
     *
     * @param buf an array or a buffer, from its element 0
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank, or {@link MPI#PROC_NULL}
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.send", buf, type, count);
            impl.send(v.array, v.offset, count, t(type, "send"), dest, tag);
        });
    }

    /**
     * Receives a message ({@code MPI_Recv}).
     *
     * @param buf an array or a buffer, from its element 0
     * @param count the capacity in items
     * @param type the datatype
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the status
     * @throws MPIException for bad arguments or a truncated message
     */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.recv", buf, type, count);
            Status s = Bridge.status(impl.recv(v.array, v.offset, count, t(type, "recv"), source, Bridge.tag(tag)));
            v.flush();
            return s;
        });
    }

    /**
     * Sends and receives in one call ({@code MPI_Sendrecv}).
     *
     * @param sendbuf the send buffer
     * @param sendcount items sent
     * @param sendtype the send datatype
     * @param dest the destination rank
     * @param sendtag the send tag
     * @param recvbuf the receive buffer
     * @param recvcount the receive capacity
     * @param recvtype the receive datatype
     * @param source the source rank or {@link MPI#ANY_SOURCE}
     * @param recvtag the receive tag or {@link MPI#ANY_TAG}
     * @return the receive's status
     * @throws MPIException for bad arguments
     */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag) throws MPIException {
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.sendRecv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.sendRecv", recvbuf, recvtype, recvcount);
            Status st = Bridge.status(impl.sendrecv(s.array, s.offset, sendcount, t(sendtype, "sendRecv"), dest,
                    sendtag, r.array, r.offset, recvcount, t(recvtype, "sendRecv"), source, Bridge.tag(recvtag)));
            r.flush();
            return st;
        });
    }

    /**
     * Sends the buffer's items and replaces them with the message received
     * ({@code MPI_Sendrecv_replace}).
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param sendtag the send tag
     * @param source the source rank or {@link MPI#ANY_SOURCE}
     * @param recvtag the receive tag or {@link MPI#ANY_TAG}
     * @return the receive's status
     * @throws MPIException for bad arguments
     */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
            int recvtag) throws MPIException {
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.sendRecvReplace", buf, type, count);
            Status st = Bridge.status(impl.sendrecvReplace(v.array, v.offset, count, t(type, "sendRecvReplace"), dest,
                    sendtag, source, Bridge.tag(recvtag)));
            v.flush();
            return st;
        });
    }

    /**
     * Buffered send ({@code MPI_Bsend}): needs a buffer attached with {@link MPI#attachBuffer}.
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments or an attached buffer too small
     */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.bSend", buf, type, count);
            impl.bsend(v.array, v.offset, count, t(type, "bSend"), dest, tag);
        });
    }

    /**
     * Synchronous send ({@code MPI_Ssend}): returns once the receiver has taken the message.
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments
     */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.sSend", buf, type, count);
            impl.ssend(v.array, v.offset, count, t(type, "sSend"), dest, tag);
        });
    }

    /**
     * Ready send ({@code MPI_Rsend}): the matching receive must be posted.
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @throws MPIException for bad arguments or no posted receive
     */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.rSend", buf, type, count);
            impl.rsend(v.array, v.offset, count, t(type, "rSend"), dest, tag);
        });
    }

    /**
     * The buffer of a nonblocking or persistent call: a direct buffer (Open MPI's refusal of any
     * other is an {@code IllegalArgumentException}, as there), copied when the call is made; a
     * buffer that cannot hold the items is an error under the communicator's error handler.
     */
    private OmpiBuffers.View sendView(String operation, java.nio.Buffer buf, Datatype type, int count) {
        OmpiBuffers.requireDirect(operation, buf);
        return errorHandled(() -> OmpiBuffers.of(operation, buf, type, count));
    }

    /**
     * Starts a send ({@code MPI_Isend}).
     *
     * @param buf a direct buffer (Open MPI's requirement), from its element 0
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Request iSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.iSend", buf, type, count);
        return errorHandled(() -> new Request(impl.isend(v.array, v.offset, count, t(type, "iSend"), dest, tag)));
    }

    /**
     * Starts a buffered send ({@code MPI_Ibsend}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Request ibSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.ibSend", buf, type, count);
        return errorHandled(() -> new Request(impl.ibsend(v.array, v.offset, count, t(type, "ibSend"), dest, tag)));
    }

    /**
     * Starts a synchronous send ({@code MPI_Issend}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request; complete once the receiver has taken the message
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Request isSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.isSend", buf, type, count);
        return errorHandled(() -> new Request(impl.issend(v.array, v.offset, count, t(type, "isSend"), dest, tag)));
    }

    /**
     * Starts a ready send ({@code MPI_Irsend}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Request irSend(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.irSend", buf, type, count);
        return errorHandled(() -> new Request(impl.irsend(v.array, v.offset, count, t(type, "irSend"), dest, tag)));
    }

    /**
     * Starts a receive ({@code MPI_Irecv}); the buffer holds the message once the request
     * completes (a wait or a successful test).
     *
     * @param buf a direct buffer
     * @param count the capacity in items
     * @param type the datatype
     * @param source a rank, {@link MPI#ANY_SOURCE} or {@link MPI#PROC_NULL}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Request iRecv(java.nio.Buffer buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.iRecv", buf, type, count);
        return errorHandled(() -> {
            Request r = new Request(impl.irecv(v.array, v.offset, count, t(type, "iRecv"), source, Bridge.tag(tag)));
            r.onComplete = v;
            return r;
        });
    }

    /**
     * A persistent send ({@code MPI_Send_init}); each {@link Prequest#start()} sends the buffer's
     * content at that moment.
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the inactive request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Prequest sendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.sendInit", buf, type, count);
        return errorHandled(() -> Prequest.sending(impl.sendInit(v.array, v.offset, count, t(type, "sendInit"), dest,
                tag), v));
    }

    /**
     * A persistent buffered send ({@code MPI_Bsend_init}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the inactive request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Prequest bSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.bSendInit", buf, type, count);
        return errorHandled(() -> Prequest.sending(impl.bsendInit(v.array, v.offset, count, t(type, "bSendInit"),
                dest, tag), v));
    }

    /**
     * A persistent synchronous send ({@code MPI_Ssend_init}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the inactive request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Prequest sSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.sSendInit", buf, type, count);
        return errorHandled(() -> Prequest.sending(impl.ssendInit(v.array, v.offset, count, t(type, "sSendInit"),
                dest, tag), v));
    }

    /**
     * A persistent ready send ({@code MPI_Rsend_init}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param dest the destination rank
     * @param tag the tag
     * @return the inactive request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Prequest rSendInit(java.nio.Buffer buf, int count, Datatype type, int dest, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.rSendInit", buf, type, count);
        return errorHandled(() -> Prequest.sending(impl.rsendInit(v.array, v.offset, count, t(type, "rSendInit"),
                dest, tag), v));
    }

    /**
     * A persistent receive ({@code MPI_Recv_init}); the buffer holds each message once the
     * request completes.
     *
     * @param buf a direct buffer
     * @param count the capacity in items
     * @param type the datatype
     * @param source the source rank or {@link MPI#ANY_SOURCE}
     * @param tag the tag or {@link MPI#ANY_TAG}
     * @return the inactive request
     * @throws MPIException for bad arguments
     * @throws IllegalArgumentException for a buffer that is not direct
     */
    public final Prequest recvInit(java.nio.Buffer buf, int count, Datatype type, int source, int tag)
            throws MPIException {
        OmpiBuffers.View v = sendView("Comm.recvInit", buf, type, count);
        return errorHandled(() -> Prequest.receiving(impl.recvInit(v.array, v.offset, count, t(type, "recvInit"),
                source, Bridge.tag(tag)), v));
    }

    /**
     * Packs {@code incount} items into {@code outbuf} at {@code position} ({@code MPI_Pack}).
     *
     * @param inbuf the items, from element 0
     * @param incount the number of items
     * @param type the datatype
     * @param outbuf the bytes written
     * @param position where the first byte goes
     * @return the position after the last byte written
     * @throws MPIException for bad arguments
     */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position)
            throws MPIException {
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.pack", inbuf, type, incount);
            return t(type, "pack").pack(v.array, v.offset, incount, outbuf, position);
        });
    }

    /**
     * Unpacks {@code outcount} items from {@code inbuf} at {@code position} ({@code MPI_Unpack}).
     *
     * @param inbuf the packed bytes
     * @param position where the first byte is
     * @param outbuf the items written, from element 0
     * @param outcount the number of items
     * @param type the datatype
     * @return the position after the last byte read
     * @throws MPIException for bad arguments
     */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type)
            throws MPIException {
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.unpack", outbuf, type, outcount);
            int p = t(type, "unpack").unpack(inbuf, position, v.array, v.offset, outcount);
            v.flush();
            return p;
        });
    }

    /**
     * The bytes {@link #pack} writes for {@code incount} items ({@code MPI_Pack_size}).
     *
     * @param incount the number of items
     * @param type the datatype
     * @return the size in bytes
     * @throws MPIException for a negative count
     */
    public final int packSize(int incount, Datatype type) throws MPIException {
        return errorHandled(() -> t(type, "packSize").packSize(incount));
    }

    /**
     * The status of a matching message if one has arrived ({@code MPI_Iprobe}).
     *
     * @param source a rank or {@link MPI#ANY_SOURCE}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return the status, or {@code null}
     * @throws MPIException for bad arguments
     */
    public final Status iProbe(int source, int tag) throws MPIException {
        return errorHandled(() -> Bridge.status(impl.iprobe(source, Bridge.tag(tag))));
    }

    /**
     * Waits for a matching message ({@code MPI_Probe}).
     *
     * @param source a rank or {@link MPI#ANY_SOURCE}
     * @param tag a tag or {@link MPI#ANY_TAG}
     * @return its status
     * @throws MPIException for bad arguments
     */
    public final Status probe(int source, int tag) throws MPIException {
        return errorHandled(() -> Bridge.status(impl.probe(source, Bridge.tag(tag))));
    }

    // ------------------------------------------------------------------ Open MPI: attributes, errors

    /**
     * A new attribute key for communicators ({@code MPI_Comm_create_keyval}).
     *
     * @return the key
     * @throws MPIException never
     */
    public static int createKeyval() throws MPIException {
        return MPI.newKeyval();
    }

    /**
     * Frees an attribute key ({@code MPI_Comm_free_keyval}); attributes already set stay readable.
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public static void freeKeyval(int keyval) throws MPIException {
    }

    /**
     * Stores an attribute ({@code MPI_Comm_set_attr}).
     *
     * @param keyval a key of {@link #createKeyval()}
     * @param value the value
     * @throws MPIException for a predefined key
     */
    public final void setAttr(int keyval, Object value) throws MPIException {
        if (keyval < 100) {
            throw new MPIException(MPI.ERR_KEYVAL, "Comm.setAttr: key " + keyval + " is predefined and read-only");
        }
        synchronized (this) {
            if (attributes == null) {
                attributes = new java.util.HashMap<>();
            }
            attributes.put(keyval, value);
        }
    }

    /**
     * An attribute ({@code MPI_Comm_get_attr}): {@link MPI#TAG_UB}, {@link MPI#HOST}, {@link MPI#IO},
     * {@link MPI#WTIME_IS_GLOBAL} ({@code Boolean}), {@link MPI#APPNUM}, {@link MPI#LASTUSEDCODE},
     * {@link MPI#UNIVERSE_SIZE} or a key of {@link #createKeyval()}.
     *
     * @param keyval the key
     * @return the value ({@code Integer} for the predefined keys), or {@code null} if none is set
     * @throws MPIException never
     */
    public final Object getAttr(int keyval) throws MPIException {
        if (keyval == MPI.TAG_UB) {
            return Integer.MAX_VALUE;
        }
        if (keyval == MPI.HOST || keyval == MPI.IO) {
            return MPI.PROC_NULL;
        }
        if (keyval == MPI.WTIME_IS_GLOBAL) {
            return Boolean.TRUE;
        }
        if (keyval == MPI.APPNUM) {
            return null;
        }
        if (keyval == MPI.LASTUSEDCODE) {
            return MPI.ERR_LASTCODE;
        }
        if (keyval == MPI.UNIVERSE_SIZE) {
            return MPI.COMM_WORLD.impl.size();
        }
        synchronized (this) {
            return attributes == null ? null : attributes.get(keyval);
        }
    }

    /**
     * Deletes an attribute ({@code MPI_Comm_delete_attr}).
     *
     * @param keyval the key
     * @throws MPIException never
     */
    public final synchronized void deleteAttr(int keyval) throws MPIException {
        if (attributes != null) {
            attributes.remove(keyval);
        }
    }

    /**
     * The topology ({@code MPI_Topo_test}).
     *
     * @return {@link MPI#CART}, {@link MPI#GRAPH} or {@link MPI#UNDEFINED}
     * @throws MPIException never
     */
    public final int getTopology() throws MPIException {
        if (impl instanceof io.ccrj.mpi.CartComm) {
            return MPI.CART;
        }
        if (impl instanceof io.ccrj.mpi.DistGraphComm) {
            return MPI.DIST_GRAPH;
        }
        return impl instanceof io.ccrj.mpi.GraphComm ? MPI.GRAPH : MPI.UNDEFINED;
    }

    /**
     * Ends every process of the run ({@code MPI_Abort}); the launcher exits with {@code errorcode}.
     *
     * @param errorcode the exit status of the run
     * @throws MPIException always, so that this process stops too
     */
    public final void abort(int errorcode) throws MPIException {
        Abort(errorcode);
    }

    /**
     * Sets the error handler of Open MPI's calls on this communicator ({@code MPI_Comm_set_errhandler}).
     *
     * @param errhandler {@link MPI#ERRORS_ARE_FATAL} or {@link MPI#ERRORS_RETURN}
     * @throws MPIException if {@code errhandler} is null
     */
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        if (errhandler == null) {
            throw new MPIException(MPI.ERR_ARG, "Comm.setErrhandler: the error handler is null");
        }
        this.errhandler = errhandler;
    }

    /**
     * The error handler of Open MPI's calls on this communicator ({@code MPI_Comm_get_errhandler}).
     *
     * @return the handler
     * @throws MPIException never
     */
    public final Errhandler getErrhandler() throws MPIException {
        return errhandler;
    }

    /**
     * Names the communicator ({@code MPI_Comm_set_name}).
     *
     * @param name the name
     * @throws MPIException never
     */
    public final void setName(String name) throws MPIException {
        ompiName = name;
    }

    /**
     * The communicator's name ({@code MPI_Comm_get_name}): the one set, else ccr-mpi's label
     * ({@code MPI.COMM_WORLD} for the world).
     *
     * @return the name
     * @throws MPIException never
     */
    public final String getName() throws MPIException {
        String n = ompiName;
        if (n != null) {
            return n;
        }
        if (this == MPI.COMM_WORLD) {
            return "MPI_COMM_WORLD";
        }
        if (this == MPI.COMM_SELF) {
            return "MPI_COMM_SELF";
        }
        return impl.toString();
    }

    // ------------------------------------------------------------------ Open MPI: collectives

    /**
     * Waits for every process ({@code MPI_Barrier}).
     *
     * @throws MPIException if the run ended
     */
    public final void barrier() throws MPIException {
        errorHandledRun(impl::barrier);
    }

    /**
     * Broadcasts the root's items ({@code MPI_Bcast}).
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.bcast", buf, type, count);
            impl.bcast(v.array, v.offset, count, t(type, "bcast"), root);
            v.flush();
        });
    }

    /**
     * Gathers every process's items at the root ({@code MPI_Gather}).
     *
     * @param sendbuf the items sent
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf the root's result
     * @param recvcount items from each process
     * @param recvtype the receive datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        errorHandledRun(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.gather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.gather", atRoot ? recvbuf : null, recvtype,
                    recvcount * impl.size());
            impl.gather(s.array, s.offset, sendcount, t(sendtype, "gather"), r.array, r.offset, recvcount,
                    t(recvtype, "gather"), root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Gather} in place: at the root {@code buf} is the result (its own block already
     * in place), elsewhere the items sent.
     *
     * @param buf the buffer
     * @param count items per process
     * @param type the datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        errorHandledRun(() -> {
            io.ccrj.mpi.Datatype tt = t(type, "gather");
            if (impl.rank() == root) {
                OmpiBuffers.View r = OmpiBuffers.of("Comm.gather", buf, type, count * impl.size());
                impl.gather(io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt, r.array, r.offset, count, tt, root);
                r.flush();
            } else {
                OmpiBuffers.View s = OmpiBuffers.of("Comm.gather", buf, type, count);
                impl.gather(s.array, s.offset, count, tt, null, 0, count, tt, root);
            }
        });
    }

    /**
     * Gathers blocks of varying size at the root ({@code MPI_Gatherv}).
     *
     * @param sendbuf the items sent
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the root's result
     * @param recvcount the items from each process
     * @param displs where each process's block goes, in items
     * @param recvtype the receive datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype, int root) throws MPIException {
        errorHandledRun(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.gatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.gatherv", atRoot ? recvbuf : null, recvtype,
                    atRoot ? itemsOf(recvcount, displs) : 0);
            impl.gatherv(s.array, s.offset, sendcount, t(sendtype, "gatherv"), r.array, r.offset,
                    atRoot ? recvcount : new int[impl.size()], atRoot ? displs : new int[impl.size()],
                    t(recvtype, "gatherv"), root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Gatherv} in place, at the root: its own block is in place in {@code recvbuf}.
     *
     * @param recvbuf the result
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the datatype
     * @param root the root rank (this process)
     * @throws MPIException for bad arguments
     */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.gatherv", recvbuf, recvtype, itemsOf(recvcount, displs));
            io.ccrj.mpi.Datatype tt = t(recvtype, "gatherv");
            int me = impl.rank();
            impl.gatherv(io.ccrj.mpi.Comm.IN_PLACE, 0, recvcount == null || me >= recvcount.length ? 0
                    : recvcount[me], tt, r.array, r.offset, recvcount, displs, tt, root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Gatherv} with the root in place, at a process that is not the root.
     *
     * @param sendbuf the items sent
     * @param sendcount their number
     * @param sendtype the datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.gatherv", sendbuf, sendtype, sendcount);
            io.ccrj.mpi.Datatype tt = t(sendtype, "gatherv");
            impl.gatherv(s.array, s.offset, sendcount, tt, null, 0, new int[impl.size()], new int[impl.size()], tt,
                    root);
        });
    }

    /**
     * Scatters the root's blocks ({@code MPI_Scatter}).
     *
     * @param sendbuf the root's blocks
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf this process's block
     * @param recvcount items per process
     * @param recvtype the receive datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype, int root) throws MPIException {
        errorHandledRun(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.scatter", atRoot ? sendbuf : null, sendtype,
                    sendcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.scatter", recvbuf, recvtype, recvcount);
            impl.scatter(s.array, s.offset, sendcount, t(sendtype, "scatter"), r.array, r.offset, recvcount,
                    t(recvtype, "scatter"), root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Scatter} in place: at the root {@code buf} holds every block (its own stays),
     * elsewhere it receives.
     *
     * @param buf the buffer
     * @param count items per process
     * @param type the datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        errorHandledRun(() -> {
            io.ccrj.mpi.Datatype tt = t(type, "scatter");
            if (impl.rank() == root) {
                OmpiBuffers.View s = OmpiBuffers.of("Comm.scatter", buf, type, count * impl.size());
                impl.scatter(s.array, s.offset, count, tt, io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt, root);
            } else {
                OmpiBuffers.View r = OmpiBuffers.of("Comm.scatter", buf, type, count);
                impl.scatter(null, 0, count, tt, r.array, r.offset, count, tt, root);
                r.flush();
            }
        });
    }

    /**
     * Scatters blocks of varying size ({@code MPI_Scatterv}).
     *
     * @param sendbuf the root's blocks
     * @param sendcount the items for each process
     * @param displs where each block starts, in items
     * @param sendtype the send datatype
     * @param recvbuf this process's block
     * @param recvcount its capacity
     * @param recvtype the receive datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        errorHandledRun(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.scatterv", atRoot ? sendbuf : null, sendtype,
                    atRoot ? itemsOf(sendcount, displs) : 0);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.scatterv", recvbuf, recvtype, recvcount);
            impl.scatterv(s.array, s.offset, atRoot ? sendcount : new int[impl.size()],
                    atRoot ? displs : new int[impl.size()], t(sendtype, "scatterv"), r.array, r.offset, recvcount,
                    t(recvtype, "scatterv"), root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Scatterv} in place, at the root: its own block stays in {@code sendbuf}.
     *
     * @param sendbuf the blocks
     * @param sendcount the items for each process
     * @param displs where each block starts
     * @param sendtype the datatype
     * @param root the root rank (this process)
     * @throws MPIException for bad arguments
     */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.scatterv", sendbuf, sendtype, itemsOf(sendcount, displs));
            io.ccrj.mpi.Datatype tt = t(sendtype, "scatterv");
            int me = impl.rank();
            impl.scatterv(s.array, s.offset, sendcount, displs, tt, io.ccrj.mpi.Comm.IN_PLACE, 0,
                    sendcount == null || me >= sendcount.length ? 0 : sendcount[me], tt, root);
        });
    }

    /**
     * {@code MPI_Scatterv} with the root in place, at a process that is not the root.
     *
     * @param recvbuf this process's block
     * @param recvcount its capacity
     * @param recvtype the datatype
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.scatterv", recvbuf, recvtype, recvcount);
            io.ccrj.mpi.Datatype tt = t(recvtype, "scatterv");
            impl.scatterv(null, 0, new int[impl.size()], new int[impl.size()], tt, r.array, r.offset, recvcount, tt,
                    root);
            r.flush();
        });
    }

    /**
     * Gathers every process's items at every process ({@code MPI_Allgather}).
     *
     * @param sendbuf the items sent
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf the result
     * @param recvcount items from each process
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments
     */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.allGather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allGather", recvbuf, recvtype, recvcount * impl.size());
            impl.allgather(s.array, s.offset, sendcount, t(sendtype, "allGather"), r.array, r.offset, recvcount,
                    t(recvtype, "allGather"));
            r.flush();
        });
    }

    /**
     * {@code MPI_Allgather} in place: each process's block is already in place in {@code buf}.
     *
     * @param buf the result
     * @param count items per process
     * @param type the datatype
     * @throws MPIException for bad arguments
     */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allGather", buf, type, count * impl.size());
            io.ccrj.mpi.Datatype tt = t(type, "allGather");
            impl.allgather(io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt, r.array, r.offset, count, tt);
            r.flush();
        });
    }

    /**
     * Gathers blocks of varying size at every process ({@code MPI_Allgatherv}).
     *
     * @param sendbuf the items sent
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the result
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments
     */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
            int[] displs, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.allGatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allGatherv", recvbuf, recvtype, itemsOf(recvcount, displs));
            impl.allgatherv(s.array, s.offset, sendcount, t(sendtype, "allGatherv"), r.array, r.offset, recvcount,
                    displs, t(recvtype, "allGatherv"));
            r.flush();
        });
    }

    /**
     * {@code MPI_Allgatherv} in place: each process's block is already in place.
     *
     * @param recvbuf the result
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the datatype
     * @throws MPIException for bad arguments
     */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allGatherv", recvbuf, recvtype, itemsOf(recvcount, displs));
            io.ccrj.mpi.Datatype tt = t(recvtype, "allGatherv");
            int me = impl.rank();
            impl.allgatherv(io.ccrj.mpi.Comm.IN_PLACE, 0, recvcount == null || me >= recvcount.length ? 0
                    : recvcount[me], tt, r.array, r.offset, recvcount, displs, tt);
            r.flush();
        });
    }

    /**
     * Every process sends a block to every process ({@code MPI_Alltoall}).
     *
     * @param sendbuf the blocks sent, one per process
     * @param sendcount items per block
     * @param sendtype the send datatype
     * @param recvbuf the blocks received, one per process
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments
     */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
            Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.allToAll", sendbuf, sendtype, sendcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allToAll", recvbuf, recvtype, recvcount * impl.size());
            impl.alltoall(s.array, s.offset, sendcount, t(sendtype, "allToAll"), r.array, r.offset, recvcount,
                    t(recvtype, "allToAll"));
            r.flush();
        });
    }

    /**
     * Blocks of varying size from every process to every process ({@code MPI_Alltoallv}).
     *
     * @param sendbuf the blocks sent
     * @param sendcount the items for each process
     * @param sdispls where each block sent starts
     * @param sendtype the send datatype
     * @param recvbuf the blocks received
     * @param recvcount the items from each process
     * @param rdispls where each block received goes
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments
     */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.allToAllv", sendbuf, sendtype, itemsOf(sendcount, sdispls));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allToAllv", recvbuf, recvtype, itemsOf(recvcount, rdispls));
            impl.alltoallv(s.array, s.offset, sendcount, sdispls, t(sendtype, "allToAllv"), r.array, r.offset,
                    recvcount, rdispls, t(recvtype, "allToAllv"));
            r.flush();
        });
    }

    /**
     * Combines every process's items at the root ({@code MPI_Reduce}).
     *
     * @param sendbuf the operands
     * @param recvbuf the root's result
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        errorHandledRun(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.reduce", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.reduce", atRoot ? recvbuf : null, type, count);
            impl.reduce(s.array, s.offset, r.array, r.offset, count, t(type, "reduce"), Op.impl("reduce", op, type),
                    root);
            r.flush();
        });
    }

    /**
     * {@code MPI_Reduce} in place: at the root {@code buf} holds its operands and receives the
     * result, elsewhere it holds the operands.
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @param root the root rank
     * @throws MPIException for bad arguments
     */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.reduce", buf, type, count);
            io.ccrj.mpi.Op o = Op.impl("reduce", op, type);
            if (impl.rank() == root) {
                impl.reduce(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count, t(type, "reduce"), o, root);
                v.flush();
            } else {
                impl.reduce(v.array, v.offset, null, 0, count, t(type, "reduce"), o, root);
            }
        });
    }

    /**
     * Combines every process's items at every process ({@code MPI_Allreduce}).
     *
     * @param sendbuf the operands
     * @param recvbuf the result
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.allReduce", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.allReduce", recvbuf, type, count);
            impl.allreduce(s.array, s.offset, r.array, r.offset, count, t(type, "allReduce"),
                    Op.impl("allReduce", op, type));
            r.flush();
        });
    }

    /**
     * {@code MPI_Allreduce} in place: {@code buf} holds the operands and receives the result.
     *
     * @param buf the buffer
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.allReduce", buf, type, count);
            impl.allreduce(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count, t(type, "allReduce"),
                    Op.impl("allReduce", op, type));
            v.flush();
        });
    }

    /**
     * Combines, then scatters the result in blocks ({@code MPI_Reduce_scatter}).
     *
     * @param sendbuf the operands, {@code sum(recvcounts)} items
     * @param recvbuf this process's block
     * @param recvcounts the block of each process
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        errorHandledRun(() -> {
            int me = impl.rank();
            OmpiBuffers.View s = OmpiBuffers.of("Comm.reduceScatter", sendbuf, type, sum(recvcounts));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.reduceScatter", recvbuf, type,
                    recvcounts == null || me >= recvcounts.length ? 0 : recvcounts[me]);
            impl.reduceScatter(s.array, s.offset, r.array, r.offset, recvcounts, t(type, "reduceScatter"),
                    Op.impl("reduceScatter", op, type));
            r.flush();
        });
    }

    /**
     * {@code MPI_Reduce_scatter} in place: {@code buf} holds the operands and receives this
     * process's block at its start.
     *
     * @param buf the buffer
     * @param counts the block of each process
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.reduceScatter", buf, type, sum(counts));
            impl.reduceScatter(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, counts, t(type, "reduceScatter"),
                    Op.impl("reduceScatter", op, type));
            v.flush();
        });
    }

    // ------------------------------------------------------------------ Open MPI: MPI-3 collectives
    //
    // Nonblocking collectives take direct buffers only, as in Open MPI; the receive side's copy
    // (OmpiBuffers) is written back when the request completes.

    /** The request of a nonblocking collective whose result {@code r} holds (written back at completion). */
    private static Request collective(io.ccrj.mpi.Request req, OmpiBuffers.View r) {
        Request q = new Request(req);
        q.onComplete = r;
        return q;
    }

    private static void direct(String operation, java.nio.Buffer... bufs) {
        for (java.nio.Buffer b : bufs) {
            OmpiBuffers.requireDirect(operation, b);
        }
    }

    /**
     * Starts a barrier ({@code MPI_Ibarrier}).
     *
     * @return the request, complete once every process has entered the barrier
     * @throws MPIException if the run ended
     */
    public final Request iBarrier() throws MPIException {
        return errorHandled(() -> new Request(impl.ibarrier()));
    }

    /**
     * Starts a broadcast ({@code MPI_Ibcast}).
     *
     * @param buf a direct buffer
     * @param count the number of items
     * @param type the datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iBcast(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        direct("Comm.iBcast", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.iBcast", buf, type, count);
            return collective(impl.ibcast(v.array, v.offset, count, t(type, "iBcast"), root), v);
        });
    }

    /**
     * Starts a gather ({@code MPI_Igather}).
     *
     * @param sendbuf the items sent (a direct buffer)
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf the root's result (a direct buffer)
     * @param recvcount items from each process
     * @param recvtype the receive datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        direct("Comm.iGather", sendbuf, recvbuf);
        return errorHandled(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iGather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iGather", atRoot ? recvbuf : null, recvtype,
                    recvcount * impl.size());
            return collective(impl.igather(s.array, s.offset, sendcount, t(sendtype, "iGather"), r.array, r.offset,
                    recvcount, t(recvtype, "iGather"), root), r);
        });
    }

    /**
     * Starts a gather in place ({@code MPI_Igather} with {@code MPI_IN_PLACE}): at the root
     * {@code buf} is the result, elsewhere the items sent.
     *
     * @param buf a direct buffer
     * @param count items per process
     * @param type the datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iGather(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        direct("Comm.iGather", buf);
        return errorHandled(() -> {
            io.ccrj.mpi.Datatype tt = t(type, "iGather");
            if (impl.rank() == root) {
                OmpiBuffers.View r = OmpiBuffers.of("Comm.iGather", buf, type, count * impl.size());
                return collective(impl.igather(io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt, r.array, r.offset, count, tt,
                        root), r);
            }
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iGather", buf, type, count);
            return new Request(impl.igather(s.array, s.offset, count, tt, null, 0, count, tt, root));
        });
    }

    /**
     * Starts a gather of blocks of varying size ({@code MPI_Igatherv}).
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the root's result (direct)
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the receive datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype, int root) throws MPIException {
        direct("Comm.iGatherv", sendbuf, recvbuf);
        return errorHandled(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iGatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iGatherv", atRoot ? recvbuf : null, recvtype,
                    atRoot ? itemsOf(recvcount, displs) : 0);
            return collective(impl.igatherv(s.array, s.offset, sendcount, t(sendtype, "iGatherv"), r.array, r.offset,
                    atRoot ? recvcount : new int[impl.size()], atRoot ? displs : new int[impl.size()],
                    t(recvtype, "iGatherv"), root), r);
        });
    }

    /**
     * Starts a gatherv in place, at the root ({@code MPI_Igatherv} with {@code MPI_IN_PLACE}).
     *
     * @param recvbuf the result (direct)
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the datatype
     * @param root the root rank (this process)
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iGatherv(java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        direct("Comm.iGatherv", recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iGatherv", recvbuf, recvtype, itemsOf(recvcount, displs));
            io.ccrj.mpi.Datatype tt = t(recvtype, "iGatherv");
            int me = impl.rank();
            return collective(impl.igatherv(io.ccrj.mpi.Comm.IN_PLACE, 0, recvcount == null || me >= recvcount.length
                    ? 0 : recvcount[me], tt, r.array, r.offset, recvcount, displs, tt, root), r);
        });
    }

    /**
     * Starts a gatherv whose root is in place, at a process that is not the root.
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount their number
     * @param sendtype the datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, int root)
            throws MPIException {
        direct("Comm.iGatherv", sendbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iGatherv", sendbuf, sendtype, sendcount);
            io.ccrj.mpi.Datatype tt = t(sendtype, "iGatherv");
            return new Request(impl.igatherv(s.array, s.offset, sendcount, tt, null, 0, new int[impl.size()],
                    new int[impl.size()], tt, root));
        });
    }

    /**
     * Starts a scatter ({@code MPI_Iscatter}).
     *
     * @param sendbuf the root's blocks (direct)
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf this process's block (direct)
     * @param recvcount items per process
     * @param recvtype the receive datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScatter(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int recvcount, Datatype recvtype, int root) throws MPIException {
        direct("Comm.iScatter", sendbuf, recvbuf);
        return errorHandled(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iScatter", atRoot ? sendbuf : null, sendtype,
                    sendcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iScatter", recvbuf, recvtype, recvcount);
            return collective(impl.iscatter(s.array, s.offset, sendcount, t(sendtype, "iScatter"), r.array, r.offset,
                    recvcount, t(recvtype, "iScatter"), root), r);
        });
    }

    /**
     * Starts a scatter in place ({@code MPI_Iscatter} with {@code MPI_IN_PLACE}).
     *
     * @param buf at the root every block, elsewhere this process's (direct)
     * @param count items per process
     * @param type the datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScatter(java.nio.Buffer buf, int count, Datatype type, int root) throws MPIException {
        direct("Comm.iScatter", buf);
        return errorHandled(() -> {
            io.ccrj.mpi.Datatype tt = t(type, "iScatter");
            if (impl.rank() == root) {
                OmpiBuffers.View s = OmpiBuffers.of("Comm.iScatter", buf, type, count * impl.size());
                return new Request(impl.iscatter(s.array, s.offset, count, tt, io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt,
                        root));
            }
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iScatter", buf, type, count);
            return collective(impl.iscatter(null, 0, count, tt, r.array, r.offset, count, tt, root), r);
        });
    }

    /**
     * Starts a scatter of blocks of varying size ({@code MPI_Iscatterv}).
     *
     * @param sendbuf the root's blocks (direct)
     * @param sendcount the items for each process
     * @param displs where each block starts
     * @param sendtype the send datatype
     * @param recvbuf this process's block (direct)
     * @param recvcount its capacity
     * @param recvtype the receive datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScatterv(java.nio.Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype,
            java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        direct("Comm.iScatterv", sendbuf, recvbuf);
        return errorHandled(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iScatterv", atRoot ? sendbuf : null, sendtype,
                    atRoot ? itemsOf(sendcount, displs) : 0);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iScatterv", recvbuf, recvtype, recvcount);
            return collective(impl.iscatterv(s.array, s.offset, atRoot ? sendcount : new int[impl.size()],
                    atRoot ? displs : new int[impl.size()], t(sendtype, "iScatterv"), r.array, r.offset, recvcount,
                    t(recvtype, "iScatterv"), root), r);
        });
    }

    /**
     * Starts a scatterv in place, at the root ({@code MPI_Iscatterv} with {@code MPI_IN_PLACE}).
     *
     * @param sendbuf the blocks (direct)
     * @param sendcount the items for each process
     * @param displs where each block starts
     * @param sendtype the datatype
     * @param root the root rank (this process)
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScatterv(java.nio.Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        direct("Comm.iScatterv", sendbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iScatterv", sendbuf, sendtype, itemsOf(sendcount, displs));
            io.ccrj.mpi.Datatype tt = t(sendtype, "iScatterv");
            int me = impl.rank();
            return new Request(impl.iscatterv(s.array, s.offset, sendcount, displs, tt, io.ccrj.mpi.Comm.IN_PLACE, 0,
                    sendcount == null || me >= sendcount.length ? 0 : sendcount[me], tt, root));
        });
    }

    /**
     * Starts a scatterv whose root is in place, at a process that is not the root.
     *
     * @param recvbuf this process's block (direct)
     * @param recvcount its capacity
     * @param recvtype the datatype
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iScatterv(java.nio.Buffer recvbuf, int recvcount, Datatype recvtype, int root)
            throws MPIException {
        direct("Comm.iScatterv", recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iScatterv", recvbuf, recvtype, recvcount);
            io.ccrj.mpi.Datatype tt = t(recvtype, "iScatterv");
            return collective(impl.iscatterv(null, 0, new int[impl.size()], new int[impl.size()], tt, r.array, r.offset,
                    recvcount, tt, root), r);
        });
    }

    /**
     * Starts an allgather ({@code MPI_Iallgather}).
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount items per process
     * @param sendtype the send datatype
     * @param recvbuf the result (direct)
     * @param recvcount items from each process
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        direct("Comm.iAllGather", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iAllGather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllGather", recvbuf, recvtype, recvcount * impl.size());
            return collective(impl.iallgather(s.array, s.offset, sendcount, t(sendtype, "iAllGather"), r.array,
                    r.offset, recvcount, t(recvtype, "iAllGather")), r);
        });
    }

    /**
     * Starts an allgather in place ({@code MPI_Iallgather} with {@code MPI_IN_PLACE}).
     *
     * @param buf the result, each block already in place (direct)
     * @param count items per process
     * @param type the datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllGather(java.nio.Buffer buf, int count, Datatype type) throws MPIException {
        direct("Comm.iAllGather", buf);
        return errorHandled(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllGather", buf, type, count * impl.size());
            io.ccrj.mpi.Datatype tt = t(type, "iAllGather");
            return collective(impl.iallgather(io.ccrj.mpi.Comm.IN_PLACE, 0, count, tt, r.array, r.offset, count, tt), r);
        });
    }

    /**
     * Starts an allgatherv ({@code MPI_Iallgatherv}).
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the result (direct)
     * @param recvcount the items from each process
     * @param displs where each block goes
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        direct("Comm.iAllGatherv", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iAllGatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllGatherv", recvbuf, recvtype, itemsOf(recvcount, displs));
            return collective(impl.iallgatherv(s.array, s.offset, sendcount, t(sendtype, "iAllGatherv"), r.array,
                    r.offset, recvcount, displs, t(recvtype, "iAllGatherv")), r);
        });
    }

    /**
     * Starts an allgatherv in place ({@code MPI_Iallgatherv} with {@code MPI_IN_PLACE}).
     *
     * @param buf the result, each block already in place (direct)
     * @param count the items from each process
     * @param displs where each block goes
     * @param type the datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllGatherv(java.nio.Buffer buf, int[] count, int[] displs, Datatype type)
            throws MPIException {
        direct("Comm.iAllGatherv", buf);
        return errorHandled(() -> {
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllGatherv", buf, type, itemsOf(count, displs));
            io.ccrj.mpi.Datatype tt = t(type, "iAllGatherv");
            int me = impl.rank();
            return collective(impl.iallgatherv(io.ccrj.mpi.Comm.IN_PLACE, 0, count == null || me >= count.length ? 0
                    : count[me], tt, r.array, r.offset, count, displs, tt), r);
        });
    }

    /**
     * Starts an all-to-all ({@code MPI_Ialltoall}).
     *
     * @param sendbuf the blocks sent (direct)
     * @param sendcount items per block
     * @param sendtype the send datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllToAll(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype, java.nio.Buffer recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        direct("Comm.iAllToAll", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iAllToAll", sendbuf, sendtype, sendcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllToAll", recvbuf, recvtype, recvcount * impl.size());
            return collective(impl.ialltoall(s.array, s.offset, sendcount, t(sendtype, "iAllToAll"), r.array, r.offset,
                    recvcount, t(recvtype, "iAllToAll")), r);
        });
    }

    /**
     * Starts an all-to-all of blocks of varying size ({@code MPI_Ialltoallv}).
     *
     * @param sendbuf the blocks sent (direct)
     * @param sendcount the items for each process
     * @param sdispls where each block sent starts
     * @param sendtype the send datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount the items from each process
     * @param rdispls where each block received goes
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllToAllv(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        direct("Comm.iAllToAllv", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iAllToAllv", sendbuf, sendtype, itemsOf(sendcount, sdispls));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllToAllv", recvbuf, recvtype, itemsOf(recvcount, rdispls));
            return collective(impl.ialltoallv(s.array, s.offset, sendcount, sdispls, t(sendtype, "iAllToAllv"),
                    r.array, r.offset, recvcount, rdispls, t(recvtype, "iAllToAllv")), r);
        });
    }

    /** {@code allToAllw}'s byte displacements as elements of each block's type, with the items each buffer holds. */
    private static int[] elementDispls(String operation, int[] displs, Datatype[] types) {
        if (displs == null || types == null || displs.length != types.length) {
            throw new MPIException(MPI.ERR_ARG, operation + ": one displacement and one datatype per process");
        }
        int[] out = new int[displs.length];
        for (int i = 0; i < out.length; i++) {
            if (types[i] == null) {
                throw new MPIException(MPI.ERR_TYPE, operation + ": datatype " + i + " is null");
            }
            int w = types[i].impl.base() == io.ccrj.mpi.Datatype.Base.OBJECT ? 1 : types[i].impl.base().packedBytes();
            if (displs[i] % w != 0) {
                throw new MPIException(MPI.ERR_ARG, operation + ": displacement " + displs[i] + " bytes is not a whole"
                        + " number of " + types[i] + " elements");
            }
            out[i] = displs[i] / w;
        }
        return out;
    }

    private static io.ccrj.mpi.Datatype[] impls(Datatype[] types) {
        io.ccrj.mpi.Datatype[] out = new io.ccrj.mpi.Datatype[types.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = types[i].impl;
        }
        return out;
    }

    /** The base elements a w-collective's buffer spans: the end of its furthest block. */
    private static int spanW(int[] counts, int[] displs, Datatype[] types) {
        int max = 0;
        for (int i = 0; i < Math.min(counts.length, displs.length); i++) {
            if (counts[i] > 0) {
                io.ccrj.mpi.Datatype t = types[i].impl;
                max = Math.max(max, displs[i] + (counts[i] - 1) * t.extent() + t.ub());
            }
        }
        return max;
    }

    /** A w-collective's buffer as ccr-mpi's array: its element type is that of the first non-empty block. */
    private static OmpiBuffers.View wView(String operation, java.nio.Buffer buf, int[] counts, int[] displs,
            Datatype[] types) {
        Datatype first = null;
        for (int i = 0; i < types.length && first == null; i++) {
            if (counts != null && i < counts.length && counts[i] > 0) {
                first = types[i];
            }
        }
        if (first == null) {
            first = types.length > 0 ? types[0] : MPI.BYTE;
        }
        return OmpiBuffers.of(operation, buf, Datatype.of(io.ccrj.mpi.Datatype.of(first.impl.base())),
                spanW(counts, displs, types));
    }

    /**
     * All-to-all with a datatype per process ({@code MPI_Alltoallw}); displacements are bytes, as
     * in MPI, and every block's type must have the buffer's element type.
     *
     * @param sendbuf the blocks sent (direct)
     * @param sendcount the items for each process
     * @param sdispls where each block sent starts, in bytes
     * @param sendtypes each block's datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount the items from each process
     * @param rdispls where each block received goes, in bytes
     * @param recvtypes each block's datatype
     * @throws MPIException for bad arguments
     */
    public final void allToAllw(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes,
            java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        direct("Comm.allToAllw", sendbuf, recvbuf);
        errorHandledRun(() -> {
            int[] sd = elementDispls("Comm.allToAllw", sdispls, sendtypes);
            int[] rd = elementDispls("Comm.allToAllw", rdispls, recvtypes);
            OmpiBuffers.View s = wView("Comm.allToAllw", sendbuf, sendcount, sd, sendtypes);
            OmpiBuffers.View r = wView("Comm.allToAllw", recvbuf, recvcount, rd, recvtypes);
            impl.alltoallw(s.array, sendcount, sd, impls(sendtypes), r.array, recvcount, rd, impls(recvtypes));
            r.flush();
        });
    }

    /**
     * Starts an all-to-all with a datatype per process ({@code MPI_Ialltoallw}).
     *
     * @param sendbuf the blocks sent (direct)
     * @param sendcount the items for each process
     * @param sdispls where each block sent starts, in bytes
     * @param sendtypes each block's datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount the items from each process
     * @param rdispls where each block received goes, in bytes
     * @param recvtypes each block's datatype
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllToAllw(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype[] sendtypes,
            java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype[] recvtypes) throws MPIException {
        direct("Comm.iAllToAllw", sendbuf, recvbuf);
        return errorHandled(() -> {
            int[] sd = elementDispls("Comm.iAllToAllw", sdispls, sendtypes);
            int[] rd = elementDispls("Comm.iAllToAllw", rdispls, recvtypes);
            OmpiBuffers.View s = wView("Comm.iAllToAllw", sendbuf, sendcount, sd, sendtypes);
            OmpiBuffers.View r = wView("Comm.iAllToAllw", recvbuf, recvcount, rd, recvtypes);
            return collective(impl.ialltoallw(s.array, sendcount, sd, impls(sendtypes), r.array, recvcount, rd,
                    impls(recvtypes)), r);
        });
    }

    /**
     * Starts a reduction at the root ({@code MPI_Ireduce}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf the root's result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduce(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op,
            int root) throws MPIException {
        direct("Comm.iReduce", sendbuf, recvbuf);
        return errorHandled(() -> {
            boolean atRoot = impl.rank() == root;
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iReduce", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iReduce", atRoot ? recvbuf : null, type, count);
            return collective(impl.ireduce(s.array, s.offset, r.array, r.offset, count, t(type, "iReduce"),
                    Op.impl("iReduce", op, type), root), r);
        });
    }

    /**
     * Starts a reduction in place ({@code MPI_Ireduce} with {@code MPI_IN_PLACE} at the root).
     *
     * @param buf the operands, and at the root the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @param root the root rank
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduce(java.nio.Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        direct("Comm.iReduce", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.iReduce", buf, type, count);
            io.ccrj.mpi.Op o = Op.impl("iReduce", op, type);
            if (impl.rank() == root) {
                return collective(impl.ireduce(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                        t(type, "iReduce"), o, root), v);
            }
            return new Request(impl.ireduce(v.array, v.offset, null, 0, count, t(type, "iReduce"), o, root));
        });
    }

    /**
     * Starts a reduction at every process ({@code MPI_Iallreduce}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllReduce(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        direct("Comm.iAllReduce", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iAllReduce", sendbuf, type, count);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iAllReduce", recvbuf, type, count);
            return collective(impl.iallreduce(s.array, s.offset, r.array, r.offset, count, t(type, "iAllReduce"),
                    Op.impl("iAllReduce", op, type)), r);
        });
    }

    /**
     * Starts a reduction at every process in place ({@code MPI_Iallreduce} with {@code MPI_IN_PLACE}).
     *
     * @param buf the operands and the result (direct)
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iAllReduce(java.nio.Buffer buf, int count, Datatype type, Op op) throws MPIException {
        direct("Comm.iAllReduce", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.iAllReduce", buf, type, count);
            return collective(impl.iallreduce(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                    t(type, "iAllReduce"), Op.impl("iAllReduce", op, type)), v);
        });
    }

    /**
     * Starts a reduce-scatter ({@code MPI_Ireduce_scatter}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf this process's block (direct)
     * @param recvcounts the block of each process
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduceScatter(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int[] recvcounts,
            Datatype type, Op op) throws MPIException {
        direct("Comm.iReduceScatter", sendbuf, recvbuf);
        return errorHandled(() -> {
            int me = impl.rank();
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iReduceScatter", sendbuf, type, sum(recvcounts));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iReduceScatter", recvbuf, type,
                    recvcounts == null || me >= recvcounts.length ? 0 : recvcounts[me]);
            return collective(impl.ireduceScatter(s.array, s.offset, r.array, r.offset, recvcounts,
                    t(type, "iReduceScatter"), Op.impl("iReduceScatter", op, type)), r);
        });
    }

    /**
     * Starts a reduce-scatter in place ({@code MPI_Ireduce_scatter} with {@code MPI_IN_PLACE}).
     *
     * @param buf the operands; receives this process's block at its start (direct)
     * @param counts the block of each process
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduceScatter(java.nio.Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        direct("Comm.iReduceScatter", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.iReduceScatter", buf, type, sum(counts));
            return collective(impl.ireduceScatter(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, counts,
                    t(type, "iReduceScatter"), Op.impl("iReduceScatter", op, type)), v);
        });
    }

    /**
     * Combines, then scatters blocks of one size ({@code MPI_Reduce_scatter_block}).
     *
     * @param sendbuf the operands, {@code recvcount * size} items
     * @param recvbuf this process's block
     * @param recvcount items per block
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.reduceScatterBlock", sendbuf, type, recvcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.reduceScatterBlock", recvbuf, type, recvcount);
            impl.reduceScatterBlock(s.array, s.offset, r.array, r.offset, recvcount, t(type, "reduceScatterBlock"),
                    Op.impl("reduceScatterBlock", op, type));
            r.flush();
        });
    }

    /**
     * {@code MPI_Reduce_scatter_block} in place: {@code buf} holds the operands and receives this
     * process's block at its start.
     *
     * @param buf the buffer
     * @param count items per block
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.reduceScatterBlock", buf, type, count * impl.size());
            impl.reduceScatterBlock(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                    t(type, "reduceScatterBlock"), Op.impl("reduceScatterBlock", op, type));
            v.flush();
        });
    }

    /**
     * Starts a reduce-scatter of blocks of one size ({@code MPI_Ireduce_scatter_block}).
     *
     * @param sendbuf the operands (direct)
     * @param recvbuf this process's block (direct)
     * @param recvcount items per block
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduceScatterBlock(java.nio.Buffer sendbuf, java.nio.Buffer recvbuf, int recvcount,
            Datatype type, Op op) throws MPIException {
        direct("Comm.iReduceScatterBlock", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iReduceScatterBlock", sendbuf, type, recvcount * impl.size());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iReduceScatterBlock", recvbuf, type, recvcount);
            return collective(impl.ireduceScatterBlock(s.array, s.offset, r.array, r.offset, recvcount,
                    t(type, "iReduceScatterBlock"), Op.impl("iReduceScatterBlock", op, type)), r);
        });
    }

    /**
     * Starts a reduce-scatter of blocks of one size in place.
     *
     * @param buf the operands; receives this process's block at its start (direct)
     * @param count items per block
     * @param type the datatype
     * @param op the operation
     * @return the request
     * @throws MPIException for bad arguments
     */
    public final Request iReduceScatterBlock(java.nio.Buffer buf, int count, Datatype type, Op op)
            throws MPIException {
        direct("Comm.iReduceScatterBlock", buf);
        return errorHandled(() -> {
            OmpiBuffers.View v = OmpiBuffers.of("Comm.iReduceScatterBlock", buf, type, count * impl.size());
            return collective(impl.ireduceScatterBlock(io.ccrj.mpi.Comm.IN_PLACE, 0, v.array, v.offset, count,
                    t(type, "iReduceScatterBlock"), Op.impl("iReduceScatterBlock", op, type)), v);
        });
    }

    // ------------------------------------------------------------------ Open MPI: neighbourhood collectives

    /** The neighbours a topology communicator receives from (its in-degree), for the buffers' sizes. */
    private int inDegree() {
        if (impl instanceof io.ccrj.mpi.DistGraphComm d) {
            return d.inDegree();
        }
        if (impl instanceof io.ccrj.mpi.CartComm c) {
            return 2 * c.dims().length;
        }
        if (impl instanceof io.ccrj.mpi.GraphComm g) {
            return g.neighbours(impl.rank()).length;
        }
        return 0;
    }

    private int outDegree() {
        return impl instanceof io.ccrj.mpi.DistGraphComm d ? d.outDegree() : inDegree();
    }

    /**
     * Every process gathers its neighbours' items ({@code MPI_Neighbor_allgather}); needs a
     * Cartesian, graph or distributed-graph communicator.
     *
     * @param sendbuf the items sent
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf one block per in-neighbour
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.neighborAllGather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.neighborAllGather", recvbuf, recvtype, recvcount * inDegree());
            impl.neighborAllgather(s.array, s.offset, sendcount, t(sendtype, "neighborAllGather"), r.array, r.offset,
                    recvcount, t(recvtype, "neighborAllGather"));
            r.flush();
        });
    }

    /**
     * Starts a neighbourhood allgather ({@code MPI_Ineighbor_allgather}).
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf one block per in-neighbour (direct)
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final Request iNeighborAllGather(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype,
            java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        direct("Comm.iNeighborAllGather", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iNeighborAllGather", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iNeighborAllGather", recvbuf, recvtype, recvcount * inDegree());
            return collective(impl.ineighborAllgather(s.array, s.offset, sendcount, t(sendtype, "iNeighborAllGather"),
                    r.array, r.offset, recvcount, t(recvtype, "iNeighborAllGather")), r);
        });
    }

    /**
     * A neighbourhood allgather of blocks of varying size ({@code MPI_Neighbor_allgatherv}).
     *
     * @param sendbuf the items sent
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the blocks received
     * @param recvcount the items from each in-neighbour
     * @param displs where each block goes
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.neighborAllGatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.neighborAllGatherv", recvbuf, recvtype,
                    itemsOf(recvcount, displs));
            impl.neighborAllgatherv(s.array, s.offset, sendcount, t(sendtype, "neighborAllGatherv"), r.array, r.offset,
                    recvcount, displs, t(recvtype, "neighborAllGatherv"));
            r.flush();
        });
    }

    /**
     * Starts a neighbourhood allgatherv ({@code MPI_Ineighbor_allgatherv}).
     *
     * @param sendbuf the items sent (direct)
     * @param sendcount their number
     * @param sendtype the send datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount the items from each in-neighbour
     * @param displs where each block goes
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final Request iNeighborAllGatherv(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype,
            java.nio.Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        direct("Comm.iNeighborAllGatherv", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iNeighborAllGatherv", sendbuf, sendtype, sendcount);
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iNeighborAllGatherv", recvbuf, recvtype,
                    itemsOf(recvcount, displs));
            return collective(impl.ineighborAllgatherv(s.array, s.offset, sendcount,
                    t(sendtype, "iNeighborAllGatherv"), r.array, r.offset, recvcount, displs,
                    t(recvtype, "iNeighborAllGatherv")), r);
        });
    }

    /**
     * Every process exchanges a block with each neighbour ({@code MPI_Neighbor_alltoall}).
     *
     * @param sendbuf one block per out-neighbour
     * @param sendcount items per block
     * @param sendtype the send datatype
     * @param recvbuf one block per in-neighbour
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
            int recvcount, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.neighborAllToAll", sendbuf, sendtype, sendcount * outDegree());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.neighborAllToAll", recvbuf, recvtype, recvcount * inDegree());
            impl.neighborAlltoall(s.array, s.offset, sendcount, t(sendtype, "neighborAllToAll"), r.array, r.offset,
                    recvcount, t(recvtype, "neighborAllToAll"));
            r.flush();
        });
    }

    /**
     * Starts a neighbourhood all-to-all ({@code MPI_Ineighbor_alltoall}).
     *
     * @param sendbuf one block per out-neighbour (direct)
     * @param sendcount items per block
     * @param sendtype the send datatype
     * @param recvbuf one block per in-neighbour (direct)
     * @param recvcount items per block
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final Request iNeighborAllToAll(java.nio.Buffer sendbuf, int sendcount, Datatype sendtype,
            java.nio.Buffer recvbuf, int recvcount, Datatype recvtype) throws MPIException {
        direct("Comm.iNeighborAllToAll", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iNeighborAllToAll", sendbuf, sendtype, sendcount * outDegree());
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iNeighborAllToAll", recvbuf, recvtype, recvcount * inDegree());
            return collective(impl.ineighborAlltoall(s.array, s.offset, sendcount, t(sendtype, "iNeighborAllToAll"),
                    r.array, r.offset, recvcount, t(recvtype, "iNeighborAllToAll")), r);
        });
    }

    /**
     * A neighbourhood all-to-all of blocks of varying size ({@code MPI_Neighbor_alltoallv}).
     *
     * @param sendbuf the blocks sent
     * @param sendcount the items for each out-neighbour
     * @param sdispls where each block sent starts
     * @param sendtype the send datatype
     * @param recvbuf the blocks received
     * @param recvcount the items from each in-neighbour
     * @param rdispls where each block received goes
     * @param recvtype the receive datatype
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
            Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        errorHandledRun(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.neighborAllToAllv", sendbuf, sendtype,
                    itemsOf(sendcount, sdispls));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.neighborAllToAllv", recvbuf, recvtype,
                    itemsOf(recvcount, rdispls));
            impl.neighborAlltoallv(s.array, s.offset, sendcount, sdispls, t(sendtype, "neighborAllToAllv"), r.array,
                    r.offset, recvcount, rdispls, t(recvtype, "neighborAllToAllv"));
            r.flush();
        });
    }

    /**
     * Starts a neighbourhood all-to-all of blocks of varying size ({@code MPI_Ineighbor_alltoallv}).
     *
     * @param sendbuf the blocks sent (direct)
     * @param sendcount the items for each out-neighbour
     * @param sdispls where each block sent starts
     * @param sendtype the send datatype
     * @param recvbuf the blocks received (direct)
     * @param recvcount the items from each in-neighbour
     * @param rdispls where each block received goes
     * @param recvtype the receive datatype
     * @return the request
     * @throws MPIException for bad arguments or a communicator without a topology
     */
    public final Request iNeighborAllToAllv(java.nio.Buffer sendbuf, int[] sendcount, int[] sdispls,
            Datatype sendtype, java.nio.Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        direct("Comm.iNeighborAllToAllv", sendbuf, recvbuf);
        return errorHandled(() -> {
            OmpiBuffers.View s = OmpiBuffers.of("Comm.iNeighborAllToAllv", sendbuf, sendtype,
                    itemsOf(sendcount, sdispls));
            OmpiBuffers.View r = OmpiBuffers.of("Comm.iNeighborAllToAllv", recvbuf, recvtype,
                    itemsOf(recvcount, rdispls));
            return collective(impl.ineighborAlltoallv(s.array, s.offset, sendcount, sdispls,
                    t(sendtype, "iNeighborAllToAllv"), r.array, r.offset, recvcount, rdispls,
                    t(recvtype, "iNeighborAllToAllv")), r);
        });
    }

    /**
     * Combines {@code inBuf} into {@code inOutBuf} on this process ({@code MPI_Reduce_local}):
     * {@code inOutBuf[i] = inBuf[i] op inOutBuf[i]}.
     *
     * @param inBuf the left operands
     * @param inOutBuf the right operands, overwritten with the results
     * @param count the number of items
     * @param type the datatype
     * @param op the operation
     * @throws MPIException for bad arguments
     */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op)
            throws MPIException {
        try {
            OmpiBuffers.View in = OmpiBuffers.of("Comm.reduceLocal", inBuf, type, count);
            OmpiBuffers.View io = OmpiBuffers.of("Comm.reduceLocal", inOutBuf, type, count);
            Op.impl("reduceLocal", op, type).apply(in.array, in.offset, io.array, io.offset, count,
                    t(type, "reduceLocal"));
            io.flush();
        } catch (MpiException e) {
            throw Bridge.error(e);
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + impl + "]";
    }
}
