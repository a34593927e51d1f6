package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Binomial-tree broadcast (R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, section 4.1): ranks renumbered
 * relative to the root; a rank receives once from the rank that differs in its lowest set bit
 * (round 0), then forwards to the ranks below that bit (round 1). ceil(log2 n) steps along any
 * path; each rank receives once.
 *
 * <p>Re-armed per call ({@link #reset}) so that a communicator's blocking bcast reuses one.
 */
final class BinomialTreeBroadcast extends Schedule {
    private Object buf;
    private int offset;
    private int count;
    private Datatype type;
    private int root;
    /** This rank relative to the root, set in round 0 for round 1 (one thread at a time, see {@link Schedule}). */
    private int vr;

    BinomialTreeBroadcast reset(Object buf, int offset, int count, Datatype type, int root) {
        this.buf = buf;
        this.offset = offset;
        this.count = count;
        this.type = type;
        this.root = root;
        return this;
    }

    /** Drops the buffer reference after a blocking call, so that an idle instance keeps no array alive. */
    void clear() {
        buf = null;
    }

    @Override
    boolean round(int r, CollTransport t) {
        int n = t.size();
        if (r == 0) {
            int v = t.rank() - root;
            vr = v < 0 ? v + n : v;
            if (vr != 0) {
                t.recv(buf, offset, count, type, real(vr - Integer.lowestOneBit(vr), n), CollectiveComm.TAG_BCAST);
            }
            return true;
        }
        if (r == 1) {
            int top = vr == 0 ? (n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1) : Integer.lowestOneBit(vr);
            for (int mask = top >> 1; mask > 0; mask >>= 1) {
                if (vr + mask < n) {
                    t.send(buf, offset, count, type, real(vr + mask, n), CollectiveComm.TAG_BCAST);
                }
            }
            return true;
        }
        return false;
    }

    /**
     * The communicator rank of relative rank {@code v} ({@code 0 <= v < n}): {@code (v + root) % n}
     * without the division, which a bcast of one element at two ranks otherwise pays per round.
     */
    private int real(int v, int n) {
        int x = v + root;
        return x >= n ? x - n : x;
    }

    @Override
    String name() {
        return "bcast";
    }

    @Override
    int call() {
        return CollectiveCall.code(null, root);
    }
}
