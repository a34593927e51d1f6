package io.ccrj.mpi.internal;

import io.ccrj.mpi.CartComm;
import io.ccrj.mpi.Comm;
import io.ccrj.mpi.Comparison;
import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.GraphComm;
import io.ccrj.mpi.Group;
import io.ccrj.mpi.Intercomm;
import io.ccrj.mpi.MatchedMessage;
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
 * The point-to-point layer of ccr-mpi's communicator ({@link DefaultComm} is the whole): the send
 * modes, receives, probes and persistent requests on the communicator's point-to-point context,
 * and the collective transport ({@link #collSend}, {@link #collRecv}, ...) on its collective
 * context. Each communicator owns two matching contexts: {@code context} for point-to-point
 * traffic and {@code context + 1} for its blocking collectives, so neither ever matches the other
 * or another communicator's traffic. (Nonblocking collectives do not use the mailbox at all: see
 * {@link NonblockingCollective}.) Sources and destinations are ranks in this communicator;
 * {@link #worldRanks} maps them to the mailboxes of the world.
 *
 * <p>Each wrapper has one shape: check the thread and the arguments ({@link Args}, shared with
 * the other communicator implementations), then start the operation on the rank's mailbox.
 *
 * <p>Thread safety: confined to the thread that owns the rank's mailbox ({@link #checkThread()}):
 * the rank's own thread, or at {@link ThreadLevel#SERIALIZED} whichever thread calls, one at a
 * time. At {@link ThreadLevel#MULTIPLE} point-to-point calls and requests may come from several
 * threads at once: the mailbox serializes its matching engine ({@link MultipleCalls}), and what
 * else a call touches is its own (its request) or written only by collectives and communicator
 * management, which MPI allows one thread per communicator at a time.
 */
abstract class PointToPointComm implements Comm {
    /**
     * From this many elements on, {@code sendrecv} and {@code isend} lend the send buffer to the
     * receiver instead of copying it (one copy instead of two; the send completes when the
     * receiver has taken the elements). Why 256: in the 2-rank sendrecv benchmarks lending is clearly
     * faster at 1,000 doubles and cannot be told apart from copying up to about 64 elements, and
     * small sends stay eager so that {@code isend} completes at once. Blocking {@code send} always
     * copies, so it never waits for a receiver.
     */
    static final int ZERO_COPY_THRESHOLD = 256;

    final World world;
    final RankMailbox mailbox;
    final int rank;
    final int size;
    final int[] worldRanks;
    final int context;
    final String label;
    /** Set by {@link #free()} (owner only). */
    boolean freed;
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
     * A communicator whose destinations are {@code peerWorldRanks} and whose mailbox is given (for
     * an intercommunicator the peers are the remote group and {@code rank} is this rank's number
     * in its local group).
     */
    PointToPointComm(World world, int rank, int[] peerWorldRanks, RankMailbox mailbox, int context, String label) {
        this.world = world;
        this.rank = rank;
        this.size = peerWorldRanks.length;
        this.worldRanks = peerWorldRanks;
        this.mailbox = mailbox;
        this.context = context;
        this.label = label;
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

    String where(String op) {
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
    RecvRequest blockingPost(String op, int ctx, int source, int tag, Object buf, int offset, int count,
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
    void release(RecvRequest r) {
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

    @Override
    public MatchedMessage mprobe(int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return new Matched(null);
        }
        Args.source("mprobe", label, source, size);
        Args.recvTag("mprobe", label, tag);
        while (true) {
            mailbox.progress();
            Message m = mailbox.takeMatched(context, source, tag);
            if (m != null) {
                return new Matched(m);
            }
            // another thread of the rank may take the message between the wait and the take
            // (MULTIPLE): wait again
            mailbox.await(new Probe(source, tag));
        }
    }

    @Override
    public MatchedMessage improbe(int source, int tag) {
        checkThread();
        if (source == PROC_NULL) {
            return new Matched(null);
        }
        Args.source("improbe", label, source, size);
        Args.recvTag("improbe", label, tag);
        mailbox.progress();
        Message m = mailbox.takeMatched(context, source, tag);
        if (m != null) {
            return new Matched(m);
        }
        mailbox.failIfEnded(new Probe(source, tag));
        return null;
    }

    /**
     * A message a matched probe took off the unexpected-message queue ({@code null}: from
     * {@link #PROC_NULL}). Received once: {@code taken} is set by the first receive (the probing
     * thread's, or any thread it hands the message to, one at a time).
     */
    private final class Matched implements MatchedMessage {
        private final Message message;
        private boolean taken;

        Matched(Message message) {
            this.message = message;
        }

        @Override
        public Status status() {
            return message == null ? procNullStatus() : new Status(message.source, message.tag, message.count);
        }

        @Override
        public Status recv(Object buf, int offset, int count, Datatype type) {
            checkThread();
            if (taken) {
                throw new MpiException(ErrorClass.REQUEST, where("mrecv") + ": the matched message "
                        + (message == null ? "from PROC_NULL" : "(source=" + message.source + ", tag=" + message.tag
                        + ")") + " was already received");
            }
            if (message == null) {
                taken = true;
                return procNullStatus();
            }
            Args.buffer("mrecv", label, buf, offset, count, type);
            taken = true;
            RecvRequest r = new RecvRequest(PointToPointComm.this, "mrecv", context, message.source, message.tag, buf,
                    offset, count, type);
            r.complete(message);
            return r.result();
        }

        @Override
        public Request irecv(Object buf, int offset, int count, Datatype type) {
            return new CompletedRequest(recv(buf, offset, count, type));
        }

        @Override
        public String toString() {
            return "matched message " + status() + (taken ? " (received)" : "");
        }
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
    void deliver(int ctx, Object buf, int offset, int count, Datatype type, int dest, int tag) {
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
    boolean copiesObjects(Datatype type, int to) {
        return world.copiesObjects && type.base() == Datatype.Base.OBJECT
                && world.copiesObjects(mailbox.worldRank, to);
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
        MultipleCalls mc = mailbox.multi;
        if (mc != null) {
            mc.noteCaller(t); // for the watchdog: a thread of the rank that may run outside MPI
            return;      // MULTIPLE: the owner stays the rank's thread; waiters are woken as a set
        }
        mailbox.owner = t;
    }

}
