package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Pairwise-exchange all-to-all (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.5;
 * MPICH's {@code MPIR_Alltoall_intra_pairwise}): in step {@code i = 1 .. n-1} each rank sends the
 * block for {@code rank + i} and receives the block from {@code rank - i} with one sendrecv, so
 * every step is a permutation and no rank receives two blocks at once.
 */
final class PairwiseExchangeAlltoall {
    private PairwiseExchangeAlltoall() {
    }

    static void alltoall(DefaultComm comm, Object sendbuf, int sendoffset, int sendcount, Datatype sendtype,
            Object recvbuf, int recvoffset, int recvcount, Datatype recvtype) {
        int n = comm.size();
        int rank = comm.rank();
        LocalCopy.copy(comm, "alltoall", sendbuf, sendoffset + rank * sendcount, sendcount,
                recvbuf, recvoffset + rank * recvcount, recvcount);
        for (int i = 1; i < n; i++) {
            int dst = (rank + i) % n;
            int src = (rank - i + n) % n;
            comm.collSendrecv(sendbuf, sendoffset + dst * sendcount, sendcount, sendtype, dst,
                    recvbuf, recvoffset + src * recvcount, recvcount, recvtype, src, DefaultComm.TAG_ALLTOALL);
        }
    }
}
