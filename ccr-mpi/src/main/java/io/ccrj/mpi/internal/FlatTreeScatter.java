package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Flat-tree (linear) scatter: the root sends each rank its block directly (sends are eager
 * copies, so the root never waits), every other rank receives once. See {@link FlatTreeGather}
 * for why linear suits in-process ranks.
 */
final class FlatTreeScatter {
    private FlatTreeScatter() {
    }

    /**
     * Scatter of varying blocks: rank {@code i} receives {@code sendcounts[i]} items from index
     * {@code sendAt[i]} of the root's buffer ({@code sendcounts} and {@code sendAt} are read at
     * the root only). {@code recvbuf} {@code null} at the root: its block stays in place.
     */
    static void scatterv(DefaultComm comm, Object sendbuf, int[] sendcounts, int[] sendAt, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        int n = comm.size();
        int rank = comm.rank();
        if (rank != root) {
            comm.collRecv(recvbuf, recvoffset, recvcount, recvtype, root, DefaultComm.TAG_SCATTER);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (i != root) {
                comm.collSend(sendbuf, sendAt[i], sendcounts[i], sendtype, i, DefaultComm.TAG_SCATTER);
            }
        }
        if (recvbuf != null) {
            LocalCopy.copy(comm, "scatter", sendbuf, sendAt[root], sendcounts[root], sendtype, recvbuf, recvoffset,
                    recvcount, recvtype);
        }
    }
}
