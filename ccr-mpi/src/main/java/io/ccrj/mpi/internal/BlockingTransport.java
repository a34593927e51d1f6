package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * The blocking driver's transport: a collective's rounds on the rank mailbox's collective context
 * of one communicator ({@link PointToPointComm#collSend} and the receive slot). A round's
 * receives are posted as the schedule asks, its sends delivered at once (eager copies), and
 * {@link #completeRound()} waits for the receives on the calling thread, as the straight-line
 * blocking algorithms did.
 *
 * <p>Owner only: one per communicator, used by the one thread that MPI lets call a collective on
 * a communicator at a time; {@link #pending} is reused from call to call, so a round with one
 * receive (most rounds: every round of barrier, bcast, allreduce) allocates nothing.
 */
final class BlockingTransport implements CollTransport {
    private final PointToPointComm comm;
    private RecvRequest[] pending = new RecvRequest[4];
    private int posted;
    /** The blocking collective calls started on this communicator so far: the next one's number. */
    private long calls;
    /** The signature of the call in progress ({@link CollectiveCall#signature}), or-ed into its collective tags. */
    private int signature;

    BlockingTransport(PointToPointComm comm) {
        this.comm = comm;
    }

    @Override
    public int rank() {
        return comm.rank;
    }

    @Override
    public int size() {
        return comm.size;
    }

    @Override
    public String label() {
        return comm.label;
    }

    /**
     * Starts this communicator's next blocking collective call, whose root and operation are
     * {@code code} ({@link CollectiveCall#code}): its messages' tags carry both and the call's
     * number, which the receiving ranks compare with their own. Every rank starts the same calls
     * in the same order (MPI requires it), so they number them alike.
     */
    void startCall(int code) {
        signature = CollectiveCall.signature(calls++, code);
        comm.mailbox.collectiveCode = code;
    }

    /** {@code tag} with the call's signature if it is a collective kind; neighbour tags stay as they are. */
    private int signed(int tag) {
        return tag < CollectiveCall.KINDS ? tag | signature : tag;
    }

    @Override
    public void recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = comm.blockingPost("recv", comm.context + 1, source, signed(tag), buf, offset, count, type);
        if (posted == pending.length) {
            pending = java.util.Arrays.copyOf(pending, posted * 2);
        }
        pending[posted++] = r;
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        comm.collSend(buf, offset, count, type, dest, signed(tag));
    }

    /**
     * Waits for the receives posted since the last call and rethrows the first error; each
     * request then goes back to the receive slot (the slot keeps one).
     */
    void completeRound() {
        int n = posted;
        posted = 0;
        for (int i = 0; i < n; i++) {
            RecvRequest r = pending[i];
            pending[i] = null;
            if (!r.isComplete()) {
                comm.mailbox.await(r);
            }
            r.checkResult();
            comm.release(r);
        }
    }

    /** Forgets receives a failed round left posted (they stay in the mailbox; the slot makes a new one). */
    void abandonRound() {
        java.util.Arrays.fill(pending, 0, posted, null);
        posted = 0;
    }
}
