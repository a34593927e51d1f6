package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Ring allgather (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.2; MPICH's
 * {@code MPIR_Allgather_intra_ring}): in step {@code s = 0 .. n-2} each rank passes to its right
 * neighbour the block it received in the previous step (its own first) and receives the next from
 * its left neighbour. n - 1 steps, each moving one block per rank, for any n; blocks may differ in
 * size ({@code Allgatherv}).
 */
final class RingAllgather {
    private RingAllgather() {
    }

    /**
     * Allgather of varying blocks: block {@code b} ({@code recvcounts[b]} items at index
     * {@code recvAt[b]}) comes from rank {@code b}. {@code sendbuf} {@code null}: this rank's block
     * is already in place.
     */
    static void allgatherv(DefaultComm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype) {
        int n = comm.size();
        int rank = comm.rank();
        if (sendbuf != null) {
            LocalCopy.copy(comm, "allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvAt[rank],
                    recvcounts[rank], recvtype);
        }
        int right = (rank + 1) % n;
        int left = (rank - 1 + n) % n;
        for (int s = 0; s < n - 1; s++) {
            int sendBlock = (rank - s + n) % n;
            int recvBlock = (rank - s - 1 + n) % n;
            comm.collSendrecv(recvbuf, recvAt[sendBlock], recvcounts[sendBlock], recvtype, right,
                    recvbuf, recvAt[recvBlock], recvcounts[recvBlock], recvtype, left, DefaultComm.TAG_ALLGATHER);
        }
    }
}
