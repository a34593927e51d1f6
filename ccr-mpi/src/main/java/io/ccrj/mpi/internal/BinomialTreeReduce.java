package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Binomial-tree reduction (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.3; MPICH's
 * {@code MPIR_Reduce_intra_binomial}): ranks renumbered relative to the root; at step
 * {@code mask = 1, 2, 4, ...} a rank with that bit set sends its partial result to the rank
 * {@code mask} below and leaves; the others receive from {@code mask} above and combine.
 * ceil(log2 n) steps.
 *
 * <p>Each partial result covers a contiguous block of relative ranks and is combined as
 * (lower block) op (higher block), so with root 0 the result is {@code x0 op x1 op ... op x(n-1)}
 * even for a non-commutative operation. For a non-commutative operation and another root the
 * result is reduced at rank 0 and sent to the root (as MPICH does).
 *
 * <p>Operands: see {@link OperandCopies}; every buffer the operation writes belongs to this
 * reduction alone.
 */
final class BinomialTreeReduce {
    private BinomialTreeReduce() {
    }

    static void reduce(DefaultComm comm, Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count,
            Datatype type, Op op, int root) {
        int n = comm.size();
        int rank = comm.rank();
        if (!op.isCommutative() && root != 0) {
            Object viaZero = rank == 0 ? type.newArray(count) : null;
            reduce(comm, sendbuf, sendoffset, viaZero, 0, count, type, op, 0);
            if (rank == 0) {
                comm.collSend(viaZero, 0, count, type, root, DefaultComm.TAG_REDUCE);
            } else if (rank == root) {
                comm.collRecv(recvbuf, recvoffset, count, type, 0, DefaultComm.TAG_REDUCE);
            }
            return;
        }
        int vr = (rank - root + n) % n;
        // acc is private to this rank from the start (a copy of the operands if the function
        // combines in place); a partial result sent up the tree is never touched again by its
        // sender, so the parent may combine into it without another copy.
        Object acc = OperandCopies.take(sendbuf, sendoffset, count, type, OperandCopies.needed(op, type));
        Object tmp = n > 1 ? type.newArray(count) : null;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((vr & mask) != 0) {
                comm.collSend(acc, 0, count, type, (vr - mask + root) % n, DefaultComm.TAG_REDUCE);
                break;
            }
            int child = vr + mask;
            if (child < n) {
                comm.collRecv(tmp, 0, count, type, (child + root) % n, DefaultComm.TAG_REDUCE);
                op.apply(acc, 0, tmp, 0, count, type);
                Object t = acc;
                acc = tmp;
                tmp = t;
            }
        }
        if (rank == root) {
            System.arraycopy(acc, 0, recvbuf, recvoffset, count);
        }
    }
}
