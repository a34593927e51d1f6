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

    /**
     * Reduces the packed operands {@code acc} ({@code count} items of {@code type}, private to
     * this call: the operation may combine into them).
     *
     * @return the packed result at the root, {@code null} elsewhere
     */
    static Object reduce(DefaultComm comm, Object acc, int count, Datatype type, Op op, int root) {
        int n = comm.size();
        int rank = comm.rank();
        Datatype flat = Datatype.of(type.base());
        int elements = count * type.size();
        if (!op.isCommutative() && root != 0) {
            Object viaZero = reduce(comm, acc, count, type, op, 0);
            if (rank == 0) {
                comm.collSend(viaZero, 0, elements, flat, root, DefaultComm.TAG_REDUCE);
            } else if (rank == root) {
                Object result = type.newArray(elements);
                comm.collRecv(result, 0, elements, flat, 0, DefaultComm.TAG_REDUCE);
                return result;
            }
            return null;
        }
        int vr = (rank - root + n) % n;
        // acc is private to this rank from the start (a copy of the operands if the function
        // combines in place); a partial result sent up the tree is never touched again by its
        // sender, so the parent may combine into it without another copy.
        Object tmp = n > 1 ? type.newArray(elements) : null;
        for (int mask = 1; mask < n; mask <<= 1) {
            if ((vr & mask) != 0) {
                comm.collSend(acc, 0, elements, flat, (vr - mask + root) % n, DefaultComm.TAG_REDUCE);
                return null;
            }
            int child = vr + mask;
            if (child < n) {
                comm.collRecv(tmp, 0, elements, flat, (child + root) % n, DefaultComm.TAG_REDUCE);
                op.apply(acc, 0, tmp, 0, count, type);
                Object t = acc;
                acc = tmp;
                tmp = t;
            }
        }
        return acc;
    }
}
