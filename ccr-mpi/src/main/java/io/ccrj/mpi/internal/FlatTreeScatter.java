package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Flat-tree (linear) scatter: the root sends each rank its block directly (sends are eager
 * copies, so the root never waits), every other rank receives once; one round. See
 * {@link FlatTreeGather} for why linear suits in-process ranks.
 */
final class FlatTreeScatter extends Schedule {
    private final Object sendbuf;
    private final int[] sendcounts;
    private final int[] sendAt;
    private final Datatype sendtype;
    private final Object recvbuf;
    private final int recvoffset;
    private final int recvcount;
    private final Datatype recvtype;
    private final int root;

    /**
     * Scatter of varying blocks: rank {@code i} receives {@code sendcounts[i]} items from index
     * {@code sendAt[i]} of the root's buffer ({@code sendcounts} and {@code sendAt} are read at
     * the root only). {@code recvbuf} {@code null} at the root: its block stays in place.
     */
    FlatTreeScatter(Object sendbuf, int[] sendcounts, int[] sendAt, Datatype sendtype, Object recvbuf, int recvoffset,
            int recvcount, Datatype recvtype, int root) {
        this.sendbuf = sendbuf;
        this.sendcounts = sendcounts;
        this.sendAt = sendAt;
        this.sendtype = sendtype;
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
        this.recvcount = recvcount;
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
            t.recv(recvbuf, recvoffset, recvcount, recvtype, root, CollectiveComm.TAG_SCATTER);
            return true;
        }
        for (int i = 0; i < n; i++) {
            if (i != root) {
                t.send(sendbuf, sendAt[i], sendcounts[i], sendtype, i, CollectiveComm.TAG_SCATTER);
            }
        }
        if (recvbuf != null) {
            LocalCopy.copy(t, "scatter", sendbuf, sendAt[root], sendcounts[root], sendtype, recvbuf, recvoffset,
                    recvcount, recvtype);
        }
        return true;
    }

    @Override
    String name() {
        return "scatter";
    }

    @Override
    int call() {
        return CollectiveCall.code(null, root);
    }
}
