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

    static void scatter(DefaultComm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int root) {
        int n = comm.size();
        int rank = comm.rank();
        if (rank != root) {
            comm.collRecv(recvbuf, recvoffset, recvcount, recvtype, root, DefaultComm.TAG_SCATTER);
            return;
        }
        for (int i = 0; i < n; i++) {
            if (i != root) {
                comm.collSend(sendbuf, sendoffset + i * sendcount, sendcount, sendtype, i, DefaultComm.TAG_SCATTER);
            }
        }
        LocalCopy.copy(comm, "scatter", sendbuf, sendoffset + root * sendcount, sendcount, recvbuf, recvoffset, recvcount);
    }
}
