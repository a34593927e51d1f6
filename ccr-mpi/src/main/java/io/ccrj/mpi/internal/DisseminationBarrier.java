package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * The dissemination barrier (D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier
 * synchronization", International Journal of Parallel Programming 17(1), 1988; also MPICH's
 * {@code MPIR_Barrier_intra_dissemination}): in round {@code k} ({@code d = 2^k}) rank {@code r}
 * signals {@code r + d} and waits for {@code r - d} (mod n): ceil(log2 n) rounds for any n, with no
 * rank idle, and no rank leaves before every rank has arrived. Stateless apart from (n, r), so one
 * instance per communicator serves every blocking barrier.
 */
final class DisseminationBarrier extends Schedule {
    private static final Object EMPTY = new int[0];

    @Override
    boolean round(int k, CollTransport t) {
        int n = t.size();
        if (k >= 31 || 1 << k >= n) {
            return false;
        }
        int d = 1 << k;
        int r = t.rank();
        t.recv(EMPTY, 0, 0, Datatype.INT, (r - d + n) % n, CollectiveComm.TAG_BARRIER);
        t.send(EMPTY, 0, 0, Datatype.INT, (r + d) % n, CollectiveComm.TAG_BARRIER);
        return true;
    }

    @Override
    String name() {
        return "barrier";
    }
}
