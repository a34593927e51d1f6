package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Status;

/**
 * A posted receive: the matching engine's posted-receive queue entry and the {@link Request}
 * the kernel holds.
 *
 * <p>Owner-thread only: posted, matched, completed and waited for by the rank that created it
 * (the matching engine runs on the receiving rank's thread), so its fields need no ordering.
 * At {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} another thread of the rank may complete it while it
 * drains the rank's inbound queue, under the rank's lock ({@link MultipleCalls}); {@link #isComplete()}
 * then reads {@code complete} under that lock too, which publishes the status fields and error
 * written before it; the waiting thread builds the status from them afterwards.
 *
 * <p>Reuse: a blocking receive ({@code recv}, {@code sendrecv}, the collectives' post-and-wait
 * receives) below {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} runs on one request its communicator
 * keeps ({@link DefaultComm}'s receive slot) and {@link #reuse re-arms} per call instead of a new
 * one: such a request never reaches the application and is off the posted-receive queue once it
 * has completed, and the rank's calls are sequential at that level, so no one else holds it
 * between two calls. The matching fields are therefore not final; they change only in
 * {@link #reuse}, by the owner, while the request is in no queue. The only other reader, the
 * deadlock watchdog's {@link #describe()}, tolerates the race (it reads them while the owner is
 * blocked, when they are stable). At MULTIPLE every receive gets a request of its own, whose
 * fields other ranks' threads read in {@link #mayTake} after its publication through
 * {@link MultipleCalls}' waiter map.
 */
final class RecvRequest implements LocalRequest {
    private final PointToPointComm comm;
    private String operation;
    int context;
    int source;
    int tag;
    private Object buf;
    private int offset;
    private int capacity;
    private Datatype type;

    /** Posted-receive queue link (owner-private). */
    RecvRequest next;

    private boolean complete;
    private boolean cancelled;
    /**
     * The status, built on first demand from the four fields below ({@link #result()}): the
     * collectives' receives never ask for one, so they build none. Set at once for a cancel.
     */
    private Status status;
    private int gotSource;
    private int gotTag;
    private int gotCount;
    private int gotElements;
    private MpiException error;

    RecvRequest(PointToPointComm comm, String operation, int context, int source, int tag,
            Object buf, int offset, int capacity, Datatype type) {
        this.comm = comm;
        this.operation = operation;
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.buf = buf;
        this.offset = offset;
        this.capacity = capacity;
        this.type = type;
    }

    /**
     * Re-arms this completed request, taken from its communicator's receive slot, for the next
     * blocking receive: as new, with the given matching criteria and buffer. Owner only, and
     * only while the request is in no queue (complete, or never posted).
     *
     * @return this request
     */
    RecvRequest reuse(String operation, int context, int source, int tag, Object buf, int offset, int capacity,
            Datatype type) {
        this.operation = operation;
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.buf = buf;
        this.offset = offset;
        this.capacity = capacity;
        this.type = type;
        this.next = null;
        this.complete = false;
        this.cancelled = false;
        this.status = null;
        this.error = null;
        return this;
    }

    /**
     * Drops the references to the last call's buffer and status before the request goes back to
     * its communicator's receive slot, so that an idle slot keeps no application array alive.
     */
    void park() {
        buf = null;
        status = null;
    }

    /**
     * Completes this receive with {@code m}: checks type and length, copies the payload, and
     * releases a zero-copy message's buffer to its sender (also when the receive fails: MPI
     * consumes a message that fails its receive).
     */
    void complete(Message m) {
        try {
            copy(m);
        } finally {
            m.release();
        }
    }

    private void copy(Message m) {
        if (!accepts(m.type, m.count, m.source, m.tag)) {
            return;
        }
        int n = m.count;
        if (m.payload == null) {
            decodeOne(m.type, m.scalar);
        } else if (n > 0) {
            if (type.base() == Datatype.Base.OBJECT) {
                copyObjects(m, n);
            } else {
                copyElements(m, n);
            }
        }
        counted(n, m.scalar, m.source, m.tag);
    }

    /**
     * Completes this receive with a message taken from a {@link PairRing} slot, which never
     * became a {@link Message}: {@code n} (0 or 1) elements of {@code base}, whose {@code scalar}
     * is as {@link Message#scalar}'s.
     */
    void completeInline(Datatype.Base base, int n, long scalar, int source, int tag) {
        if (!accepts(base, n, source, tag)) {
            return;
        }
        if (n == 1) {
            decodeOne(base, scalar);
        }
        counted(n, scalar, source, tag);
    }

    /**
     * Marks the receive complete and checks that a message of {@code n} elements of {@code base}
     * fits it; if not, records the error.
     *
     * @return whether it fits
     */
    private boolean accepts(Datatype.Base base, int n, int source, int tag) {
        complete = true;
        if (tag != this.tag && CollectiveCall.signed(this.tag)) {
            // a message of the same collective kind from a call whose root, operation or place
            // differs from this rank's (CollectiveCall): consumed, like any message that fails its receive
            error = new MpiException(ErrorClass.ARG, comm.label() + ": " + CollectiveCall.mismatch(this.tag, tag,
                    source));
            return false;
        }
        if (base != type.base()) {
            error = new MpiException(ErrorClass.TYPE, describe() + ": matched a message of datatype " + base
                    + " (source=" + source + ", tag=" + CollectiveCall.tagText(tag) + ", count=" + n
                    + "), but the receive buffer's datatype is " + type + " (base type " + type.base() + ")");
            return false;
        }
        long capacityElements = (long) capacity * type.size();
        if (n > capacityElements) {
            error = new MpiException(ErrorClass.TRUNCATE, describe() + ": message truncated: it carries "
                    + n + " elements (source=" + source + ", tag=" + CollectiveCall.tagText(tag)
                    + ") but the receive buffer holds only " + capacityElements);
            return false;
        }
        return true;
    }

    /** Stores the one element a payload-less message carries as bits ({@link Message#encode}). */
    private void decodeOne(Datatype.Base base, long scalar) {
        if (type.isDense()) {
            Message.decode(base, scalar, buf, offset);
        } else {
            Object one = base.newArray(1);
            Message.decode(base, scalar, one, 0);
            TypeMap.of(type).fromContiguous(one, 0, 1, buf, offset);
        }
    }

    /** Records the status fields of a received message of {@code n} elements. */
    private void counted(int n, long scalar, int source, int tag) {
        if (type.size() == 0 && n == 0) {
            // items of a zero-size datatype: MPI counts the items sent and has no elements to count
            gotCount = (int) scalar;
            gotElements = io.ccrj.mpi.Comm.UNDEFINED;
        } else {
            gotCount = Status.countOf(n, type);
            gotElements = n;
        }
        gotSource = source;
        gotTag = tag;
    }

    /**
     * Copies the {@code n} elements of {@code m} into the buffer: consecutive payload elements
     * scattered through the receive type map, or, for a message lent from a non-dense send buffer,
     * gathered through the sender's type map (straight into a dense receive buffer: one copy).
     */
    private void copyElements(Message m, int n) {
        int at = 0;
        Datatype layout = null;
        if (m instanceof Message.Lent l) {
            at = l.payloadOffset;
            layout = l.layout;
        }
        if (layout == null) {
            TypeMap.of(type).fromContiguous(m.payload, at, n, buf, offset);
        } else if (type.isDense()) {
            TypeMap.of(layout).toContiguous(m.payload, at, n / layout.size(), buf, offset);
        } else {
            Object flat = m.type.newArray(n);
            TypeMap.of(layout).toContiguous(m.payload, at, n / layout.size(), flat, 0);
            TypeMap.of(type).fromContiguous(flat, 0, n, buf, offset);
        }
    }

    private void copyObjects(Message m, int n) {
        try {
            if (m.payload instanceof ObjectMessages.Serialized s) {
                TypeMap.of(type).fromContiguous(s.read(comm.world.objectLoader(comm.mailbox().worldRank)), 0, n, buf, offset);
            } else {
                copyElements(m, n);
            }
        } catch (MpiException e) {
            complete = true;
            error = new MpiException(e.errorClass(), describe() + ": the message (source=" + m.source + ", tag="
                    + CollectiveCall.tagText(m.tag) + "): " + e.getMessage(), e);
        } catch (ArrayStoreException e) {
            complete = true;
            error = new MpiException(ErrorClass.TYPE, describe() + ": an element of the message (source="
                    + m.source + ", tag=" + CollectiveCall.tagText(m.tag) + ") cannot be stored in the receive buffer of type "
                    + buf.getClass().getComponentType().getName() + "[]: " + e.getMessage());
        }
    }

    @Override
    public boolean mayTake(Message m) {
        return m.matches(context, source, tag);
    }

    @Override
    public boolean isComplete() {
        MultipleCalls mc = comm.mailbox().multi;
        if (mc != null && !mc.heldByCurrentThread()) {
            mc.lock();
            try {
                return complete;
            } finally {
                mc.unlock();
            }
        }
        return complete;
    }

    /**
     * Cancels the receive if no message has matched it yet ({@code MPI_Cancel}): it leaves the
     * posted-receive queue and completes with a cancelled status.
     */
    @Override
    public void cancel() {
        comm.checkThread();
        if (!isComplete() && comm.mailbox().unpost(this)) {
            complete = true;
            cancelled = true;
            status = new Status(source, tag, 0, 0, true, io.ccrj.mpi.Comm.UNDEFINED);
        }
    }

    /** Whether {@link #cancel()} took this receive back. */
    boolean cancelled() {
        return cancelled;
    }

    @Override
    public RankMailbox mailbox() {
        return comm.mailbox();
    }

    /** The status, or the receive's error thrown. Only once complete. */
    Status result() {
        checkResult();
        Status s = status;
        if (s == null) {
            s = comm.status(gotSource, gotTag, gotCount, gotElements);
            status = s;
        }
        return s;
    }

    /** Throws the receive's error, if any, without building a status. Only once complete. */
    void checkResult() {
        if (error != null) {
            throw error;
        }
    }

    @Override
    public Status waitFor() {
        comm.checkThread();
        if (!isComplete()) {
            comm.mailbox().await(this);
        }
        return result();
    }

    @Override
    public Status test() {
        comm.checkThread();
        if (!isComplete()) {
            comm.mailbox().progress();
            if (!isComplete()) {
                comm.mailbox().failIfEnded(this);
                return null;
            }
        }
        return result();
    }

    @Override
    public String describe() {
        return operation + "(source=" + (source == io.ccrj.mpi.Comm.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source))
                + ", tag=" + (tag == io.ccrj.mpi.Comm.ANY_TAG ? "ANY_TAG" : CollectiveCall.tagText(tag))
                + ", " + type + " x " + capacity + ") on " + comm.label();
    }

    @Override
    public String toString() {
        return describe() + (complete ? " complete" : " pending");
    }
}
