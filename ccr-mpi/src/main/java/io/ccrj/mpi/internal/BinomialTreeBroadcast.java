package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;

/**
 * Binomial-tree broadcast (R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, section 4.1): ranks renumbered
 * relative to the root; a rank receives once from the rank that differs in its lowest set bit,
 * then forwards to the ranks below that bit. ceil(log2 n) steps; each rank receives once.
 */
final class BinomialTreeBroadcast {
    private BinomialTreeBroadcast() {
    }

    static void bcast(DefaultComm comm, Object buf, int offset, int count, Datatype type, int root) {
        int n = comm.size();
        int vr = (comm.rank() - root + n) % n;
        int mask = 1;
        while (mask < n) {
            if ((vr & mask) != 0) {
                comm.collRecv(buf, offset, count, type, (vr - mask + root) % n, DefaultComm.TAG_BCAST);
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        while (mask > 0) {
            if (vr + mask < n) {
                comm.collSend(buf, offset, count, type, (vr + mask + root) % n, DefaultComm.TAG_BCAST);
            }
            mask >>= 1;
        }
    }
}
