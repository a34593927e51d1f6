package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * A posted receive: the matching engine's posted-receive queue entry and the {@link Request}
 * the kernel holds.
 *
 * <p>Owner-thread only: posted, matched, completed and waited for by the rank that created it
 * (the matching engine runs on the receiving rank's thread), so its fields need no ordering.
 */
final class RecvRequest implements Request, Pending {
    private final DefaultComm comm;
    private final String operation;
    final int context;
    final int source;
    final int tag;
    private final Object buf;
    private final int offset;
    private final int capacity;
    private final Datatype type;

    /** Posted-receive queue link (owner-private). */
    RecvRequest next;

    private boolean complete;
    private Status status;
    private MpiException error;

    RecvRequest(DefaultComm comm, String operation, int context, int source, int tag,
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
        complete = true;
        if (m.type != type) {
            error = new MpiException(ErrorClass.TYPE, describe() + ": matched a message of datatype " + m.type
                    + " (source=" + m.source + ", tag=" + m.tag + ", count=" + m.count
                    + "), but the receive buffer's datatype is " + type);
            return;
        }
        if (m.count > capacity) {
            error = new MpiException(ErrorClass.TRUNCATE, describe() + ": message truncated: it carries "
                    + m.count + " elements (source=" + m.source + ", tag=" + m.tag
                    + ") but the receive buffer holds only " + capacity);
            return;
        }
        int n = m.count;
        if (m.payload == null) {
            switch (type) {
                case DOUBLE -> ((double[]) buf)[offset] = Double.longBitsToDouble(m.scalar);
                case INT -> ((int[]) buf)[offset] = (int) m.scalar;
                case LONG -> ((long[]) buf)[offset] = m.scalar;
                case OBJECT -> throw new AssertionError("object messages always carry a payload");
            }
        } else if (n > 0) {
            if (type == Datatype.OBJECT) {
                copyObjects(m, n);
            } else {
                System.arraycopy(m.payload, m.payloadOffset, buf, offset, n);
            }
        }
        status = new Status(m.source, m.tag, n);
    }

    private void copyObjects(Message m, int n) {
        try {
            System.arraycopy(m.payload, m.payloadOffset, buf, offset, n);
        } catch (ArrayStoreException e) {
            complete = true;
            error = new MpiException(ErrorClass.TYPE, describe() + ": an element of the message (source="
                    + m.source + ", tag=" + m.tag + ") cannot be stored in the receive buffer of type "
                    + buf.getClass().getComponentType().getName() + "[]: " + e.getMessage());
        }
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    /** The status, or the receive's error thrown. Only once complete. */
    Status result() {
        if (error != null) {
            throw error;
        }
        return status;
    }

    @Override
    public Status waitFor() {
        comm.checkThread();
        if (!complete) {
            comm.mailbox().await(this);
        }
        return result();
    }

    @Override
    public Status test() {
        comm.checkThread();
        if (!complete) {
            comm.mailbox().progress();
            if (!complete) {
                comm.mailbox().failIfEnded(this);
                return null;
            }
        }
        return result();
    }

    @Override
    public String describe() {
        return operation + "(source=" + (source == io.ccrj.mpi.Comm.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source))
                + ", tag=" + (tag == io.ccrj.mpi.Comm.ANY_TAG ? "ANY_TAG" : String.valueOf(tag))
                + ", " + type + " x " + capacity + ") on " + comm.label();
    }

    @Override
    public String toString() {
        return describe() + (complete ? " complete" : " pending");
    }
}
