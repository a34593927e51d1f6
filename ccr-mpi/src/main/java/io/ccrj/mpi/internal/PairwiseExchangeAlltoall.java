package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Pairwise-exchange all-to-all (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.5;
 * MPICH's {@code MPIR_Alltoall_intra_pairwise}): in step {@code i = 1 .. n-1} each rank sends the
 * block for {@code rank + i} and receives the block from {@code rank - i} with one sendrecv, so
 * every step is a permutation and no rank receives two blocks at once. Blocks may differ in size
 * ({@code Alltoallv}); {@code Alltoall} is the case of equal blocks.
 */
final class PairwiseExchangeAlltoall {
    private PairwiseExchangeAlltoall() {
    }

    /**
     * All-to-all of varying blocks: block {@code j} of this rank ({@code sendcounts[j]} items at
     * index {@code sendAt[j]}) goes to rank {@code j}, which stores it at its {@code recvAt[rank]}.
     */
    static void alltoallv(DefaultComm comm, Object sendbuf, int[] sendcounts, int[] sendAt, Datatype sendtype,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype) {
        int n = comm.size();
        int rank = comm.rank();
        LocalCopy.copy(comm, "alltoall", sendbuf, sendAt[rank], sendcounts[rank], sendtype,
                recvbuf, recvAt[rank], recvcounts[rank], recvtype);
        for (int i = 1; i < n; i++) {
            int dst = (rank + i) % n;
            int src = (rank - i + n) % n;
            comm.collSendrecv(sendbuf, sendAt[dst], sendcounts[dst], sendtype, dst,
                    recvbuf, recvAt[src], recvcounts[src], recvtype, src, DefaultComm.TAG_ALLTOALL);
        }
    }
}
