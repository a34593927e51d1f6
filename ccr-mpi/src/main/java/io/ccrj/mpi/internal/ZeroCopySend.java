package io.ccrj.mpi.internal;

import io.ccrj.mpi.Request;
import io.ccrj.mpi.Status;

/**
 * A send whose message lends the sender's buffer to the receiver (zero-copy protocol): complete
 * once the receiver has copied the elements out ({@link Message#consumed}). Used for large
 * {@code sendrecv} and {@code isend} messages, where it saves the eager protocol's second copy.
 *
 * <p>Thread safety: waited for and tested by the sending rank only; {@code consumed} is written
 * by the receiving rank (volatile).
 */
final class ZeroCopySend implements Request, Pending {
    private final DefaultComm comm;
    private final String operation;
    private final Message message;
    private final int dest;

    ZeroCopySend(DefaultComm comm, String operation, Message message, int dest) {
        this.comm = comm;
        this.operation = operation;
        this.message = message;
        this.dest = dest;
    }

    @Override
    public boolean isComplete() {
        return message.consumed;
    }

    @Override
    public boolean needsMessage() {
        return false;
    }

    @Override
    public Status waitFor() {
        comm.checkThread();
        if (!message.consumed) {
            comm.mailbox().await(this);
        }
        return status();
    }

    @Override
    public Status test() {
        comm.checkThread();
        if (message.consumed) {
            return status();
        }
        comm.mailbox().progress();
        if (message.consumed) {
            return status();
        }
        comm.mailbox().failIfEnded(this);
        return null;
    }

    private Status status() {
        return new Status(dest, message.tag, message.count);
    }

    @Override
    public String describe() {
        return operation + "(dest=" + dest + ", tag=" + message.tag + ", " + message.type + " x " + message.count
                + ", waiting for the receiver to take it) on " + comm.label();
    }

    @Override
    public String toString() {
        return describe() + (message.consumed ? " complete" : " pending");
    }
}
