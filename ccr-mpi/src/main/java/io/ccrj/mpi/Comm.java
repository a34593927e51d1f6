package io.ccrj.mpi;

/**
 * A communicator: a group of ranks that exchange messages, as mpiJava 1.2's
 * {@code mpi.Intracomm} (whose {@code Send, Recv, Sendrecv, Isend, Irecv, Probe, Iprobe, Ssend,
 * Bsend, Rsend, Issend, Ibsend, Irsend, Sendrecv_replace, Send_init, ..., Recv_init, Barrier,
 * Bcast, Reduce, Allreduce, Gather(v), Scatter(v), Allgather(v), Alltoall(v), Reduce_scatter,
 * Scan, Split} map one to one onto the methods below, with the same argument order), so that one
 * kernel runs unchanged on ccr-mpi and on an MPJ Express adapter.
 *
 * <h2>Buffers</h2>
 * A buffer is an array of its {@link Datatype}'s base type ({@code byte[]}, {@code char[]},
 * {@code short[]}, {@code boolean[]}, {@code int[]}, {@code long[]}, {@code float[]},
 * {@code double[]}, {@code Object[]}); {@code offset} is the index of the first item and
 * {@code count} the number of items of the datatype (for a derived datatype, item {@code k}
 * starts at {@code offset + k * extent()}). A blocking send returns once the elements (object
 * references for {@link Datatype#OBJECT}) are copied, so the buffer may be reused at once; see
 * {@link #isend} and {@link #sendrecv} for large messages.
 *
 * <h2>Send modes</h2>
 * {@link #send} (standard) and {@link #bsend} (buffered) copy the message and return without
 * waiting for the receiver; {@link #ssend} (synchronous) returns once the receiver has matched
 * and taken the message; {@link #rsend} (ready) requires a posted receive, as MPI does, and then
 * behaves as {@code send}. Each has a non-blocking form ({@link #isend}, {@link #ibsend},
 * {@link #issend}, {@link #irsend}) and a persistent one ({@link #sendInit} ...).
 *
 * <h2>Matching</h2>
 * A receive matches the oldest message from {@code source} with {@code tag}; {@link #ANY_SOURCE}
 * and {@link #ANY_TAG} match any. Messages from one sender with one tag are received in the order
 * they were sent (non-overtaking). A message longer than the receive's {@code count} fails the
 * receive with {@link MpiException.ErrorClass#TRUNCATE}; a shorter one fills a prefix and
 * {@link Status#count()} says how many elements arrived. Point-to-point traffic and collective
 * traffic never match each other, and neither crosses communicators.
 *
 * <h2>Collectives</h2>
 * Every rank of the communicator must call the same collectives in the same order, with the same
 * root, count, datatype and operation (as MPI requires). Counts in {@link #gather},
 * {@link #scatter}, {@link #allgather} and {@link #alltoall} are per rank; the v-forms
 * ({@link #gatherv}, {@link #scatterv}, {@link #allgatherv}, {@link #alltoallv}) take a count
 * and a displacement per rank, displacements in extents of the datatype. Send and receive
 * datatypes may differ if their base types agree and the element counts match. {@link #IN_PLACE}
 * as the send buffer (the receive buffer for {@link #scatter} and {@link #scatterv} at the root)
 * takes the operands from, and leaves the result in, the other buffer, as MPI's
 * {@code MPI_IN_PLACE}.
 *
 * <h2>MPI-3: nonblocking and neighbourhood collectives, matched probe</h2>
 * Every collective has a nonblocking form ({@link #ibarrier}, {@link #iallreduce}, ...) with the
 * blocking form's parameters, returning a {@link Request} that composes with point-to-point
 * requests in {@link Request#waitAll} and its relatives. On ccr-mpi's backend a nonblocking
 * collective progresses by itself while the rank computes (no {@code test} call is needed), and
 * its traffic never matches point-to-point messages or another outstanding collective: several
 * may be outstanding on one communicator, started in the same order on every rank. The buffers
 * of a started collective must not be touched until its request completes. The neighbourhood
 * collectives ({@link #neighborAllgather}, {@link #neighborAlltoall}, ...) run on a communicator
 * with a Cartesian, graph or distributed-graph topology. Backends without MPI-3 (the MPJ Express
 * adapter) throw {@link MpiException.ErrorClass#UNSUPPORTED_OPERATION} naming the operation.
 *
 * <h2>One-sided communication</h2>
 * {@link #createWindow}, {@link #allocateWindow} and {@link #allocateSharedWindow} make a
 * {@link Window}: memory every rank exposes to the others' puts, gets and accumulates, with MPI's
 * epochs and a memory model stated there. Creating and freeing a window are collectives, but a
 * window's traffic never matches this communicator's.
 *
 * <h2>Thread safety</h2>
 * A communicator handle belongs to its rank: by default ({@link ThreadLevel#FUNNELED}) all its
 * methods are called from the thread running that rank's kernel; after
 * {@link #requestThreadLevel requestThreadLevel(SERIALIZED)} any thread of the rank may call, one
 * call at a time; after {@code requestThreadLevel(MULTIPLE)} any thread at any time, except that
 * collectives and communicator management on one communicator stay one thread at a time, as MPI
 * requires (see {@link ThreadLevel#MULTIPLE}). Tags must be non-negative ({@code 0 ..} {@link Integer#MAX_VALUE}).
 *
 * <h2>Errors</h2>
 * Invalid arguments throw {@link MpiException} naming the problem: rank
 * ({@link MpiException.ErrorClass#RANK}), tag ({@link MpiException.ErrorClass#TAG}), negative
 * count ({@link MpiException.ErrorClass#COUNT}), buffer type ({@link MpiException.ErrorClass#TYPE}),
 * range outside the buffer ({@link MpiException.ErrorClass#BUFFER}), root
 * ({@link MpiException.ErrorClass#ROOT}), operation ({@link MpiException.ErrorClass#OP}). A blocked
 * call whose world ended throws {@link MpiException.ErrorClass#ABORTED}.
 */
public interface Comm {

    /** Wildcard source for receives and probes ({@code MPI.ANY_SOURCE}). */
    int ANY_SOURCE = -2;

    /** Wildcard tag for receives and probes ({@code MPI.ANY_TAG}). */
    int ANY_TAG = -1;

    /** The color of a rank that wants no communicator from {@link #split} ({@code MPI.UNDEFINED}). */
    int UNDEFINED = -32766;

    /**
     * The in-place buffer of collectives ({@code MPI_IN_PLACE}): passed as the send buffer, the
     * operands are read from the receive buffer, where the result goes (see the class comment).
     */
    Object IN_PLACE = new Object() {
        @Override
        public String toString() {
            return "IN_PLACE";
        }
    };

    /**
     * Bytes a buffered send needs in the attached buffer beyond its packed size
     * ({@code MPI.BSEND_OVERHEAD}).
     */
    int BSEND_OVERHEAD = 0;

    /**
     * This rank's number in the communicator ({@code Rank()}).
     *
     * @return a rank in {@code [0, size())}
     */
    int rank();

    /**
     * The number of ranks in the communicator ({@code Size()}).
     *
     * @return at least 1
     */
    int size();

    /**
     * Sends {@code count} elements to {@code dest} ({@code Send}). Returns once the elements are
     * copied; never waits for the matching receive (buffered mode).
     *
     * @param buf the send buffer
     * @param offset index of the first element
     * @param count number of elements, {@code >= 0}
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag, {@code >= 0}
     */
    void send(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Receives a message from {@code source} with {@code tag} into {@code buf} ({@code Recv}).
     *
     * @param buf the receive buffer
     * @param offset index of the first element to write
     * @param count capacity in elements, {@code >= 0}
     * @param type datatype of {@code buf}; must equal the message's
     * @param source a rank or {@link #ANY_SOURCE}
     * @param tag a tag or {@link #ANY_TAG}
     * @return the matched source, tag and element count
     */
    Status recv(Object buf, int offset, int count, Datatype type, int source, int tag);

    /**
     * Sends to {@code dest} and receives from {@code source} as one operation that cannot
     * deadlock against a matching {@code sendrecv} ({@code Sendrecv}): the building block of
     * shifts and exchanges. Returns when the receive is complete and the sent elements have been
     * taken (large messages are copied straight from {@code sendbuf} into the receiver's buffer).
     *
     * @param sendbuf the send buffer
     * @param sendoffset index of the first element sent
     * @param sendcount number of elements sent
     * @param sendtype datatype of {@code sendbuf}
     * @param dest destination rank
     * @param sendtag tag of the message sent
     * @param recvbuf the receive buffer (must not overlap the sent range)
     * @param recvoffset index of the first element received
     * @param recvcount capacity in elements
     * @param recvtype datatype of {@code recvbuf}
     * @param source a rank or {@link #ANY_SOURCE}
     * @param recvtag a tag or {@link #ANY_TAG}
     * @return the status of the receive
     */
    Status sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag);

    /**
     * Starts a send ({@code Isend}). Messages below ccr-mpi's zero-copy threshold (256 elements)
     * are copied at once and the request is complete on return; larger ones lend {@code buf} to
     * the receiver, and the request completes when the receiver has copied them out, so the buffer
     * must not be modified before then (as MPI requires of any {@code Isend}).
     *
     * @param buf the send buffer
     * @param offset index of the first element
     * @param count number of elements
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the request; the buffer may be reused once it is complete
     */
    Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Starts a receive ({@code Irecv}). Matching happens in the order receives are posted: of two
     * pending receives that both match a message, the one posted first gets it.
     *
     * @param buf the receive buffer, written before the request completes
     * @param offset index of the first element to write
     * @param count capacity in elements
     * @param type datatype of {@code buf}
     * @param source a rank or {@link #ANY_SOURCE}
     * @param tag a tag or {@link #ANY_TAG}
     * @return the request
     */
    Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag);

    /**
     * Waits until a matching message is available and returns its status without receiving it
     * ({@code Probe}).
     *
     * @param source a rank or {@link #ANY_SOURCE}
     * @param tag a tag or {@link #ANY_TAG}
     * @return the status of the message a receive with the same arguments would match next
     */
    Status probe(int source, int tag);

    /**
     * Returns the status of a matching message if one is available, without receiving it
     * ({@code Iprobe}).
     *
     * @param source a rank or {@link #ANY_SOURCE}
     * @param tag a tag or {@link #ANY_TAG}
     * @return the status, or {@code null} if no matching message has arrived
     * @throws MpiException of class {@link MpiException.ErrorClass#ABORTED} if none has arrived
     *     and the world has ended (so that a rank polling in a loop stops with the others)
     */
    Status iprobe(int source, int tag);

    /** Blocks until every rank of the communicator has called {@code barrier} ({@code Barrier}). */
    void barrier();

    /**
     * Copies {@code count} elements of the root's buffer into every rank's buffer ({@code Bcast}).
     *
     * @param buf the buffer: read at the root, written elsewhere
     * @param offset index of the first element
     * @param count number of elements
     * @param type datatype of {@code buf}
     * @param root the rank whose buffer is broadcast
     */
    void bcast(Object buf, int offset, int count, Datatype type, int root);

    /**
     * Combines the ranks' send buffers element by element with {@code op} into the root's receive
     * buffer ({@code Reduce}).
     *
     * @param sendbuf this rank's operands, or {@link #IN_PLACE} at the root (its operands are in
     *     {@code recvbuf})
     * @param sendoffset index of the first operand
     * @param recvbuf the result buffer, written at the root only (may be {@code null} elsewhere)
     * @param recvoffset index of the first result element
     * @param count number of elements
     * @param type datatype of both buffers
     * @param op the operation
     * @param root the rank receiving the result
     */
    void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root);

    /**
     * Combines the ranks' send buffers element by element with {@code op} into every rank's
     * receive buffer ({@code Allreduce}).
     *
     * @param sendbuf this rank's operands, or {@link #IN_PLACE} (they are in {@code recvbuf})
     * @param sendoffset index of the first operand
     * @param recvbuf the result buffer
     * @param recvoffset index of the first result element
     * @param count number of elements
     * @param type datatype of both buffers
     * @param op the operation
     */
    void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op);

    /**
     * Collects {@code sendcount} elements from every rank, in rank order, into the root's receive
     * buffer ({@code Gather}): rank {@code i}'s block lands at
     * {@code recvoffset + i * recvcount * recvtype.extent()}.
     *
     * @param sendbuf this rank's block, or {@link #IN_PLACE} at the root (its block is already in
     *     place)
     * @param sendoffset index of its first element
     * @param sendcount elements per rank
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the result buffer, used at the root only (may be {@code null} elsewhere)
     * @param recvoffset index of the first result element
     * @param recvcount elements received from each rank
     * @param recvtype datatype of {@code recvbuf}
     * @param root the collecting rank
     */
    void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root);

    /**
     * Distributes consecutive blocks of the root's send buffer, one per rank in rank order
     * ({@code Scatter}): rank {@code i} receives the block at
     * {@code sendoffset + i * sendcount * sendtype.extent()}.
     *
     * @param sendbuf the blocks, used at the root only (may be {@code null} elsewhere)
     * @param sendoffset index of the first block's first element
     * @param sendcount elements sent to each rank
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf this rank's block, or {@link #IN_PLACE} at the root (its block stays in place)
     * @param recvoffset index of its first element
     * @param recvcount elements per rank
     * @param recvtype datatype of {@code recvbuf}
     * @param root the distributing rank
     */
    void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root);

    /**
     * Gathers every rank's block, in rank order, into every rank's receive buffer
     * ({@code Allgather}).
     *
     * @param sendbuf this rank's block, or {@link #IN_PLACE} (it is already in {@code recvbuf})
     * @param sendoffset index of its first element
     * @param sendcount elements per rank
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the result buffer
     * @param recvoffset index of the first result element
     * @param recvcount elements received from each rank
     * @param recvtype datatype of {@code recvbuf}
     */
    void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Sends block {@code j} of every rank's send buffer to rank {@code j}, which stores the block
     * from rank {@code i} at {@code recvoffset + i * recvcount} ({@code Alltoall}). With
     * {@link #IN_PLACE} as {@code sendbuf} the outgoing blocks are those of {@code recvbuf}
     * (laid out as the incoming ones), each replaced by the block received in its place; the
     * send arguments are then ignored.
     *
     * @param sendbuf the outgoing blocks, one per rank, or {@link #IN_PLACE}
     * @param sendoffset index of the first block's first element
     * @param sendcount elements per block
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the incoming blocks
     * @param recvoffset index of the first incoming element
     * @param recvcount elements per incoming block
     * @param recvtype datatype of {@code recvbuf}
     */
    void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Partitions the communicator ({@code Split}, a collective): ranks calling with the same
     * {@code color} form a new communicator, ranked by {@code key} then by their rank here.
     *
     * @param color a non-negative color, or {@link #UNDEFINED} for no new communicator
     * @param key the ordering key within the color
     * @return the new communicator, or {@code null} if {@code color} was {@link #UNDEFINED}
     */
    Comm split(int color, int key);

    // ================================================================== point to point: modes

    /**
     * Synchronous send ({@code Ssend}): returns once the matching receive has taken the message,
     * so the receiver has reached that receive.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items, {@code >= 0}
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag, {@code >= 0}
     */
    void ssend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Buffered send ({@code Bsend}): copies the message into the buffer attached with
     * {@link #bufferAttach} and returns. In one JVM the copy reaches the receiver's mailbox
     * before {@code bsend} returns, so a message holds no space after the call; the attached
     * capacity bounds each message ({@link Datatype#packSize} plus {@link #BSEND_OVERHEAD};
     * {@code OBJECT} elements count 8 bytes each).
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items, {@code >= 0}
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag, {@code >= 0}
     * @throws MpiException of class {@link MpiException.ErrorClass#BUFFER} if no buffer is
     *     attached or the message does not fit it
     */
    void bsend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Ready send ({@code Rsend}): the matching receive must already be posted, as MPI requires
     * (a program that cannot guarantee it is erroneous); then as {@link #send}.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items, {@code >= 0}
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag, {@code >= 0}
     */
    void rsend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Starts a synchronous send ({@code Issend}): the request completes once the matching receive
     * has taken the message; the buffer must not change before then.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the request
     */
    Request issend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Starts a buffered send ({@code Ibsend}); as {@link #bsend}, and the request is complete on
     * return.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the request
     * @throws MpiException as {@link #bsend}
     */
    Request ibsend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Starts a ready send ({@code Irsend}); as {@link #isend}, with {@link #rsend}'s requirement.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the request
     */
    Request irsend(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * Attaches a buffer of {@code size} bytes for buffered sends ({@code Buffer_attach}); one per
     * rank, shared by all its communicators.
     *
     * @param size the capacity in bytes, {@code >= 0}
     * @throws MpiException of class {@link MpiException.ErrorClass#BUFFER} if a buffer is already
     *     attached, {@link MpiException.ErrorClass#COUNT} if {@code size < 0}
     */
    void bufferAttach(int size);

    /**
     * Detaches the buffer of buffered sends ({@code Buffer_detach}); its messages have all been
     * delivered already.
     *
     * @return the capacity that was attached, in bytes
     * @throws MpiException of class {@link MpiException.ErrorClass#BUFFER} if none is attached
     */
    int bufferDetach();

    /**
     * Sends {@code count} items of {@code buf} to {@code dest} and replaces them with a message
     * received from {@code source} ({@code Sendrecv_replace}).
     *
     * @param buf the buffer, sent and then overwritten
     * @param offset index of the first item
     * @param count number of items sent, and the receive's capacity
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param sendtag tag of the message sent
     * @param source a rank or {@link #ANY_SOURCE}
     * @param recvtag a tag or {@link #ANY_TAG}
     * @return the status of the receive
     */
    Status sendrecvReplace(Object buf, int offset, int count, Datatype type, int dest, int sendtag, int source,
            int recvtag);

    // ================================================================== point to point: persistent requests

    /**
     * A persistent standard send ({@code Send_init}): each {@link PersistentRequest#start()} is an
     * {@link #isend} of the buffer's current contents.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the inactive request
     */
    PersistentRequest sendInit(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * A persistent synchronous send ({@code Ssend_init}), started as {@link #issend}.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the inactive request
     */
    PersistentRequest ssendInit(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * A persistent buffered send ({@code Bsend_init}), started as {@link #ibsend}.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the inactive request
     */
    PersistentRequest bsendInit(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * A persistent ready send ({@code Rsend_init}), started as {@link #irsend}.
     *
     * @param buf the send buffer
     * @param offset index of the first item
     * @param count number of items
     * @param type datatype of {@code buf}
     * @param dest destination rank
     * @param tag message tag
     * @return the inactive request
     */
    PersistentRequest rsendInit(Object buf, int offset, int count, Datatype type, int dest, int tag);

    /**
     * A persistent receive ({@code Recv_init}), started as {@link #irecv}.
     *
     * @param buf the receive buffer
     * @param offset index of the first item
     * @param count capacity in items
     * @param type datatype of {@code buf}
     * @param source a rank or {@link #ANY_SOURCE}
     * @param tag a tag or {@link #ANY_TAG}
     * @return the inactive request
     */
    PersistentRequest recvInit(Object buf, int offset, int count, Datatype type, int source, int tag);

    // ================================================================== collectives: v-forms, reduce-scatter, scan

    /**
     * Gathers a varying number of items from each rank into the root's buffer ({@code Gatherv}):
     * rank {@code i}'s {@code recvcounts[i]} items land at {@code recvoffset + displs[i] * extent}.
     *
     * @param sendbuf this rank's items, or {@link #IN_PLACE} at the root (its block is already in
     *     place)
     * @param sendoffset index of the first item sent
     * @param sendcount items sent by this rank
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the result buffer, used at the root only
     * @param recvoffset index the displacements count from
     * @param recvcounts items received from each rank (root only)
     * @param displs each rank's block, in extents of {@code recvtype} (root only)
     * @param recvtype datatype of {@code recvbuf}
     * @param root the collecting rank
     */
    void gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
            int[] recvcounts, int[] displs, Datatype recvtype, int root);

    /**
     * Distributes blocks of varying size of the root's buffer ({@code Scatterv}): rank {@code i}
     * receives {@code sendcounts[i]} items from {@code sendoffset + displs[i] * extent}.
     *
     * @param sendbuf the blocks, used at the root only
     * @param sendoffset index the displacements count from
     * @param sendcounts items sent to each rank (root only)
     * @param displs each rank's block, in extents of {@code sendtype} (root only)
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf this rank's block, or {@link #IN_PLACE} at the root (its block stays in place)
     * @param recvoffset index of the first item received
     * @param recvcount capacity in items
     * @param recvtype datatype of {@code recvbuf}
     * @param root the distributing rank
     */
    void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype, int root);

    /**
     * Gathers a varying number of items from each rank into every rank's buffer
     * ({@code Allgatherv}).
     *
     * @param sendbuf this rank's items, or {@link #IN_PLACE} (its block is already in
     *     {@code recvbuf})
     * @param sendoffset index of the first item sent
     * @param sendcount items sent by this rank
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the result buffer
     * @param recvoffset index the displacements count from
     * @param recvcounts items received from each rank
     * @param displs each rank's block, in extents of {@code recvtype}
     * @param recvtype datatype of {@code recvbuf}
     */
    void allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
            int[] recvcounts, int[] displs, Datatype recvtype);

    /**
     * Sends {@code sendcounts[j]} items from {@code sdispls[j]} to rank {@code j}, which stores
     * them at {@code rdispls[i]} for sender {@code i} ({@code Alltoallv}). With {@link #IN_PLACE}
     * as {@code sendbuf} the outgoing blocks are those of {@code recvbuf} at {@code rdispls}, so
     * every rank sends to {@code j} as many items as it receives from {@code j}; the send
     * arguments are then ignored (they may be {@code null}).
     *
     * @param sendbuf the outgoing blocks, or {@link #IN_PLACE}
     * @param sendoffset index the send displacements count from
     * @param sendcounts items sent to each rank
     * @param sdispls each outgoing block, in extents of {@code sendtype}
     * @param sendtype datatype of {@code sendbuf}
     * @param recvbuf the incoming blocks
     * @param recvoffset index the receive displacements count from
     * @param recvcounts items received from each rank
     * @param rdispls each incoming block, in extents of {@code recvtype}
     * @param recvtype datatype of {@code recvbuf}
     */
    void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype);

    /**
     * Reduces the ranks' buffers element by element and scatters the result: rank {@code i}
     * receives {@code recvcounts[i]} items, the block after those of the ranks below it
     * ({@code Reduce_scatter}).
     *
     * @param sendbuf this rank's operands ({@code sum(recvcounts)} items), or {@link #IN_PLACE}
     *     (they are in {@code recvbuf}, which must then hold them all)
     * @param sendoffset index of the first operand
     * @param recvbuf this rank's block of the result
     * @param recvoffset index of its first item
     * @param recvcounts items of the result each rank receives
     * @param type datatype of both buffers
     * @param op the operation
     */
    void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype type, Op op);

    /**
     * Inclusive prefix reduction ({@code Scan}): rank {@code i} receives
     * {@code x0 op x1 op ... op xi}, element by element.
     *
     * @param sendbuf this rank's operands, or {@link #IN_PLACE} (they are in {@code recvbuf})
     * @param sendoffset index of the first operand
     * @param recvbuf the result buffer
     * @param recvoffset index of the first result item
     * @param count number of items
     * @param type datatype of both buffers
     * @param op the operation
     */
    void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type, Op op);

    // =============================================================================================
    // Groups, communicator management, intercommunicators, topologies and environment
    // (MPI-1 chapters 5-7). Kept together in this section, apart from the operations above.
    // =============================================================================================

    /**
     * The null process ({@code MPI.PROC_NULL}): a send to it or a receive from it completes at once
     * and moves no data; a receive from it yields a status with source {@code PROC_NULL}, tag
     * {@link #ANY_TAG} and count 0. {@link CartComm#shift} returns it past a non-periodic edge.
     */
    int PROC_NULL = -3;

    /**
     * The root of an intercommunicator collective ({@code MPI.ROOT}): in a rooted collective on an
     * {@link Intercomm} (bcast, reduce, gather(v), scatter(v)), the root passes {@code ROOT}, the
     * other ranks of its group pass {@link #PROC_NULL}, and every rank of the remote group passes
     * the root's rank in the root's group.
     */
    int ROOT = -4;

    /**
     * The group of this communicator's ranks, in rank order ({@code Group()}).
     *
     * @return the group; for an {@link Intercomm} the local group
     */
    Group group();

    /**
     * The communicator holding only this rank ({@code MPI.COMM_SELF}); the same for every
     * communicator of the rank.
     *
     * @return a communicator of size 1
     */
    Comm self();

    /**
     * A new communicator with the same group and topology but its own context ({@code Dup}, a
     * collective): its traffic never matches this communicator's.
     *
     * @return the duplicate, of the same kind ({@link CartComm}, {@link GraphComm} or plain)
     */
    Comm dup();

    /**
     * A new communicator of the ranks of {@code group} ({@code Create}, a collective): every rank
     * of this communicator calls it with the same group, a subset of this communicator's.
     *
     * @param group a subgroup of {@link #group()}
     * @return the new communicator, ranked in {@code group}'s order, or {@code null} on ranks
     *     that are not in {@code group}
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if {@code group} has a
     *     rank that is not in this communicator
     */
    Comm create(Group group);

    /**
     * A new communicator of the ranks of {@code group} ({@code MPI_Comm_create_group}), collective
     * over the group's members only: the ranks of this communicator outside {@code group} do not
     * call it and stay in step on this communicator (its collectives and later communicator
     * constructions are unaffected). The members call it with the same group and tag; two calls
     * with the same group and tag on this communicator, or with different tags, or on different
     * groups (also at the same time, on disjoint groups) make different communicators. No
     * message is exchanged: each member derives the new context alike.
     *
     * @param group a subgroup of {@link #group()} that holds the calling rank
     * @param tag a tag {@code >= 0} telling apart calls on the same group
     * @return the new communicator, ranked in {@code group}'s order
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the calling rank is not
     *     in {@code group}, if {@code group} has a rank that is not in this communicator, or on
     *     an intercommunicator; of class {@link MpiException.ErrorClass#TAG} for a negative tag
     */
    Comm createGroup(Group group, int tag);

    /**
     * Compares this communicator with another of the same rank ({@code Compare}).
     *
     * @param other another communicator
     * @return {@link Comparison#IDENT} for the same communicator, {@link Comparison#CONGRUENT} for
     *     the same ranks in the same order in another context, {@link Comparison#SIMILAR} for the
     *     same ranks in another order, {@link Comparison#UNEQUAL} otherwise
     */
    Comparison compare(Comm other);

    /**
     * Releases this communicator ({@code Free}): afterwards every call on it throws
     * {@link MpiException} of class {@link MpiException.ErrorClass#ARG}. The world communicator and
     * {@link #self()} cannot be freed.
     */
    void free();

    /**
     * Whether {@link #free()} was called.
     *
     * @return {@code true} once freed
     */
    boolean isFreed();

    /**
     * Whether this is an {@link Intercomm} ({@code Test_inter}).
     *
     * @return {@code true} for an intercommunicator
     */
    boolean isInter();

    /**
     * Makes an intercommunicator between this communicator's group and another, disjoint group
     * ({@code Intercomm_create}, a collective over this communicator): the two leaders talk over
     * {@code peer} with {@code tag}, then each tells its group.
     *
     * @param localLeader the rank of this communicator that leads this group
     * @param peer a communicator holding both leaders; used at the leader only (may be
     *     {@code null} elsewhere)
     * @param remoteLeader the other group's leader, as a rank of {@code peer}; used at the leader only
     * @param tag a tag for the leaders' messages on {@code peer}, {@code >= 0}
     * @return the intercommunicator
     * @throws MpiException of class {@link MpiException.ErrorClass#ROOT} for a bad leader,
     *     {@link MpiException.ErrorClass#ARG} if the groups overlap
     */
    Intercomm createIntercomm(int localLeader, Comm peer, int remoteLeader, int tag);

    /**
     * Ends the whole world ({@code Abort}): every rank's pending and later calls fail with
     * {@link MpiException.ErrorClass#ABORTED}, and {@link SpmdWorld#run} throws a
     * {@link RankFailedException} naming this rank and {@code errorCode}. Never returns normally.
     *
     * @param errorCode the code reported
     * @throws MpiException of class {@link MpiException.ErrorClass#ABORTED}, always, so that the
     *     calling rank stops too
     */
    void abort(int errorCode);

    /**
     * Makes a communicator with a Cartesian topology ({@code Create_cart}, a collective): the first
     * {@code product(dims)} ranks, in this communicator's order (a valid result of
     * {@code reorder}, which is accepted and not otherwise used).
     *
     * @param dims the extent of each dimension, each {@code >= 1}
     * @param periods whether each dimension wraps around
     * @param reorder whether ranks may be renumbered
     * @return the grid communicator, or {@code null} on ranks beyond {@code product(dims)}
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} if the arrays differ in
     *     length, an extent is below 1, or the grid has more points than this communicator ranks
     */
    CartComm createCart(int[] dims, boolean[] periods, boolean reorder);

    /**
     * Makes a communicator with a graph topology ({@code Create_graph}, a collective) over the
     * first {@code index.length} ranks.
     *
     * @param index cumulative neighbour counts, non-decreasing
     * @param edges the concatenated neighbour lists, nodes in {@code [0, index.length)}
     * @param reorder whether ranks may be renumbered (accepted; ranks keep their order)
     * @return the graph communicator, or {@code null} on ranks beyond {@code index.length}
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} for a malformed graph or
     *     one with more nodes than this communicator has ranks
     */
    GraphComm createGraph(int[] index, int[] edges, boolean reorder);

    /**
     * The rank this rank would have in the grid {@link #createCart} makes ({@code MPI_Cart_map}):
     * a local call that creates nothing. Ranks keep their order in a grid, so this is
     * {@link #rank()} for the first {@code product(dims)} ranks.
     *
     * @param dims the extent of each dimension, each {@code >= 1}
     * @param periods whether each dimension wraps around
     * @return the rank in the grid, or {@link #UNDEFINED} on ranks beyond it
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} as {@link #createCart}
     */
    default int cartMap(int[] dims, boolean[] periods) {
        return io.ccrj.mpi.internal.Topologies.cartMap(rank(), size(), dims, periods);
    }

    /**
     * The rank this rank would have in the graph {@link #createGraph} makes
     * ({@code MPI_Graph_map}): a local call that creates nothing; {@link #rank()} for the first
     * {@code index.length} ranks.
     *
     * @param index cumulative neighbour counts, non-decreasing
     * @param edges the concatenated neighbour lists, nodes in {@code [0, index.length)}
     * @return the rank in the graph, or {@link #UNDEFINED} on ranks beyond it
     * @throws MpiException of class {@link MpiException.ErrorClass#ARG} as {@link #createGraph}
     */
    default int graphMap(int[] index, int[] edges) {
        return io.ccrj.mpi.internal.Topologies.graphMap(rank(), size(), index, edges);
    }

    /**
     * The thread level of this rank ({@code Query_thread}); the same for all its communicators.
     *
     * @return on ccr-mpi's backend {@link ThreadLevel#FUNNELED} unless {@link #requestThreadLevel}
     *     changed it; on the MPJ Express adapter {@link ThreadLevel#MULTIPLE}
     */
    ThreadLevel threadLevel();

    /**
     * Asks for a thread level for this rank ({@code Init_thread}): the level provided is
     * {@code required}, on ccr-mpi's own backend every level (see {@link ThreadLevel}). Call it
     * from the rank's thread before other threads of the rank call: once a rank runs at
     * {@link ThreadLevel#MULTIPLE} it stays there, and later requests return {@code MULTIPLE}
     * (MPI allows a level above the one required). A backend may provide a level other than the
     * one required (MPI allows both directions): the MPJ Express adapter always runs at
     * {@link ThreadLevel#MULTIPLE}, as MPJ Express itself does.
     *
     * @param required the level wanted
     * @return the level provided, now in effect for every communicator of this rank
     */
    ThreadLevel requestThreadLevel(ThreadLevel required);

    // ------------------------------------------------------------------ MPI-3

    /** The {@link #splitType} type of ranks that share memory: on ccr-mpi, every rank of the JVM ({@code MPI_COMM_TYPE_SHARED}). */
    int COMM_TYPE_SHARED = 1;

    /**
     * Starts a barrier ({@code MPI_Ibarrier}): the request completes once every rank has started it.
     *
     * @return the request
     */
    Request ibarrier();

    /**
     * Starts a {@link #bcast} ({@code MPI_Ibcast}).
     *
     * @param buf the buffer: the data at the root, the result elsewhere
     * @param offset first index
     * @param count items
     * @param type datatype
     * @param root the broadcasting rank
     * @return the request; the buffer holds the root's items once it completes
     */
    Request ibcast(Object buf, int offset, int count, Datatype type, int root);

    /**
     * Starts a {@link #reduce} ({@code MPI_Ireduce}); {@link #IN_PLACE} as {@code sendbuf} at the root.
     *
     * @param sendbuf operands
     * @param sendoffset first operand index
     * @param recvbuf result buffer (significant at the root)
     * @param recvoffset first result index
     * @param count items
     * @param type datatype
     * @param op the operation
     * @param root the rank that gets the result
     * @return the request
     */
    Request ireduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type, Op op,
            int root);

    /**
     * Starts an {@link #allreduce} ({@code MPI_Iallreduce}); {@link #IN_PLACE} as {@code sendbuf}
     * takes the operands from {@code recvbuf}.
     *
     * @param sendbuf operands
     * @param sendoffset first operand index
     * @param recvbuf result buffer
     * @param recvoffset first result index
     * @param count items
     * @param type datatype
     * @param op the operation
     * @return the request; {@code recvbuf} holds the result once it completes
     */
    Request iallreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op);

    /**
     * Starts a {@link #gather} ({@code MPI_Igather}).
     *
     * @param sendbuf this rank's block ({@link #IN_PLACE} at the root)
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf the root's result buffer
     * @param recvoffset first index
     * @param recvcount items per rank
     * @param recvtype receive datatype
     * @param root the gathering rank
     * @return the request
     */
    Request igather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
            int recvcount, Datatype recvtype, int root);

    /**
     * Starts a {@link #gatherv} ({@code MPI_Igatherv}).
     *
     * @param sendbuf this rank's block ({@link #IN_PLACE} at the root)
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf the root's result buffer
     * @param recvoffset index the displacements count from
     * @param recvcounts items per rank
     * @param displs each rank's block start, in extents of {@code recvtype}
     * @param recvtype receive datatype
     * @param root the gathering rank
     * @return the request
     */
    Request igatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
            int[] recvcounts, int[] displs, Datatype recvtype, int root);

    /**
     * Starts a {@link #scatter} ({@code MPI_Iscatter}).
     *
     * @param sendbuf the root's blocks
     * @param sendoffset first index
     * @param sendcount items per rank
     * @param sendtype send datatype
     * @param recvbuf this rank's block ({@link #IN_PLACE} at the root)
     * @param recvoffset first index
     * @param recvcount items received
     * @param recvtype receive datatype
     * @param root the scattering rank
     * @return the request
     */
    Request iscatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
            int recvcount, Datatype recvtype, int root);

    /**
     * Starts a {@link #scatterv} ({@code MPI_Iscatterv}).
     *
     * @param sendbuf the root's blocks
     * @param sendoffset index the displacements count from
     * @param sendcounts items per rank
     * @param displs each rank's block start, in extents of {@code sendtype}
     * @param sendtype send datatype
     * @param recvbuf this rank's block ({@link #IN_PLACE} at the root)
     * @param recvoffset first index
     * @param recvcount items received
     * @param recvtype receive datatype
     * @param root the scattering rank
     * @return the request
     */
    Request iscatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root);

    /**
     * Starts an {@link #allgather} ({@code MPI_Iallgather}).
     *
     * @param sendbuf this rank's block ({@link #IN_PLACE}: already in {@code recvbuf})
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf result buffer
     * @param recvoffset first index
     * @param recvcount items per rank
     * @param recvtype receive datatype
     * @return the request
     */
    Request iallgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Starts an {@link #allgatherv} ({@code MPI_Iallgatherv}).
     *
     * @param sendbuf this rank's block ({@link #IN_PLACE}: already in {@code recvbuf})
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf result buffer
     * @param recvoffset index the displacements count from
     * @param recvcounts items per rank
     * @param displs each rank's block start, in extents of {@code recvtype}
     * @param recvtype receive datatype
     * @return the request
     */
    Request iallgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype);

    /**
     * Starts an {@link #alltoall} ({@code MPI_Ialltoall}).
     *
     * @param sendbuf blocks for each rank ({@link #IN_PLACE}: taken from {@code recvbuf})
     * @param sendoffset first index
     * @param sendcount items per rank
     * @param sendtype send datatype
     * @param recvbuf result buffer
     * @param recvoffset first index
     * @param recvcount items per rank
     * @param recvtype receive datatype
     * @return the request
     */
    Request ialltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Starts an {@link #alltoallv} ({@code MPI_Ialltoallv}).
     *
     * @param sendbuf blocks for each rank ({@link #IN_PLACE}: taken from {@code recvbuf})
     * @param sendoffset index the send displacements count from
     * @param sendcounts items for each rank
     * @param sdispls each send block's start, in extents of {@code sendtype}
     * @param sendtype send datatype
     * @param recvbuf result buffer
     * @param recvoffset index the receive displacements count from
     * @param recvcounts items from each rank
     * @param rdispls each receive block's start, in extents of {@code recvtype}
     * @param recvtype receive datatype
     * @return the request
     */
    Request ialltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype);

    /**
     * All-to-all with a count, a displacement and a datatype per block ({@code MPI_Alltoallw}).
     * Displacements are in elements of the buffer's base type (MPI's are in bytes); block
     * {@code j} of the send buffer goes to rank {@code j}. {@link #IN_PLACE} as {@code sendbuf}
     * takes the blocks from {@code recvbuf} with the receive counts, displacements and datatypes.
     *
     * @param sendbuf send buffer
     * @param sendcounts items for each rank
     * @param sdispls each send block's first element
     * @param sendtypes each send block's datatype
     * @param recvbuf receive buffer
     * @param recvcounts items from each rank
     * @param rdispls each receive block's first element
     * @param recvtypes each receive block's datatype
     */
    void alltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes);

    /**
     * Starts an {@link #alltoallw} ({@code MPI_Ialltoallw}).
     *
     * @param sendbuf send buffer
     * @param sendcounts items for each rank
     * @param sdispls each send block's first element
     * @param sendtypes each send block's datatype
     * @param recvbuf receive buffer
     * @param recvcounts items from each rank
     * @param rdispls each receive block's first element
     * @param recvtypes each receive block's datatype
     * @return the request
     */
    Request ialltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes);

    /**
     * Starts a {@link #reduceScatter} ({@code MPI_Ireduce_scatter}).
     *
     * @param sendbuf operands: {@code sum(recvcounts)} items ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf this rank's block of the result
     * @param recvoffset first index
     * @param recvcounts items of the result each rank gets
     * @param type datatype
     * @param op the operation
     * @return the request
     */
    Request ireduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype type, Op op);

    /**
     * Reduce-scatter with equal blocks ({@code MPI_Reduce_scatter_block}): the reduction of
     * {@code size() * recvcount} items, rank {@code i} getting items {@code i * recvcount ..}.
     *
     * @param sendbuf operands ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf this rank's block of the result
     * @param recvoffset first index
     * @param recvcount items each rank gets
     * @param type datatype
     * @param op the operation
     */
    void reduceScatterBlock(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int recvcount,
            Datatype type, Op op);

    /**
     * Starts a {@link #reduceScatterBlock} ({@code MPI_Ireduce_scatter_block}).
     *
     * @param sendbuf operands ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf this rank's block of the result
     * @param recvoffset first index
     * @param recvcount items each rank gets
     * @param type datatype
     * @param op the operation
     * @return the request
     */
    Request ireduceScatterBlock(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int recvcount,
            Datatype type, Op op);

    /**
     * Starts a {@link #scan} ({@code MPI_Iscan}).
     *
     * @param sendbuf operands ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf result buffer
     * @param recvoffset first result index
     * @param count items
     * @param type datatype
     * @param op the operation
     * @return the request
     */
    Request iscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type, Op op);

    /**
     * Exclusive prefix reduction ({@code MPI_Exscan}): rank {@code i} gets
     * {@code x0 op ... op x(i-1)}; rank 0's receive buffer is left unchanged (MPI leaves it undefined).
     *
     * @param sendbuf operands ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf result buffer
     * @param recvoffset first result index
     * @param count items
     * @param type datatype
     * @param op the operation
     */
    void exscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type, Op op);

    /**
     * Starts an {@link #exscan} ({@code MPI_Iexscan}).
     *
     * @param sendbuf operands ({@link #IN_PLACE}: from {@code recvbuf})
     * @param sendoffset first operand index
     * @param recvbuf result buffer
     * @param recvoffset first result index
     * @param count items
     * @param type datatype
     * @param op the operation
     * @return the request
     */
    Request iexscan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type, Op op);

    /**
     * Sends one block to every destination of this communicator's topology and receives one from
     * every source ({@code MPI_Neighbor_allgather}): block {@code j} of {@code recvbuf} comes from
     * source {@code j}. Neighbours: for a Cartesian topology, for each dimension the ranks at
     * displacement -1 and +1 ({@link CartComm#shift}; {@link #PROC_NULL} at a non-periodic edge,
     * whose block is left unchanged); for a graph, {@link GraphComm#neighbours}; for a distributed
     * graph, {@link DistGraphComm#sources()} and {@link DistGraphComm#destinations()}.
     *
     * @param sendbuf this rank's block
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset first index
     * @param recvcount items per source
     * @param recvtype receive datatype
     * @throws MpiException of class {@link MpiException.ErrorClass#TOPOLOGY} without a topology
     */
    void neighborAllgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * {@link #neighborAllgather} with a count and a displacement (in extents of {@code recvtype})
     * per source ({@code MPI_Neighbor_allgatherv}).
     *
     * @param sendbuf this rank's block
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset index the displacements count from
     * @param recvcounts items per source
     * @param displs each source's block start
     * @param recvtype receive datatype
     */
    void neighborAllgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype);

    /**
     * Sends block {@code k} of {@code sendbuf} to destination {@code k} and receives block
     * {@code j} of {@code recvbuf} from source {@code j} ({@code MPI_Neighbor_alltoall}): a halo
     * exchange in one call. Neighbours as {@link #neighborAllgather}.
     *
     * @param sendbuf one block per destination
     * @param sendoffset first index
     * @param sendcount items per destination
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset first index
     * @param recvcount items per source
     * @param recvtype receive datatype
     */
    void neighborAlltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * {@link #neighborAlltoall} with counts and displacements (in extents of the datatypes) per
     * neighbour ({@code MPI_Neighbor_alltoallv}).
     *
     * @param sendbuf send buffer
     * @param sendoffset index the send displacements count from
     * @param sendcounts items per destination
     * @param sdispls each destination's block start
     * @param sendtype send datatype
     * @param recvbuf receive buffer
     * @param recvoffset index the receive displacements count from
     * @param recvcounts items per source
     * @param rdispls each source's block start
     * @param recvtype receive datatype
     */
    void neighborAlltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype);

    /**
     * {@link #neighborAlltoall} with a count, a displacement (in elements of the base type) and a
     * datatype per neighbour ({@code MPI_Neighbor_alltoallw}).
     *
     * @param sendbuf send buffer
     * @param sendcounts items per destination
     * @param sdispls each destination's block's first element
     * @param sendtypes each destination's datatype
     * @param recvbuf receive buffer
     * @param recvcounts items per source
     * @param rdispls each source's block's first element
     * @param recvtypes each source's datatype
     */
    void neighborAlltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes);

    /**
     * Starts a {@link #neighborAllgather} ({@code MPI_Ineighbor_allgather}).
     *
     * @param sendbuf this rank's block
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset first index
     * @param recvcount items per source
     * @param recvtype receive datatype
     * @return the request
     */
    Request ineighborAllgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Starts a {@link #neighborAllgatherv} ({@code MPI_Ineighbor_allgatherv}).
     *
     * @param sendbuf this rank's block
     * @param sendoffset first index
     * @param sendcount items sent
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset index the displacements count from
     * @param recvcounts items per source
     * @param displs each source's block start
     * @param recvtype receive datatype
     * @return the request
     */
    Request ineighborAllgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype);

    /**
     * Starts a {@link #neighborAlltoall} ({@code MPI_Ineighbor_alltoall}).
     *
     * @param sendbuf one block per destination
     * @param sendoffset first index
     * @param sendcount items per destination
     * @param sendtype send datatype
     * @param recvbuf one block per source
     * @param recvoffset first index
     * @param recvcount items per source
     * @param recvtype receive datatype
     * @return the request
     */
    Request ineighborAlltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int recvcount, Datatype recvtype);

    /**
     * Starts a {@link #neighborAlltoallv} ({@code MPI_Ineighbor_alltoallv}).
     *
     * @param sendbuf send buffer
     * @param sendoffset index the send displacements count from
     * @param sendcounts items per destination
     * @param sdispls each destination's block start
     * @param sendtype send datatype
     * @param recvbuf receive buffer
     * @param recvoffset index the receive displacements count from
     * @param recvcounts items per source
     * @param rdispls each source's block start
     * @param recvtype receive datatype
     * @return the request
     */
    Request ineighborAlltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype);

    /**
     * Starts a {@link #neighborAlltoallw} ({@code MPI_Ineighbor_alltoallw}).
     *
     * @param sendbuf send buffer
     * @param sendcounts items per destination
     * @param sdispls each destination's block's first element
     * @param sendtypes each destination's datatype
     * @param recvbuf receive buffer
     * @param recvcounts items per source
     * @param rdispls each source's block's first element
     * @param recvtypes each source's datatype
     * @return the request
     */
    Request ineighborAlltoallw(Object sendbuf, int[] sendcounts, int[] sdispls, Datatype[] sendtypes, Object recvbuf,
            int[] recvcounts, int[] rdispls, Datatype[] recvtypes);

    /**
     * Makes a communicator with a distributed-graph topology from edges any rank may name
     * ({@code MPI_Dist_graph_create}; collective): this rank names {@code degrees[i]} edges from
     * {@code sources[i]}, their destinations the next {@code degrees[i]} entries of
     * {@code destinations}. Every rank learns its own in- and out-edges, ordered by the naming rank
     * and then by position. Ranks keep their numbers ({@code reorder} is accepted and ignored).
     *
     * @param sources ranks this rank names edges from
     * @param degrees how many edges from each of them
     * @param destinations the edges' destinations, grouped by source
     * @param weights one weight per edge, or {@code null} (unweighted; then every rank passes {@code null})
     * @param reorder ignored
     * @return the new communicator
     */
    DistGraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, boolean reorder);

    /**
     * Makes a communicator with a distributed-graph topology from each rank's own neighbours
     * ({@code MPI_Dist_graph_create_adjacent}; collective). Every edge must be named at both ends
     * (rank {@code a} lists {@code b} as a destination exactly as often as {@code b} lists {@code a}
     * as a source).
     *
     * @param sources the ranks this rank receives from
     * @param sourceWeights their weights, or {@code null}
     * @param destinations the ranks this rank sends to
     * @param destWeights their weights, or {@code null}
     * @param reorder ignored
     * @return the new communicator
     */
    DistGraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations, int[] destWeights,
            boolean reorder);

    /**
     * Blocks until a message matches and takes it off the queue for this thread alone
     * ({@code MPI_Mprobe}): no other receive or probe, from any thread, can match it any more, so
     * probe-then-receive does not race at {@link ThreadLevel#MULTIPLE}.
     *
     * @param source rank or {@link #ANY_SOURCE}
     * @param tag tag or {@link #ANY_TAG}
     * @return the matched message, to receive with {@link MatchedMessage#recv}
     */
    MatchedMessage mprobe(int source, int tag);

    /**
     * {@link #mprobe} without blocking ({@code MPI_Improbe}).
     *
     * @param source rank or {@link #ANY_SOURCE}
     * @param tag tag or {@link #ANY_TAG}
     * @return the matched message, or {@code null} if none is there
     */
    MatchedMessage improbe(int source, int tag);

    /**
     * Splits this communicator into groups of ranks that share a resource ({@code MPI_Comm_split_type};
     * collective). With {@link #COMM_TYPE_SHARED} every rank of one ccr-mpi world shares memory (the
     * ranks are threads of one JVM), so the result has every rank that passed that type, ordered by
     * {@code key} and then by rank.
     *
     * @param splitType {@link #COMM_TYPE_SHARED} or {@link #UNDEFINED}
     * @param key orders the ranks of the new communicator
     * @return the new communicator, {@code null} for {@link #UNDEFINED}
     */
    Comm splitType(int splitType, int key);

    /**
     * Duplicates this communicator in the background ({@code MPI_Comm_idup}; collective).
     *
     * @return the request; {@link CommRequest#comm()} is the new communicator once it completed
     */
    CommRequest idup();
    // ------------------------------------------------------------------ one-sided communication

    /**
     * Makes a window over this rank's array ({@code MPI_Win_create}, a collective over this
     * communicator): {@code length} items of {@code type} from {@code base[offset]}, that is the
     * base elements {@code [offset, offset + length * type.extent())}, exposed to the other ranks'
     * one-sided operations (see {@link Window}). Ranks may pass different arrays, lengths and
     * datatypes (0 items exposes nothing).
     *
     * @param base the rank's array, of {@code type}'s base type (primitive)
     * @param offset index of the window's first element
     * @param length number of items of {@code type}, {@code >= 0}
     * @param type the window datatype; its extent is the displacement unit
     * @return the window
     * @throws MpiException {@link MpiException.ErrorClass#BASE} for a {@code null} array,
     *     {@link MpiException.ErrorClass#TYPE} for an array of another type or an
     *     {@link Datatype#OBJECT} window, {@link MpiException.ErrorClass#SIZE} for a negative
     *     length or one past the array's end, {@link MpiException.ErrorClass#ARG} on an
     *     intercommunicator, {@link MpiException.ErrorClass#UNSUPPORTED_OPERATION} on a backend
     *     without windows (MPJ Express)
     */
    default Window createWindow(Object base, int offset, int length, Datatype type) {
        return io.ccrj.mpi.internal.WindowFactory.create(this, base, offset, length, type);
    }

    /**
     * Makes a window over a new zeroed array of {@code length} items of {@code type}
     * ({@code MPI_Win_allocate}, a collective); {@link Window#base()} returns the array.
     *
     * @param type the window datatype (primitive base type)
     * @param length number of items, {@code >= 0}
     * @return the window
     * @throws MpiException as {@link #createWindow}
     */
    default Window allocateWindow(Datatype type, int length) {
        return io.ccrj.mpi.internal.WindowFactory.allocate(this, type, length, false);
    }

    /**
     * Makes a window of memory shared by the ranks ({@code MPI_Win_allocate_shared}, a
     * collective): as {@link #allocateWindow}; {@link Window#sharedQuery} gives each rank the
     * others' arrays, which it may load and store directly (all ranks of a world share one JVM's
     * memory, so every communicator qualifies).
     *
     * @param type the window datatype (primitive base type)
     * @param length number of items, {@code >= 0}
     * @return the window
     * @throws MpiException as {@link #createWindow}
     */
    default Window allocateSharedWindow(Datatype type, int length) {
        return io.ccrj.mpi.internal.WindowFactory.allocate(this, type, length, true);
    }
}
