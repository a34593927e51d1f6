package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Recursive-doubling scan, inclusive ({@code MPI_Scan}) or exclusive ({@code MPI_Exscan}) (MPICH's
 * {@code MPIR_Scan_intra_recursive_doubling} and {@code MPIR_Exscan_intra_recursive_doubling}): in
 * round {@code i} ({@code mask = 2^i}) each rank exchanges {@code partial} (the reduction of the
 * block of ranks it has heard of so far, itself included) with the rank that differs in bit
 * {@code mask}; a rank folds a lower partner's partial into both its result and its partial, a
 * higher one's into its partial only. ceil(log2 n) rounds; partials always cover contiguous rank
 * ranges and are combined (lower) op (higher), so non-commutative operations get
 * {@code x0 op x1 op ... op xi} at rank {@code i} (inclusive), {@code x0 op ... op x(i-1)}
 * (exclusive; rank 0's receive buffer is left as it was, as MPI leaves it undefined).
 *
 * <p>Operands ({@link OperandCopies}): result and partial are private copies; a partial is sent
 * as a copy, since its sender keeps combining into it.
 */
final class RecursiveDoublingScan extends Schedule {
    private final boolean exclusive;
    private final int count;
    private final Datatype type;
    private final Op op;
    private final boolean copies;
    private final Datatype flat;
    private final int elements;
    private final Object recvbuf;
    private final int recvoffset;
    /** The result so far; {@code null} for an exclusive scan until a lower partner's partial came. */
    private Object result;
    private Object partial;
    private Object tmp;
    /** The partner of the round just posted, or -1. */
    private int partner = -1;
    private int rank;

    /**
     * A scan of the packed operands {@code acc} ({@code count} items of {@code type}, private to
     * this call), unpacked into {@code recvbuf[recvoffset]} at the end.
     */
    RecursiveDoublingScan(boolean exclusive, Object acc, int count, Datatype type, Op op, Object recvbuf,
            int recvoffset) {
        this.exclusive = exclusive;
        this.count = count;
        this.type = type;
        this.op = op;
        this.copies = OperandCopies.needed(op, type);
        this.flat = Datatype.of(type.base());
        this.elements = count * type.size();
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
        if (exclusive) {
            this.partial = acc;
        } else {
            this.result = acc;
            this.partial = OperandCopies.take(acc, 0, elements, flat, copies);
        }
    }

    @Override
    boolean round(int r, CollTransport t) {
        int n = t.size();
        rank = t.rank();
        partner = -1;
        if (r >= 31 || 1 << r >= n) {
            return false;
        }
        int other = rank ^ (1 << r);
        if (other >= n) {
            return true;
        }
        if (tmp == null) {
            tmp = type.newArray(elements);
        }
        Object out = copies ? OperandCopies.take(partial, 0, elements, flat, true) : partial;
        t.recv(tmp, 0, elements, flat, other, CollectiveComm.TAG_SCAN);
        t.send(out, 0, elements, flat, other, CollectiveComm.TAG_SCAN);
        partner = other;
        return true;
    }

    @Override
    void afterRound(int r) {
        if (partner < 0) {
            return;
        }
        if (partner < rank) {
            // tmp covers the ranks just below this rank's block: tmp op partial, tmp op result
            // (the operation leaves its in operand unchanged, so tmp serves both)
            op.apply(tmp, 0, partial, 0, count, type);
            if (result == null) {
                result = OperandCopies.take(tmp, 0, elements, flat, copies);
            } else {
                op.apply(tmp, 0, result, 0, count, type);
            }
        } else {
            // tmp covers the ranks just above: partial op tmp
            op.apply(partial, 0, tmp, 0, count, type);
            Object x = partial;
            partial = tmp;
            tmp = x;
        }
    }

    @Override
    void finish() {
        if (result != null) {
            TypeMap.of(type).fromContiguous(result, 0, elements, recvbuf, recvoffset);
        }
    }

    @Override
    String name() {
        return exclusive ? "exscan" : "scan";
    }

    @Override
    int call() {
        return CollectiveCall.code(op, -1);
    }
}
