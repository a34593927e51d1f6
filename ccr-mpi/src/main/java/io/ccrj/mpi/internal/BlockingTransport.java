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

    @Override
    public void recv(Object buf, int offset, int count, Datatype type, int source, int tag) {
        RecvRequest r = comm.blockingPost("recv", comm.context + 1, source, tag, buf, offset, count, type);
        if (posted == pending.length) {
            pending = java.util.Arrays.copyOf(pending, posted * 2);
        }
        pending[posted++] = r;
    }

    @Override
    public void send(Object buf, int offset, int count, Datatype type, int dest, int tag) {
        comm.collSend(buf, offset, count, type, dest, tag);
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
