package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Comparison;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import io.ccrj.mpi.PersistentRequest;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;
import io.ccrj.mpi.ThreadLevel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * ccr-mpi's communicator: one rank's view of a group of ranks of a {@link World}.
 *
 * <p>Each communicator owns two matching contexts: {@code context} for point-to-point traffic and
 * {@code context + 1} for its collectives, so neither ever matches the other or another
 * communicator's traffic. Sources and destinations are ranks in this communicator;
 * {@link #worldRanks} maps them to the mailboxes of the world.
 *
 * <p>Layout: point-to-point operations, then the collectives, each section's wrappers in one
 * shape: check the thread and the arguments ({@link Args}, shared with the other communicator
 * implementations), then run the algorithm. Collective wrappers name the collective in the
 * mailbox for deadlock reports ({@link #begin}/{@link #end}) around the call of one algorithm
 * class; v-forms and uniform forms share the algorithm (uniform counts are the case of equal
 * blocks).
 *
 * <p>Thread safety: confined to the thread that owns the rank's mailbox ({@link #checkThread()}):
 * the rank's own thread, or at {@link ThreadLevel#SERIALIZED} whichever thread calls, one at a
 * time. At {@link ThreadLevel#MULTIPLE} point-to-point calls and requests may come from several
 * threads at once: the mailbox serializes its matching engine ({@link MultipleCalls}), and what
 * else a call touches is its own (its request) or written only by collectives and communicator
 * management, which MPI allows one thread per communicator at a time. Subclasses add topologies ({@link DefaultCartComm}, {@link DefaultGraphComm}) and the
 * intercommunicator ({@link DefaultIntercomm}).
 */
@Internal
public class DefaultComm implements Comm {
    static final int TAG_BARRIER = 1;
    static final int TAG_BCAST = 2;
    static final int TAG_REDUCE = 3;
    static final int TAG_ALLREDUCE = 4;
    static final int TAG_GATHER = 5;
    static final int TAG_SCATTER = 6;
    static final int TAG_ALLGATHER = 7;
    static final int TAG_ALLTOALL = 8;
    static final int TAG_SPLIT = 9;
    static final int TAG_SCAN = 10;
    static final int TAG_MERGE = 11;

    private static final Object EMPTY = new int[0];

    /**
     * From this many elements on, {@code sendrecv} and {@code isend} lend the send buffer to the
     * receiver instead of copying it (one copy instead of two; the send completes when the
     * receiver has taken the elements). Why 256: in the 2-rank sendrecv benchmarks lending is clearly
     * faster at 1,000 doubles and cannot be told apart from copying up to about 64 elements, and
     * small sends stay eager so that {@code isend} completes at once. Blocking {@code send} always
     * copies, so it never waits for a receiver.
     */
    static final int ZERO_COPY_THRESHOLD = 256;

    /**
     * The largest allreduce (in base elements) that combines in the communicator's scratch arrays
     * instead of new ones: the latency-bound sizes, without keeping large arrays alive.
     */
    private static final int SCRATCH_ELEMENTS = 1024;

    final World world;
    private final RankMailbox mailbox;
    private final int rank;
    private final int size;
    final int[] worldRanks;
    final int context;
    private final String label;
    private int splits;
    /** Communicators derived from this one by dup, create and the topology constructors (owner only). */
    int derived;
    /** Set by {@link #free()} (owner only). */
    private boolean freed;
    /** Lazily made {@link #group()} (owner only). */
    private Group group;
    /** Barrier/allreduce state shared with the other members, or {@code null} for message-based collectives. */
    private final SharedMemoryCollectives shared;
    /** Shared-memory collectives this rank has called on this communicator (owner only). */
    private long sharedGeneration;
    /**
     * The receive slot: the request a blocking receive on this communicator runs on below
     * {@link ThreadLevel#MULTIPLE} ({@link #blockingPost}), so that {@code recv}, {@code sendrecv}
     * and the collectives' post-and-wait receives allocate none. Owner only. A call takes it out
     * (leaving {@code null}) and puts it back only once its receive has completed normally and is
     * off the posted-receive queue; a receive that fails or is interrupted while posted keeps its
     * request and the next call makes a new one. At MULTIPLE, where a rank's threads receive at
     * once, it is never used.
     */
    private RecvRequest recvSlot;
    /**
     * The status of the last message received on this communicator, handed out again for the
     * next one with the same source, tag and counts ({@link #status}): a {@link Status} is an
     * immutable record, so returning one object to several receives is safe even when the
     * program keeps them, and a steady stream of like messages then allocates no status. Written
     * by the thread that asks a completed receive for its status (at MULTIPLE several threads of
     * the rank, unsynchronized: a racy read sees a fully built status or an older one, since a
     * record's fields are final, and either is only a candidate compared field by field).
     */
    private Status lastStatus;
    /**
     * The message-based allreduce's two arrays to combine in, for primitive calls of at most
     * {@link #SCRATCH_ELEMENTS} elements below {@link ThreadLevel#MULTIPLE} (owner only; MPI lets
     * one thread at a time call collectives on a communicator anyway). {@code null} while a call
     * holds them, so that a call that failed half-way leaves none half-used behind. They never
     * leave the rank: collective sends copy (eager protocol).
     */
    private Object allreduceScratch;
    private Object allreduceScratch2;

    DefaultComm(World world, int rank, int[] worldRanks, int context, String label) {
        this(world, rank, worldRanks, world.mailboxes[worldRanks[rank]], context, label, true);
    }

    /**
     * A communicator whose destinations are {@code peerWorldRanks} and whose mailbox is given: for
     * an intercommunicator, the peers are the remote group, {@code rank} is this rank's number in
     * its local group and collectives are never shared-memory ({@code collectivesAllowed} false).
     */
    DefaultComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label,
            boolean collectivesAllowed) {
        this.world = world;
        this.rank = rank;
        this.size = peerWorldRanks.length;
        this.worldRanks = peerWorldRanks;
        this.mailbox = mailbox;
        this.context = context;
        this.label = label;
        this.shared = collectivesAllowed && world.sharedMemoryCollectives && size > 1
                ? world.sharedCollectives(context, peerWorldRanks) : null;
    }

    RankMailbox mailbox() {
        return mailbox;
    }

    String label() {
        return label;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    // ------------------------------------------------------------------ point to point

    /** The send modes of MPI. */
    private enum Mode {
        STANDARD, SYNCHRONOUS, BUFFERED, READY
    }

    private String where(String op) {
        return op + " on " + label;
    }

    private void checkSend(String op, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        checkThread();
        String w = op;
        Args.buffer(w, label, buf, offset, count, type);
        Args.dest(w, label, dest, size);
        Args.sendTag(w, label, tag);
    }

    private void checkRecv(String op, Object buf, int offset, int count, Datatype type, int source, int tag) {
        checkThread();
        String w = op;
        Args.buffer(w, label, buf, offset, count, type);
        Args.source(w, label, source, size);
        Args.recvTag(w, label, tag);
    }

    /**
     * Starts a send in {@code mode}; arguments checked. Standard and ready sends copy the message
     * (one of at least {@link #ZERO_COPY_THRESHOLD} elements is lent when {@code mayLend}, also
     * from a strided datatype: the receiver gathers through its type map); synchronous sends
     * always lend, and complete when the receiver has taken the message; buffered sends check
     * the attached buffer and copy.
     *
     * @return the request: complete on return unless the message was lent or is synchronous
     */
    private Request startSend(String op, Mode mode, boolean mayLend, Object buf, int offset, int count,
            Datatype type, int dest, int tag) {
        ZeroCopySend lent = sendNow(op, mode, mayLend, buf, offset, count, type, dest, tag);
        return lent != null ? lent
                : new CompletedRequest(new Status(dest, tag, count, count * type.size(), false, UNDEFINED));
    }

    /**
     * {@link #startSend} for the blocking calls, which never show a completed send's request: the
     * lent message's send, or {@code null} once the message was delivered (no request, no status).
     */
    private ZeroCopySend sendNow(String op, Mode mode, boolean mayLend, Object buf, int offset, int count,
            Datatype type, int dest, int tag) {
        int elements = count * type.size();
        switch (mode) {
            case SYNCHRONOUS -> {
                return lend(op, buf, offset, count, type, dest, tag);
            }
            case BUFFERED -> checkBufferSpace(op, elements, type);
            default -> {
                if (mayLend && elements >= ZERO_COPY_THRESHOLD) {
                    return lend(op, buf, offset, count, type, dest, tag);
                }
            }
        }
        deliver(context, buf, offset, count, type, dest, tag);
        return null;
    }

    private void checkBufferSpace(String op, int elements, Datatype type) {
        int capacity = mailbox.attachedBuffer.get();     // once: another thread may detach meanwhile
        if (capacity < 0) {
            throw new MpiException(ErrorClass.BUFFER, where(op) + ": no buffer is attached for buffered sends "
                    + "(call bufferAttach first)");
        }
        long bytes = (long) elements * (type.base() == Datatype.Base.OBJECT ? Long.BYTES : type.base().packedBytes())
                + BSEND_OVERHEAD;
        if (bytes > capacity) {
            throw new MpiException(ErrorClass.BUFFER, where(op) + ": the message needs " + bytes
                    + " bytes but the attached buffer holds " + capacity);
        }
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            checkThread();
            Args.sendTag("send", label, tag);
            return;
        }
        checkSend("send", buf, offset, count, type, dest, tag);
        deliver(context, buf, offset, count, type, dest, tag);
    }

    @Override
    public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        if (source == PROC_NULL) {
            checkThread();
            return procNullStatus();
        }
        checkRecv("recv", buf, offset, count, type, source, tag);
        RecvRequest r = blockingPost("recv", context, source, tag, buf, offset, count, type);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return blockingResult(r);
    }

    /**
     * Posts the receive of a blocking call, which waits for it before it returns and never shows
     * the request to the application: on the {@link #recvSlot receive slot}'s request if the slot
     * is free and the rank is below {@link ThreadLevel#MULTIPLE}, on a new request otherwise.
     * Pair with {@link #blockingResult}.
     */
    private RecvRequest blockingPost(String op, int ctx, int source, int tag, Object buf, int offset, int count,
            Datatype type) {
        RecvRequest r = recvSlot;
        if (r != null && mailbox.multi == null) {
            recvSlot = null;
            r.reuse(op, ctx, source, tag, buf, offset, count, type);
        } else {
            r = new RecvRequest(this, op, ctx, source, tag, buf, offset, count, type);
        }
        mailbox.post(r);
        return r;
    }

    /**
     * The status of a completed receive from {@link #blockingPost} (or its error thrown), its
     * request then returned to the receive slot: it is complete, so no queue holds it any more.
     * A request made at {@link ThreadLevel#MULTIPLE} is not kept, since there the slot is never
     * read.
     */
    private Status blockingResult(RecvRequest r) {
        Status s = r.result();
        release(r);
        return s;
    }

    /** A completed receive from {@link #blockingPost} back to the receive slot (below MULTIPLE). */
    private void release(RecvRequest r) {
        if (mailbox.multi == null) {
            r.park();
            recvSlot = r;
        }
    }

    /**
     * The status of a received message: the last one made on this communicator when it is the
     * same ({@link #lastStatus}), a new one otherwise.
     */
    Status status(int source, int tag, int count, int elements) {
        Status s = lastStatus;
        if (s != null && s.source() == source && s.tag() == tag && s.count() == count && s.elements() == elements) {
            return s;
        }
        s = new Status(source, tag, count, elements, false, UNDEFINED);
        lastStatus = s;
        return s;
    }

    @Override
    public Status sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        if (dest == PROC_NULL || source == PROC_NULL) {
            checkThread();
            return sendrecvWithNull(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, recvbuf, recvoffset,
                    recvcount, recvtype, source, recvtag);
        }
        checkSend("sendrecv", sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        checkRecv("sendrecv", recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        RecvRequest r = blockingPost("sendrecv", context, source, recvtag, recvbuf, recvoffset, recvcount, recvtype);
        ZeroCopySend s = sendNow("sendrecv", Mode.STANDARD, true, sendbuf, sendoffset, sendcount, sendtype, dest,
                sendtag);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        if (s != null && !s.isComplete()) {
            mailbox.await(s);
        }
        return blockingResult(r);
    }

    @Override
    public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            checkThread();
            Args.sendTag("isend", label, tag);
            return new CompletedRequest(new Status(PROC_NULL, tag, 0));
        }
        checkSend("isend", buf, offset, count, type, dest, tag);
        return startSend("isend", Mode.STANDARD, true, buf, offset, count, type, dest, tag);
    }

    @Override
    public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        if (source == PROC_NULL) {
            checkThread();
            return new CompletedRequest(procNullStatus());
        }
        checkRecv("irecv", buf, offset, count, type, source, tag);
        RecvRequest r = new RecvRequest(this, "irecv", context, source, tag, buf, offset, count, type);
        mailbox.post(r);
        return r;
    }

    @Override
    public Status probe(int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return procNullStatus();
        }
        Args.source("probe", label, source, size);
        Args.recvTag("probe", label, tag);
        Probe p = new Probe(source, tag);
        mailbox.await(p);
        return p.status();
    }

    @Override
    public Status iprobe(int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return procNullStatus();
        }
        Args.source("iprobe", label, source, size);
        Args.recvTag("iprobe", label, tag);
        mailbox.progress();
        Probe p = new Probe(source, tag);
        if (p.isComplete()) {
            return p.status();
        }
        mailbox.failIfEnded(p);
        return null;
    }

    /**
     * A send to {@link #PROC_NULL}, in any mode: checks the thread and the tag, moves nothing, and
     * completes at once (a buffered one needs no attached buffer).
     */
    private Request nullSend(String op, int tag) {
        checkThread();
        Args.sendTag(op, label, tag);
        return new CompletedRequest(new Status(PROC_NULL, tag, 0));
    }

    /** What a receive from {@link #PROC_NULL} completes with (MPI: source PROC_NULL, tag ANY_TAG, count 0). */
    private static Status procNullStatus() {
        return new Status(PROC_NULL, ANY_TAG, 0);
    }

    /** A sendrecv with {@link #PROC_NULL} on either side: the other half alone. */
    private Status sendrecvWithNull(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            int sendtag, Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        Request s = dest == PROC_NULL ? null : isend(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag);
        Status st = source == PROC_NULL ? procNullStatus()
                : recv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
        if (s != null) {
            s.waitFor();
        }
        if (dest == PROC_NULL) {
            Args.sendTag("sendrecv", label, sendtag);
        }
        return st;
    }

    /** A probe's wait: complete once a matching message is in the unexpected-message queue. */
    private final class Probe implements Pending {
        private final int source;
        private final int tag;
        private Message found;

        Probe(int source, int tag) {
            this.source = source;
            this.tag = tag;
        }

        @Override
        public boolean mayTake(Message m) {
            return m.matches(context, source, tag);
        }

        @Override
        public boolean isComplete() {
            if (found == null) {
                found = mailbox.peekUnexpected(context, source, tag);
            }
            return found != null;
        }

        Status status() {
            return new Status(found.source, found.tag, found.count);
        }

        @Override
        public String describe() {
            return "probe(source=" + (source == ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source)) + ", tag="
                    + (tag == ANY_TAG ? "ANY_TAG" : String.valueOf(tag)) + ") on " + label;
        }
    }

    /**
     * Lends {@code buf} to the receiver, or, for objects bound for a rank with another class
     * loader, sends their copy and still completes once the receiver has taken it (a synchronous
     * send must).
     */
    private ZeroCopySend lend(String op, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        int to = worldRanks[dest];
        Message.Lent m = copiesObjects(type, to)
                ? Message.objectLoan(context, rank, tag, buf, offset, count, type, mailbox)
                : Message.borrowing(context, rank, tag, buf, offset, count, type, mailbox);
        mailbox.send(world.mailboxes[to], to, m);
        return new ZeroCopySend(this, op, m, dest, count);
    }

    /**
     * Sends a copy of {@code count} items of {@code type} from {@code buf[offset]}: through the
     * receiver's ring with this rank if it fits one ({@link Message#isInline}) and the ring takes
     * it, through the receiver's inbound queue otherwise.
     */
    private void deliver(int ctx, Object buf, int offset, int count, Datatype type, int dest, int tag) {
        int to = worldRanks[dest];
        RankMailbox receiver = world.mailboxes[to];
        if (copiesObjects(type, to)) {
            mailbox.send(receiver, to, Message.objectCopy(ctx, rank, tag, buf, offset, count, type));
            return;
        }
        int n = count * type.size();
        if (Message.isInline(n, type)) {
            long scalar = Message.inlineScalar(buf, offset, count, type, n);
            if (!mailbox.sendInline(receiver, to, ctx, rank, tag, type.base(), n, scalar)) {
                mailbox.send(receiver, to, Message.inline(ctx, rank, tag, type.base(), n, scalar));
            }
            return;
        }
        mailbox.send(receiver, to, Message.copyOf(ctx, rank, tag, buf, offset, count, type));
    }

    /** Whether a message of {@code type} to world rank {@code to} carries copies of objects ({@link ObjectMessages}). */
    private boolean copiesObjects(Datatype type, int to) {
        return world.copiesObjects && type.base() == Datatype.Base.OBJECT
                && world.copiesObjects(mailbox.worldRank, to);
    }

    /**
     * Whether a collective on {@code type} goes through shared memory: not for objects when ranks
     * have class loaders of their own, since there every rank would read the others' objects.
     */
    private boolean sharedMemory(Datatype type) {
        return shared != null && !(world.copiesObjects && type.base() == Datatype.Base.OBJECT);
    }

    // ------------------------------------------------------------------ point to point: modes

    @Override
    public void ssend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("ssend", tag);
            return;
        }
        checkSend("ssend", buf, offset, count, type, dest, tag);
        sendNow("ssend", Mode.SYNCHRONOUS, false, buf, offset, count, type, dest, tag).waitFor();
    }

    @Override
    public void bsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("bsend", tag);
            return;
        }
        checkSend("bsend", buf, offset, count, type, dest, tag);
        sendNow("bsend", Mode.BUFFERED, false, buf, offset, count, type, dest, tag);
    }

    @Override
    public void rsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("rsend", tag);
            return;
        }
        checkSend("rsend", buf, offset, count, type, dest, tag);
        sendNow("rsend", Mode.READY, false, buf, offset, count, type, dest, tag);
    }

    @Override
    public Request issend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            return nullSend("issend", tag);
        }
        checkSend("issend", buf, offset, count, type, dest, tag);
        return startSend("issend", Mode.SYNCHRONOUS, false, buf, offset, count, type, dest, tag);
    }

    @Override
    public Request ibsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            return nullSend("ibsend", tag);
        }
        checkSend("ibsend", buf, offset, count, type, dest, tag);
        return startSend("ibsend", Mode.BUFFERED, false, buf, offset, count, type, dest, tag);
    }

    @Override
    public Request irsend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            return nullSend("irsend", tag);
        }
        checkSend("irsend", buf, offset, count, type, dest, tag);
        return startSend("irsend", Mode.READY, true, buf, offset, count, type, dest, tag);
    }

    @Override
    public void bufferAttach(int bytes) {
        checkThread();
        Args.count("bufferAttach", label, "size", bytes);
        if (!mailbox.attachedBuffer.compareAndSet(-1, bytes)) {
            throw new MpiException(ErrorClass.BUFFER, where("bufferAttach") + ": a buffer of "
                    + mailbox.attachedBuffer.get() + " bytes is already attached (detach it first)");
        }
    }

    @Override
    public int bufferDetach() {
        checkThread();
        int bytes = mailbox.attachedBuffer.getAndSet(-1);
        if (bytes < 0) {
            throw new MpiException(ErrorClass.BUFFER, where("bufferDetach") + ": no buffer is attached");
        }
        return bytes;
    }

    @Override
    public Status sendrecvReplace(Object buf, int offset, int count, Datatype type, int dest, int sendtag,
            int source, int recvtag) {
        if (dest == PROC_NULL || source == PROC_NULL) {
            // the other half alone; a receive from PROC_NULL leaves the buffer as it is
            if (dest == PROC_NULL) {
                nullSend("sendrecvReplace", sendtag);
            } else {
                checkSend("sendrecvReplace", buf, offset, count, type, dest, sendtag);
                deliver(context, buf, offset, count, type, dest, sendtag);
            }
            if (source == PROC_NULL) {
                Args.recvTag("sendrecvReplace", label, recvtag);
                return procNullStatus();
            }
            return recv(buf, offset, count, type, source, recvtag);
        }
        checkSend("sendrecvReplace", buf, offset, count, type, dest, sendtag);
        Args.source("sendrecvReplace", label, source, size);
        Args.recvTag("sendrecvReplace", label, recvtag);
        // the outgoing elements are copied before the receive may overwrite them
        deliver(context, buf, offset, count, type, dest, sendtag);
        RecvRequest r = new RecvRequest(this, "sendrecvReplace", context, source, recvtag, buf, offset, count, type);
        mailbox.post(r);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return r.result();
    }

    // ------------------------------------------------------------------ point to point: persistent requests

    @Override
    public PersistentRequest sendInit(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("sendInit", tag);
            return new PersistentOp(this, "sendInit(dest=PROC_NULL, tag=" + tag + ")",
                    () -> new CompletedRequest(new Status(PROC_NULL, tag, 0)));
        }
        checkSend("sendInit", buf, offset, count, type, dest, tag);
        return new PersistentOp(this, "sendInit(dest=" + dest + ", tag=" + tag + ")",
                () -> startSend("send", Mode.STANDARD, true, buf, offset, count, type, dest, tag));
    }

    @Override
    public PersistentRequest ssendInit(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("ssendInit", tag);
            return new PersistentOp(this, "ssendInit(dest=PROC_NULL, tag=" + tag + ")",
                    () -> new CompletedRequest(new Status(PROC_NULL, tag, 0)));
        }
        checkSend("ssendInit", buf, offset, count, type, dest, tag);
        return new PersistentOp(this, "ssendInit(dest=" + dest + ", tag=" + tag + ")",
                () -> startSend("ssend", Mode.SYNCHRONOUS, false, buf, offset, count, type, dest, tag));
    }

    @Override
    public PersistentRequest bsendInit(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("bsendInit", tag);
            return new PersistentOp(this, "bsendInit(dest=PROC_NULL, tag=" + tag + ")",
                    () -> new CompletedRequest(new Status(PROC_NULL, tag, 0)));
        }
        checkSend("bsendInit", buf, offset, count, type, dest, tag);
        return new PersistentOp(this, "bsendInit(dest=" + dest + ", tag=" + tag + ")",
                () -> startSend("bsend", Mode.BUFFERED, false, buf, offset, count, type, dest, tag));
    }

    @Override
    public PersistentRequest rsendInit(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        if (dest == PROC_NULL) {
            nullSend("rsendInit", tag);
            return new PersistentOp(this, "rsendInit(dest=PROC_NULL, tag=" + tag + ")",
                    () -> new CompletedRequest(new Status(PROC_NULL, tag, 0)));
        }
        checkSend("rsendInit", buf, offset, count, type, dest, tag);
        return new PersistentOp(this, "rsendInit(dest=" + dest + ", tag=" + tag + ")",
                () -> startSend("rsend", Mode.READY, true, buf, offset, count, type, dest, tag));
    }

    @Override
    public PersistentRequest recvInit(Object buf, int offset, int count, Datatype type, int source, int tag) {
        if (source == PROC_NULL) {
            checkThread();
            Args.recvTag("recvInit", label, tag);
            return new PersistentOp(this, "recvInit(source=PROC_NULL, tag=" + tag + ")",
                    () -> new CompletedRequest(procNullStatus()));
        }
        checkRecv("recvInit", buf, offset, count, type, source, tag);
        return new PersistentOp(this, "recvInit(source=" + source + ", tag=" + tag + ")", () -> {
            RecvRequest r = new RecvRequest(this, "recv", context, source, tag, buf, offset, count, type);
            mailbox.post(r);
            return r;
        });
    }

    // ------------------------------------------------------------------ collective transport

    /** Sends on the collective context; arguments already checked. */
    void collSend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        deliver(context + 1, buf, offset, count, type, dest, tag);
    }

    /** Posts a receive on the collective context; arguments already checked. */
    RecvRequest collPost(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = new RecvRequest(this, "recv", context + 1, source, tag, buf, offset, count, type);
        mailbox.post(r);
        return r;
    }

    /** Waits for a collective receive and rethrows its error. */
    Status collWait(RecvRequest r) {
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        return r.result();
    }

    /**
     * Receives on the collective context (on the receive slot: it waits at once). Collectives
     * need no status, so none is made.
     */
    void collRecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = blockingPost("recv", context + 1, source, tag, buf, offset, count, type);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        r.checkResult();
        release(r);
    }

    /**
     * Sends and receives on the collective context (receive posted first, on the receive slot);
     * no status.
     */
    void collSendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int tag) {
        RecvRequest r = blockingPost("recv", context + 1, source, tag, recvbuf, recvoffset, recvcount, recvtype);
        collSend(sendbuf, sendoffset, sendcount, sendtype, dest, tag);
        if (!r.isComplete()) {
            mailbox.await(r);
        }
        r.checkResult();
        release(r);
    }

    // ------------------------------------------------------------------ collectives

    /** Names the collective this rank is in, for deadlock reports; paired with {@link #end()}. */
    private void begin(String collective) {
        mailbox.collective = collective;
    }

    private void end() {
        mailbox.collective = null;
    }

    /** The block starts {@code offset + i * count * extent} of {@code size} equal blocks. */
    private int[] uniformAt(int offset, int count, Datatype type) {
        int[] at = new int[size];
        int step = count * type.extent();
        for (int i = 0; i < size; i++) {
            at[i] = offset + i * step;
        }
        return at;
    }

    private int[] uniformCounts(int count) {
        int[] counts = new int[size];
        java.util.Arrays.fill(counts, count);
        return counts;
    }

    /** The block starts {@code offset + displs[i] * extent}. */
    private int[] displacedAt(int offset, int[] displs, Datatype type) {
        int[] at = new int[size];
        for (int i = 0; i < size; i++) {
            at[i] = offset + displs[i] * type.extent();
        }
        return at;
    }

    /**
     * The operands of an {@code IN_PLACE} alltoall(v): a copy of the receive buffer (an array of
     * references is copied shallowly: the collective moves references and never changes them).
     */
    private static Object inPlaceOperands(Object recvbuf) {
        int n = java.lang.reflect.Array.getLength(recvbuf);
        Object copy = java.lang.reflect.Array.newInstance(recvbuf.getClass().getComponentType(), n);
        System.arraycopy(recvbuf, 0, copy, 0, n);
        return copy;
    }

    /** {@code IN_PLACE} is allowed only where MPI allows it (the root of some collectives). */
    private void checkInPlace(String w, Object buf, boolean allowed) {
        if (buf == IN_PLACE && !allowed) {
            throw new MpiException(ErrorClass.BUFFER, where(w) + ": IN_PLACE is allowed only "
                    + (w.startsWith("reduce") || w.startsWith("gather") || w.startsWith("scatter") ? "at the root"
                    : "as the send buffer"));
        }
    }

    @Override
    public void barrier() {
        checkThread();
        begin("barrier");
        try {
            if (shared != null) {
                shared.barrier(mailbox, sharedGeneration++, label, rank);
            } else {
                DisseminationBarrier.barrier(this, EMPTY);
            }
        } finally {
            end();
        }
    }

    @Override
    public void bcast(Object buf, int offset, int count, Datatype type, int root) {
        checkThread();
        String w = "bcast";
        Args.buffer(w, label, buf, offset, count, type);
        Args.root(w, label, root, size);
        begin("bcast");
        try {
            BinomialTreeBroadcast.bcast(this, buf, offset, count, type, root);
        } finally {
            end();
        }
    }

    @Override
    public void reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op, int root) {
        checkThread();
        String w = "reduce";
        Args.root(w, label, root, size);
        checkInPlace(w, sendbuf, rank == root);
        boolean inPlace = sendbuf == IN_PLACE;
        if (!inPlace) {
            Args.buffer(w, label, sendbuf, sendoffset, count, type);
        }
        if (rank == root) {
            Args.buffer(w, label, recvbuf, recvoffset, count, type);
        }
        Args.op(w, label, op, type);
        begin("reduce");
        try {
            Object acc = OperandCopies.take(inPlace ? recvbuf : sendbuf, inPlace ? recvoffset : sendoffset, count,
                    type, OperandCopies.needed(op, type));
            Object result = BinomialTreeReduce.reduce(this, acc, count, type, op, root);
            if (rank == root) {
                TypeMap.of(type).fromContiguous(result, 0, count * type.size(), recvbuf, recvoffset);
            }
        } finally {
            end();
        }
    }

    @Override
    public void allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        checkThread();
        String w = "allreduce";
        boolean inPlace = sendbuf == IN_PLACE;
        if (!inPlace) {
            Args.buffer(w, label, sendbuf, sendoffset, count, type);
        }
        Args.buffer(w, label, recvbuf, recvoffset, count, type);
        Args.op(w, label, op, type);
        Object src = inPlace ? recvbuf : sendbuf;
        int srcOffset = inPlace ? recvoffset : sendoffset;
        begin("allreduce");
        try {
            if (sharedMemory(type)) {
                if (!type.isDense()) {
                    src = OperandCopies.take(src, srcOffset, count, type, false);
                    srcOffset = 0;
                }
                shared.allreduce(mailbox, sharedGeneration++, label, rank, src, srcOffset, recvbuf, recvoffset,
                        count, type, op);
            } else {
                messageAllreduce(src, srcOffset, recvbuf, recvoffset, count, type, op);
            }
        } finally {
            end();
        }
    }

    /**
     * The message-based allreduce ({@link RecursiveDoublingAllreduce}). A small primitive one
     * combines in the communicator's two {@link #allreduceScratch scratch arrays} instead of two
     * new ones per call; they are taken out for the call (left {@code null}) and put back after
     * the result has been copied to {@code recvbuf}.
     */
    private void messageAllreduce(Object src, int srcOffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op) {
        boolean copies = OperandCopies.needed(op, type);
        int elements = count * type.size();
        Datatype.Base base = type.base();
        boolean reuse = !copies && base != Datatype.Base.OBJECT && elements <= SCRATCH_ELEMENTS
                && mailbox.multi == null;
        Object acc;
        Object tmp;
        if (reuse) {
            acc = scratchFor(allreduceScratch, base, elements);
            tmp = scratchFor(allreduceScratch2, base, elements);
            allreduceScratch = null;
            allreduceScratch2 = null;
            TypeMap.of(type).toContiguous(src, srcOffset, count, acc, 0);
        } else {
            acc = OperandCopies.take(src, srcOffset, count, type, copies);
            tmp = type.newArray(elements);
        }
        Object result = RecursiveDoublingAllreduce.allreduce(this, acc, tmp, count, type, op);
        TypeMap.of(type).fromContiguous(result, 0, elements, recvbuf, recvoffset);
        if (reuse) {
            allreduceScratch = acc;
            allreduceScratch2 = tmp;
        }
    }

    /** {@code scratch} if it is an array of {@code base} with room for {@code elements}, else a new one. */
    private static Object scratchFor(Object scratch, Datatype.Base base, int elements) {
        if (scratch != null && scratch.getClass() == base.arrayClass()
                && java.lang.reflect.Array.getLength(scratch) >= elements) {
            return scratch;
        }
        return base.newArray(elements);
    }

    @Override
    public void gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkThread();
        String w = "gather";
        Args.root(w, label, root, size);
        checkInPlace(w, sendbuf, rank == root);
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
        }
        if (rank == root) {
            Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
            if (sendbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        begin("gather");
        try {
            FlatTreeGather.gatherv(this, sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, rank == root ? uniformCounts(recvcount) : null,
                    rank == root ? uniformAt(recvoffset, recvcount, recvtype) : null, recvtype, root);
        } finally {
            end();
        }
    }

    @Override
    public void scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkThread();
        String w = "scatter";
        Args.root(w, label, root, size);
        checkInPlace(w, recvbuf, rank == root);
        if (recvbuf != IN_PLACE) {
            Args.buffer(w, label, recvbuf, recvoffset, recvcount, recvtype);
        }
        if (rank == root) {
            Args.blocks(w, label, sendbuf, sendoffset, sendcount, size, sendtype);
            if (recvbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        begin("scatter");
        try {
            FlatTreeScatter.scatterv(this, sendbuf, rank == root ? uniformCounts(sendcount) : null,
                    rank == root ? uniformAt(sendoffset, sendcount, sendtype) : null, sendtype,
                    recvbuf == IN_PLACE ? null : recvbuf, recvoffset, recvcount, recvtype, root);
        } finally {
            end();
        }
    }

    @Override
    public void allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkThread();
        String w = "allgather";
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
            Args.sameBase(w, label, sendtype, recvtype);
        }
        Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
        begin("allgather");
        try {
            allgathervAlgorithm(sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, uniformCounts(recvcount), uniformAt(recvoffset, recvcount, recvtype), recvtype);
        } finally {
            end();
        }
    }

    /** What a rank calls in a shared-memory allgather, by base type (no string built per call). */
    private static final String[] ALLGATHER_CALLS = java.util.Arrays.stream(Datatype.Base.values())
            .map(b -> "allgather(v) " + b).toArray(String[]::new);

    /**
     * Allgather(v) of {@code recvcounts[b]} items at {@code recvAt[b]} from each rank {@code b}
     * ({@code sendbuf} {@code null}: in place): through shared memory where the world chose it
     * (every rank of a communicator makes the same choice), else the ring.
     */
    private void allgathervAlgorithm(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype) {
        if (!sharedMemory(recvtype)) {
            RingAllgather.allgatherv(this, sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvcounts, recvAt,
                    recvtype);
            return;
        }
        Object own = sendbuf == null ? recvbuf : sendbuf;
        int ownOffset = sendbuf == null ? recvAt[rank] : sendoffset;
        int ownCount = sendbuf == null ? recvcounts[rank] : sendcount;
        Datatype ownType = sendbuf == null ? recvtype : sendtype;
        if (!ownType.isDense()) {
            own = OperandCopies.take(own, ownOffset, ownCount, ownType, false);
            ownOffset = 0;
        }
        shared.gatherv(mailbox, sharedGeneration++, label, rank, own, ownOffset, ownCount * ownType.size(),
                ownType.base(), recvbuf, recvcounts, recvAt, recvtype, ALLGATHER_CALLS[recvtype.base().ordinal()]);
    }

    @Override
    public void alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        checkThread();
        String w = "alltoall";
        Args.blocks(w, label, recvbuf, recvoffset, recvcount, size, recvtype);
        if (sendbuf == IN_PLACE) {
            // the operands are the receive buffer's blocks, which other ranks' blocks overwrite
            sendbuf = inPlaceOperands(recvbuf);
            sendoffset = recvoffset;
            sendcount = recvcount;
            sendtype = recvtype;
        }
        Args.blocks(w, label, sendbuf, sendoffset, sendcount, size, sendtype);
        Args.sameBase(w, label, sendtype, recvtype);
        begin("alltoall");
        try {
            PairwiseExchangeAlltoall.alltoallv(this, sendbuf, uniformCounts(sendcount),
                    uniformAt(sendoffset, sendcount, sendtype), sendtype, recvbuf, uniformCounts(recvcount),
                    uniformAt(recvoffset, recvcount, recvtype), recvtype);
        } finally {
            end();
        }
    }

    // ------------------------------------------------------------------ collectives: v-forms, reduce-scatter, scan

    @Override
    public void gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype, int root) {
        checkThread();
        String w = "gatherv";
        Args.root(w, label, root, size);
        checkInPlace(w, sendbuf, rank == root);
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
        }
        if (rank == root) {
            Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, displs, size, recvtype);
            if (sendbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        begin("gatherv");
        try {
            FlatTreeGather.gatherv(this, sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvcounts, rank == root ? displacedAt(recvoffset, displs, recvtype) : null, recvtype,
                    root);
        } finally {
            end();
        }
    }

    @Override
    public void scatterv(Object sendbuf, int sendoffset, int[] sendcounts, int[] displs, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        checkThread();
        String w = "scatterv";
        Args.root(w, label, root, size);
        checkInPlace(w, recvbuf, rank == root);
        if (recvbuf != IN_PLACE) {
            Args.buffer(w, label, recvbuf, recvoffset, recvcount, recvtype);
        }
        if (rank == root) {
            Args.vblocks(w, label, sendbuf, sendoffset, sendcounts, displs, size, sendtype);
            if (recvbuf != IN_PLACE) {
                Args.sameBase(w, label, sendtype, recvtype);
            }
        }
        begin("scatterv");
        try {
            FlatTreeScatter.scatterv(this, sendbuf, sendcounts,
                    rank == root ? displacedAt(sendoffset, displs, sendtype) : null, sendtype,
                    recvbuf == IN_PLACE ? null : recvbuf, recvoffset, recvcount, recvtype, root);
        } finally {
            end();
        }
    }

    @Override
    public void allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
            int recvoffset, int[] recvcounts, int[] displs, Datatype recvtype) {
        checkThread();
        String w = "allgatherv";
        if (sendbuf != IN_PLACE) {
            Args.buffer(w, label, sendbuf, sendoffset, sendcount, sendtype);
            Args.sameBase(w, label, sendtype, recvtype);
        }
        Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, displs, size, recvtype);
        begin("allgatherv");
        try {
            allgathervAlgorithm(sendbuf == IN_PLACE ? null : sendbuf, sendoffset, sendcount, sendtype,
                    recvbuf, recvcounts, displacedAt(recvoffset, displs, recvtype), recvtype);
        } finally {
            end();
        }
    }

    @Override
    public void alltoallv(Object sendbuf, int sendoffset, int[] sendcounts, int[] sdispls, Datatype sendtype,
            Object recvbuf, int recvoffset, int[] recvcounts, int[] rdispls, Datatype recvtype) {
        checkThread();
        String w = "alltoallv";
        Args.vblocks(w, label, recvbuf, recvoffset, recvcounts, rdispls, size, recvtype);
        if (sendbuf == IN_PLACE) {
            sendbuf = inPlaceOperands(recvbuf);
            sendoffset = recvoffset;
            sendcounts = recvcounts;
            sdispls = rdispls;
            sendtype = recvtype;
        }
        Args.vblocks(w, label, sendbuf, sendoffset, sendcounts, sdispls, size, sendtype);
        Args.sameBase(w, label, sendtype, recvtype);
        begin("alltoallv");
        try {
            PairwiseExchangeAlltoall.alltoallv(this, sendbuf, sendcounts, displacedAt(sendoffset, sdispls, sendtype),
                    sendtype, recvbuf, recvcounts, displacedAt(recvoffset, rdispls, recvtype), recvtype);
        } finally {
            end();
        }
    }

    @Override
    public void reduceScatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
            Datatype type, Op op) {
        checkThread();
        String w = "reduceScatter";
        if (recvcounts == null || recvcounts.length < size) {
            throw new MpiException(ErrorClass.ARG, where(w) + ": " + (recvcounts == null ? "no" : recvcounts.length)
                    + " receive counts for " + size + " ranks");
        }
        long total = 0;
        for (int i = 0; i < size; i++) {
            Args.count(w, label, "count of rank " + i, recvcounts[i]);
            total += recvcounts[i];
        }
        if (total > Integer.MAX_VALUE) {
            throw new MpiException(ErrorClass.COUNT, where(w) + ": " + total + " items exceed an array");
        }
        int n = (int) total;
        boolean inPlace = sendbuf == IN_PLACE;
        if (!inPlace) {
            Args.buffer(w, label, sendbuf, sendoffset, n, type);
            Args.buffer(w, label, recvbuf, recvoffset, recvcounts[rank], type);
        } else {
            Args.buffer(w, label, recvbuf, recvoffset, n, type);
        }
        Args.op(w, label, op, type);
        begin("reduceScatter");
        try {
            // reduce to rank 0, then scatter the blocks of the packed result (as MPICH does for
            // non-commutative operations; a rank's block is the items after the lower ranks')
            Object acc = OperandCopies.take(inPlace ? recvbuf : sendbuf, inPlace ? recvoffset : sendoffset, n, type,
                    OperandCopies.needed(op, type));
            Object result = BinomialTreeReduce.reduce(this, acc, n, type, op, 0);
            Datatype flat = Datatype.of(type.base());
            int[] elements = null;
            int[] at = null;
            if (rank == 0) {
                elements = new int[size];
                at = new int[size];
                for (int i = 0, pos = 0; i < size; i++) {
                    elements[i] = recvcounts[i] * type.size();
                    at[i] = pos;
                    pos += elements[i];
                }
            }
            FlatTreeScatter.scatterv(this, result, elements, at, flat, recvbuf, recvoffset, recvcounts[rank], type, 0);
        } finally {
            end();
        }
    }

    @Override
    public void scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype type,
            Op op) {
        checkThread();
        String w = "scan";
        boolean inPlace = sendbuf == IN_PLACE;
        if (!inPlace) {
            Args.buffer(w, label, sendbuf, sendoffset, count, type);
        }
        Args.buffer(w, label, recvbuf, recvoffset, count, type);
        Args.op(w, label, op, type);
        begin("scan");
        try {
            Object acc = OperandCopies.take(inPlace ? recvbuf : sendbuf, inPlace ? recvoffset : sendoffset, count,
                    type, OperandCopies.needed(op, type));
            Object result = RecursiveDoublingScan.scan(this, acc, count, type, op);
            TypeMap.of(type).fromContiguous(result, 0, count * type.size(), recvbuf, recvoffset);
        } finally {
            end();
        }
    }

    // ------------------------------------------------------------------ communicator construction

    @Override
    public Comm split(int color, int key) {
        checkThread();
        if (color < 0 && color != UNDEFINED) {
            throw new MpiException(ErrorClass.ARG, "split on " + label + ": color must be >= 0 or Comm.UNDEFINED, got "
                    + color);
        }
        int splitNumber = splits++;
        int[] mine = {color, key};
        int[] all = new int[2 * size];
        begin("split");
        try {
            RingAllgather.allgatherv(this, mine, 0, 2, Datatype.INT, all, uniformCounts(2), uniformAt(0, 2,
                    Datatype.INT),
                    Datatype.INT);
        } finally {
            end();
        }
        if (color == UNDEFINED) {
            return null;
        }
        List<int[]> members = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (all[2 * r] == color) {
                members.add(new int[] {all[2 * r + 1], r});
            }
        }
        members.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        int[] newWorldRanks = new int[members.size()];
        int newRank = -1;
        for (int i = 0; i < newWorldRanks.length; i++) {
            int parentRank = members.get(i)[1];
            newWorldRanks[i] = worldRanks[parentRank];
            if (parentRank == rank) {
                newRank = i;
            }
        }
        int newContext = world.contextFor(context + 1, splitNumber, color);
        return new DefaultComm(world, newRank, newWorldRanks, newContext,
                label + "/split" + splitNumber + "(color " + color + ")");
    }

    @Override
    public String toString() {
        return "Comm[" + label + ", rank " + rank + " of " + size + ", world ranks "
                + Arrays.toString(worldRanks) + "]";
    }

    // ------------------------------------------------------------------ checks

    void checkThread() {
        Thread t = Thread.currentThread();
        if (t != mailbox.owner) {
            adopt(t);
        }
        if (freed) {
            throw new MpiException(ErrorClass.ARG, "communicator " + label + " of rank " + rank + " was freed");
        }
    }

    /**
     * A call from a thread other than the mailbox's owner: allowed from {@link ThreadLevel#SERIALIZED}
     * on, where the calling thread becomes the owner (a volatile write: producers read
     * {@code owner} after {@code waiting} to unpark it, and the world's abort interrupts it). The
     * application's ordering of the calls, which MPI requires at this level, makes the previous
     * owner's writes to the matching queues visible here.
     */
    private void adopt(Thread t) {
        if (mailbox.threadLevel.compareTo(ThreadLevel.SERIALIZED) < 0) {
            throw new MpiException(ErrorClass.ARG, "communicator " + label + " of rank " + rank
                    + " used from thread '" + t.getName() + "': at thread level " + mailbox.threadLevel
                    + " a communicator belongs to its rank's thread (requestThreadLevel(SERIALIZED) allows"
                    + " other threads, one call at a time)");
        }
        if (mailbox.multi != null) {
            return;      // MULTIPLE: the owner stays the rank's thread; waiters are woken as a set
        }
        mailbox.owner = t;
    }

    // ------------------------------------------------------------------ groups, communicators, topologies

    @Override
    public Group group() {
        checkThread();
        if (group == null) {
            group = new GroupImpl(worldRanks, mailbox.worldRank);
        }
        return group;
    }

    @Override
    public Comm self() {
        checkThread();
        if (mailbox.self == null) {
            mailbox.self = new DefaultComm(world, 0, new int[] {mailbox.worldRank}, world.contextFor("self"),
                    world.name + "/self(rank " + mailbox.worldRank + ")");
        }
        return mailbox.self;
    }

    /**
     * The context of the {@code n}-th communicator derived from this one, {@code variant} telling
     * apart the communicators one derivation makes (colors): every member computes the same key,
     * so all agree without messages.
     */
    int derivedContext(int n, int variant) {
        return world.contextFor("derived/" + context + "/" + n + "/" + variant);
    }

    @Override
    public Comm dup() {
        checkThread();
        int n = derived++;
        return new DefaultComm(world, rank, worldRanks, derivedContext(n, 0), label + "/dup" + n);
    }

    @Override
    public Comm create(Group g) {
        checkThread();
        GroupImpl gi = GroupImpl.impl("create on " + label, g);
        int n = derived++;
        for (int m : gi.members()) {
            if (GroupImpl.indexOf(worldRanks, m) == Group.UNDEFINED) {
                throw new MpiException(ErrorClass.ARG, "create on " + label + ": world rank " + m
                        + " of the group is not a member of this communicator");
            }
        }
        int newRank = GroupImpl.indexOf(gi.members(), mailbox.worldRank);
        if (newRank == Group.UNDEFINED) {
            return null;
        }
        return new DefaultComm(world, newRank, gi.members().clone(), derivedContext(n, 0), label + "/create" + n);
    }

    @Override
    public Comparison compare(Comm other) {
        checkThread();
        if (other == this) {
            return Comparison.IDENT;
        }
        if (!(other instanceof DefaultComm o) || o.world != world) {
            return Comparison.UNEQUAL;
        }
        Comparison c = GroupImpl.compareMembers(memberWorldRanks(), o.memberWorldRanks());
        if (c == Comparison.IDENT) {
            return o.context == context && o.isInter() == isInter() ? Comparison.IDENT : Comparison.CONGRUENT;
        }
        return c;
    }

    /** This communicator's (local) members, in rank order. */
    int[] memberWorldRanks() {
        return worldRanks;
    }

    @Override
    public void free() {
        checkThread();
        if (context == 0 || this == mailbox.self) {
            throw new MpiException(ErrorClass.ARG, "free on " + label + ": the world communicator and the self"
                    + " communicator cannot be freed");
        }
        freed = true;
    }

    @Override
    public boolean isFreed() {
        return freed;
    }

    @Override
    public boolean isInter() {
        return false;
    }

    @Override
    public Intercomm createIntercomm(int localLeader, Comm peer, int remoteLeader, int tag) {
        checkThread();
        Args.root("createIntercomm", label, localLeader, size);
        return DefaultIntercomm.create(this, localLeader, peer, remoteLeader, tag);
    }

    @Override
    public void abort(int errorCode) {
        checkThread();
        MpiException e = new MpiException(ErrorClass.ABORTED, "rank " + rank + " of " + label + " called abort("
                + errorCode + ")");
        world.abort(mailbox.worldRank, e);
        throw e;
    }

    @Override
    public CartComm createCart(int[] dims, boolean[] periods, boolean reorder) {
        checkThread();
        long points = Topologies.checkCart("createCart on " + label, dims, periods, size);
        int n = derived++;
        if (rank >= points) {
            return null;
        }
        return new DefaultCartComm(world, rank, Arrays.copyOf(worldRanks, (int) points), derivedContext(n, 0),
                label + "/cart" + n, dims.clone(), periods.clone());
    }

    @Override
    public GraphComm createGraph(int[] index, int[] edges, boolean reorder) {
        checkThread();
        DefaultGraphComm.check("createGraph on " + label, index, edges, size);
        int n = derived++;
        if (rank >= index.length) {
            return null;
        }
        return new DefaultGraphComm(world, rank, Arrays.copyOf(worldRanks, index.length), derivedContext(n, 0),
                label + "/graph" + n, index.clone(), edges.clone());
    }

    @Override
    public ThreadLevel threadLevel() {
        return mailbox.threadLevel;
    }

    @Override
    public ThreadLevel requestThreadLevel(ThreadLevel required) {
        checkThread();
        if (required == null) {
            throw new MpiException(ErrorClass.ARG, "requestThreadLevel on " + label + ": level is null");
        }
        if (mailbox.multi != null) {
            return ThreadLevel.MULTIPLE;     // cannot be taken back: other threads may be calling
        }
        if (required == ThreadLevel.MULTIPLE) {
            mailbox.enableMultipleCalls();   // before the volatile write of the level publishes it
        }
        mailbox.threadLevel = required;
        return required;
    }

    /** The world communicator of {@code worldRank}. */
    static DefaultComm world(World world, int worldRank) {
        int[] ranks = new int[world.size];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        return new DefaultComm(world, worldRank, ranks, 0, world.name);
    }
}
