package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Flat-tree (linear) gather: every rank sends its block straight to the root, which receives one
 * block per rank directly into its slot of the result, all in one round. One message per rank and
 * no intermediate copies; for the in-process ranks of one machine (a few to a few dozen) this
 * beats the binomial tree's log2 n hops of growing messages (Thakur, Rabenseifner, Gropp, IJHPCA
 * 2005, discuss the trade-off; MPICH uses linear gather for small communicators too).
 */
final class FlatTreeGather extends Schedule {
    private final Object sendbuf;
    private final int sendoffset;
    private final int sendcount;
    private final Datatype sendtype;
    private final Object recvbuf;
    private final int[] recvcounts;
    private final int[] recvAt;
    private final Datatype recvtype;
    private final int root;

    /**
     * Gather of varying blocks: rank {@code i}'s items land at index {@code recvAt[i]} of the
     * root's buffer, at most {@code recvcounts[i]} of them (both read at the root only).
     * {@code sendbuf} {@code null} at the root: its block is already in place.
     */
    FlatTreeGather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcounts,
            int[] recvAt, Datatype recvtype, int root) {
        this.sendbuf = sendbuf;
        this.sendoffset = sendoffset;
        this.sendcount = sendcount;
        this.sendtype = sendtype;
        this.recvbuf = recvbuf;
        this.recvcounts = recvcounts;
        this.recvAt = recvAt;
        this.recvtype = recvtype;
        this.root = root;
    }

    @Override
    boolean round(int r, CollTransport t) {
        if (r > 0) {
            return false;
        }
        int n = t.size();
        if (t.rank() != root) {
            t.send(sendbuf, sendoffset, sendcount, sendtype, root, CollectiveComm.TAG_GATHER);
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (i != root) {
                t.recv(recvbuf, recvAt[i], recvcounts[i], recvtype, i, CollectiveComm.TAG_GATHER);
            }
        }
        if (sendbuf != null) {
            LocalCopy.copy(t, "gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvAt[root],
                    recvcounts[root], recvtype);
        }
        return true;
    }

    @Override
    String name() {
        return "gather";
    }

    @Override
    int call() {
        return CollectiveCall.code(null, root);
    }
}
