package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Pairwise-exchange all-to-all (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.5;
 * MPICH's {@code MPIR_Alltoall_intra_pairwise}): in round {@code i - 1} ({@code i = 1 .. n-1}) each
 * rank sends the block for {@code rank + i} and receives the block from {@code rank - i}, so every
 * round is a permutation and no rank receives two blocks at once. Blocks may differ in size
 * ({@code Alltoallv}) and in datatype ({@code Alltoallw}); {@code Alltoall} is the case of equal
 * blocks.
 */
final class PairwiseExchangeAlltoall extends Schedule {
    private final Object sendbuf;
    private final int[] sendcounts;
    private final int[] sendAt;
    private final Datatype[] sendtypes;
    private final Object recvbuf;
    private final int[] recvcounts;
    private final int[] recvAt;
    private final Datatype[] recvtypes;
    private final String name;

    /**
     * All-to-all of varying blocks: block {@code j} of this rank ({@code sendcounts[j]} items of
     * {@code sendtypes[j]} at index {@code sendAt[j]}) goes to rank {@code j}, which stores it at
     * its {@code recvAt[rank]} as {@code recvtypes[rank]}.
     */
    PairwiseExchangeAlltoall(String name, Object sendbuf, int[] sendcounts, int[] sendAt, Datatype[] sendtypes,
            Object recvbuf, int[] recvcounts, int[] recvAt, Datatype[] recvtypes) {
        this.name = name;
        this.sendbuf = sendbuf;
        this.sendcounts = sendcounts;
        this.sendAt = sendAt;
        this.sendtypes = sendtypes;
        this.recvbuf = recvbuf;
        this.recvcounts = recvcounts;
        this.recvAt = recvAt;
        this.recvtypes = recvtypes;
    }

    @Override
    boolean round(int r, CollTransport t) {
        int n = t.size();
        int rank = t.rank();
        if (r == 0) {
            LocalCopy.copy(t, name, sendbuf, sendAt[rank], sendcounts[rank], sendtypes[rank],
                    recvbuf, recvAt[rank], recvcounts[rank], recvtypes[rank]);
        }
        int i = r + 1;
        if (i >= n) {
            return false;
        }
        int dst = (rank + i) % n;
        int src = (rank - i + n) % n;
        t.recv(recvbuf, recvAt[src], recvcounts[src], recvtypes[src], src, CollectiveComm.TAG_ALLTOALL);
        t.send(sendbuf, sendAt[dst], sendcounts[dst], sendtypes[dst], dst, CollectiveComm.TAG_ALLTOALL);
        return true;
    }

    @Override
    String name() {
        return name;
    }
}
