package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * The dissemination barrier (D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier
 * synchronization", International Journal of Parallel Programming 17(1), 1988; also MPICH's
 * {@code MPIR_Barrier_intra_dissemination}): in round {@code k = 1, 2, 4, ...} rank {@code r}
 * signals {@code r + k} and waits for {@code r - k} (mod n): ceil(log2 n) rounds for any n, with no
 * rank idle, and no rank leaves before every rank has arrived.
 */
final class DisseminationBarrier {
    private DisseminationBarrier() {
    }

    static void barrier(DefaultComm comm, Object empty) {
        int n = comm.size();
        int r = comm.rank();
        for (int k = 1; k < n; k <<= 1) {
            comm.collSendrecv(empty, 0, 0, Datatype.INT, (r + k) % n,
                    empty, 0, 0, Datatype.INT, (r - k + n) % n, DefaultComm.TAG_BARRIER);
        }
    }
}
