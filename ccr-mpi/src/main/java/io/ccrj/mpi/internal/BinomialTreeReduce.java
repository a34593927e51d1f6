package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Binomial-tree reduction (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.3; MPICH's
 * {@code MPIR_Reduce_intra_binomial}): ranks renumbered relative to the root; in round {@code i}
 * ({@code mask = 2^i}) a rank with that bit set sends its partial result to the rank
 * {@code mask} below and leaves; the others receive from {@code mask} above and combine.
 * ceil(log2 n) rounds.
 *
 * <p>Each partial result covers a contiguous block of relative ranks and is combined as
 * (lower block) op (higher block), so with root 0 the result is {@code x0 op x1 op ... op x(n-1)}
 * even for a non-commutative operation. For a non-commutative operation and another root the
 * result is reduced at rank 0 and sent to the root in one more round (as MPICH does).
 *
 * <p>Operands: see {@link OperandCopies}; every buffer the operation writes belongs to this
 * reduction alone: {@code acc} is private from the start, and a partial result sent up the tree
 * is never touched again by its sender, so the parent may combine into it without another copy.
 */
final class BinomialTreeReduce extends Schedule {
    private Object acc;
    private Object tmp;
    private final int count;
    private final Datatype type;
    private final Op op;
    private final int root;
    /** The root of the tree: {@code root}, or 0 when the result is forwarded to the root. */
    private final int treeRoot;
    private final int elements;
    private final Datatype flat;
    private final Object recvbuf;
    private final int recvoffset;
    private int steps = -1;
    private boolean left;
    private boolean combine;

    /**
     * Reduces the packed operands {@code acc} ({@code count} items of {@code type}, private to
     * this call); at the root the result is unpacked into {@code recvbuf[recvoffset]} unless
     * {@code recvbuf} is {@code null} ({@link #result()} then gives it packed).
     */
    BinomialTreeReduce(Object acc, int count, Datatype type, Op op, int root, Object recvbuf, int recvoffset) {
        this.acc = acc;
        this.count = count;
        this.type = type;
        this.op = op;
        this.root = root;
        this.treeRoot = op.isCommutative() ? root : 0;
        this.elements = count * type.size();
        this.flat = Datatype.of(type.base());
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
    }

    @Override
    boolean round(int r, CollTransport t) {
        int n = t.size();
        int rank = t.rank();
        if (steps < 0) {
            steps = log2Ceil(n);
        }
        if (r < steps) {
            if (left) {
                return true;
            }
            int mask = 1 << r;
            int vr = (rank - treeRoot + n) % n;
            if ((vr & mask) != 0) {
                t.send(acc, 0, elements, flat, (vr - mask + treeRoot) % n, CollectiveComm.TAG_REDUCE);
                left = true;
            } else if (vr + mask < n) {
                if (tmp == null) {
                    tmp = type.newArray(elements);
                }
                t.recv(tmp, 0, elements, flat, (vr + mask + treeRoot) % n, CollectiveComm.TAG_REDUCE);
                combine = true;
            }
            return true;
        }
        if (r == steps && treeRoot != root) {
            if (rank == treeRoot) {
                t.send(acc, 0, elements, flat, root, CollectiveComm.TAG_REDUCE);
            } else if (rank == root) {
                acc = type.newArray(elements);
                t.recv(acc, 0, elements, flat, treeRoot, CollectiveComm.TAG_REDUCE);
            }
            left = rank != root;
            return true;
        }
        return false;
    }

    @Override
    void afterRound(int r) {
        if (combine) {
            combine = false;
            op.apply(acc, 0, tmp, 0, count, type);
            Object x = acc;
            acc = tmp;
            tmp = x;
        }
    }

    @Override
    void finish() {
        if (!left && recvbuf != null) {
            TypeMap.of(type).fromContiguous(acc, 0, elements, recvbuf, recvoffset);
        }
    }

    /** The packed result at the root, {@code null} elsewhere; once finished. */
    Object result() {
        return left ? null : acc;
    }

    @Override
    String name() {
        return "reduce";
    }

    @Override
    int call() {
        return CollectiveCall.code(op, root);
    }
}
