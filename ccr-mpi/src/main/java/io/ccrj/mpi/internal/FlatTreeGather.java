package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Flat-tree (linear) gather: every rank sends its block straight to the root, which posts one
 * receive per rank directly into its slot of the result and then waits for all. One message per
 * rank and no intermediate copies; for the in-process ranks of one machine (a few to a few dozen)
 * this beats the binomial tree's log2 n hops of growing messages (Thakur, Rabenseifner, Gropp,
 * IJHPCA 2005, discuss the trade-off; MPICH uses linear gather for small communicators too).
 */
final class FlatTreeGather {
    private FlatTreeGather() {
    }

    /**
     * Gather of varying blocks: rank {@code i}'s items land at index {@code recvAt[i]} of the
     * root's buffer, at most {@code recvcounts[i]} of them (both read at the root only).
     * {@code sendbuf} {@code null} at the root: its block is already in place.
     */
    static void gatherv(DefaultComm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype, int root) {
        int n = comm.size();
        int rank = comm.rank();
        if (rank != root) {
            comm.collSend(sendbuf, sendoffset, sendcount, sendtype, root, DefaultComm.TAG_GATHER);
            return;
        }
        RecvRequest[] requests = new RecvRequest[n];
        for (int i = 0; i < n; i++) {
            if (i != root) {
                requests[i] = comm.collPost(recvbuf, recvAt[i], recvcounts[i], recvtype, i, DefaultComm.TAG_GATHER);
            }
        }
        if (sendbuf != null) {
            LocalCopy.copy(comm, "gather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvAt[root],
                    recvcounts[root], recvtype);
        }
        for (RecvRequest r : requests) {
            if (r != null) {
                comm.collWait(r);
            }
        }
    }
}
