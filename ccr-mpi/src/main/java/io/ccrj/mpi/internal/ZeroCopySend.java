package io.ccrj.mpi.internal;

import io.ccrj.mpi.Status;

/**
 * A send that completes once the receiver has taken the message ({@link Message.Lent#consumed}): a
 * message that lends the sender's buffer to the receiver (zero-copy protocol, for large
 * {@code sendrecv} and {@code isend} messages, where it saves the eager protocol's second copy),
 * or a synchronous-mode send ({@code ssend}, {@code issend}), which must not complete before the
 * receive has matched.
 *
 * <p>Thread safety: waited for and tested by the sending rank only; {@code consumed} is written
 * by the receiving rank (volatile).
 */
final class ZeroCopySend implements LocalRequest {
    private final PointToPointComm comm;
    private final String operation;
    private final Message.Lent message;
    private final int dest;
    /** Items of the send's datatype. */
    private final int count;

    ZeroCopySend(PointToPointComm comm, String operation, Message.Lent message, int dest, int count) {
        this.comm = comm;
        this.operation = operation;
        this.message = message;
        this.dest = dest;
        this.count = count;
    }

    @Override
    public RankMailbox mailbox() {
        return comm.mailbox();
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
        return new Status(dest, message.tag, count, message.count, false, io.ccrj.mpi.Comm.UNDEFINED);
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
