package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Ring allgather (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.2; MPICH's
 * {@code MPIR_Allgather_intra_ring}): in round {@code s = 0 .. n-2} each rank passes to its right
 * neighbour the block it received in the previous round (its own first) and receives the next
 * from its left neighbour. n - 1 rounds, each moving one block per rank, for any n; blocks may
 * differ in size ({@code Allgatherv}).
 */
final class RingAllgather extends Schedule {
    private final Object sendbuf;
    private final int sendoffset;
    private final int sendcount;
    private final Datatype sendtype;
    private final Object recvbuf;
    private final int[] recvcounts;
    private final int[] recvAt;
    private final Datatype recvtype;

    /**
     * Allgather of varying blocks: block {@code b} ({@code recvcounts[b]} items at index
     * {@code recvAt[b]}) comes from rank {@code b}. {@code sendbuf} {@code null}: this rank's block
     * is already in place.
     */
    RingAllgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcounts,
            int[] recvAt, Datatype recvtype) {
        this.sendbuf = sendbuf;
        this.sendoffset = sendoffset;
        this.sendcount = sendcount;
        this.sendtype = sendtype;
        this.recvbuf = recvbuf;
        this.recvcounts = recvcounts;
        this.recvAt = recvAt;
        this.recvtype = recvtype;
    }

    @Override
    boolean round(int s, CollTransport t) {
        int n = t.size();
        int rank = t.rank();
        if (s == 0 && sendbuf != null) {
            LocalCopy.copy(t, "allgather", sendbuf, sendoffset, sendcount, sendtype, recvbuf, recvAt[rank],
                    recvcounts[rank], recvtype);
        }
        if (s >= n - 1) {
            return false;
        }
        int sendBlock = (rank - s + n) % n;
        int recvBlock = (rank - s - 1 + n) % n;
        t.recv(recvbuf, recvAt[recvBlock], recvcounts[recvBlock], recvtype, (rank - 1 + n) % n,
                CollectiveComm.TAG_ALLGATHER);
        t.send(recvbuf, recvAt[sendBlock], recvcounts[sendBlock], recvtype, (rank + 1) % n,
                CollectiveComm.TAG_ALLGATHER);
        return true;
    }

    @Override
    String name() {
        return "allgather";
    }
}
