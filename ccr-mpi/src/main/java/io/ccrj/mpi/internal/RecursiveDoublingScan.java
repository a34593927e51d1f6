package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Recursive-doubling inclusive scan (MPICH's {@code MPIR_Scan_intra_recursive_doubling}): at step
 * {@code mask = 1, 2, 4, ...} each rank exchanges {@code partial} (the reduction of the block of
 * ranks it has heard of so far, itself included) with the rank that differs in bit {@code mask};
 * a rank folds a lower partner's partial into both its result and its partial, a higher one's
 * into its partial only. ceil(log2 n) steps; partials always cover contiguous rank ranges and are
 * combined (lower) op (higher), so non-commutative operations get
 * {@code x0 op x1 op ... op xi} at rank {@code i}.
 *
 * <p>Operands ({@link OperandCopies}): result and partial start as two private copies; a partial
 * is sent as a copy, since its sender keeps combining into it.
 */
final class RecursiveDoublingScan {
    private RecursiveDoublingScan() {
    }

    /**
     * Scan of the packed operands {@code acc} ({@code count} items of {@code type}, private to
     * this call).
     *
     * @return the packed result, private to this rank
     */
    static Object scan(DefaultComm comm, Object acc, int count, Datatype type, Op op) {
        int n = comm.size();
        int rank = comm.rank();
        boolean copies = OperandCopies.needed(op, type);
        Datatype flat = Datatype.of(type.base());
        int elements = count * type.size();
        Object result = acc;
        Object partial = OperandCopies.take(acc, 0, elements, flat, copies);
        Object tmp = type.newArray(elements);
        for (int mask = 1; mask < n; mask <<= 1) {
            int partner = rank ^ mask;
            if (partner >= n) {
                continue;
            }
            Object out = copies ? OperandCopies.take(partial, 0, elements, flat, true) : partial;
            comm.collSendrecv(out, 0, elements, flat, partner, tmp, 0, elements, flat, partner, DefaultComm.TAG_SCAN);
            if (partner < rank) {
                // tmp covers the ranks just below this rank's block: tmp op partial, tmp op result
                // (the operation leaves its in operand unchanged, so tmp serves both)
                op.apply(tmp, 0, partial, 0, count, type);
                op.apply(tmp, 0, result, 0, count, type);
            } else {
                // tmp covers the ranks just above: partial op tmp
                op.apply(partial, 0, tmp, 0, count, type);
                Object t = partial;
                partial = tmp;
                tmp = t;
            }
        }
        return result;
    }
}
