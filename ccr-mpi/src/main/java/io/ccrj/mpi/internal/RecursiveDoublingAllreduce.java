package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Recursive-doubling allreduce (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.4;
 * MPICH's {@code MPIR_Allreduce_intra_recursive_doubling}): at step {@code mask = 1, 2, 4, ...}
 * each rank exchanges its partial result with the rank that differs in bit {@code mask} and
 * combines, so after log2 p steps every rank holds the result. For a size that is not a power of
 * two, the first {@code 2 * rem} ranks first fold pairwise (even into odd) so that a power of two
 * {@code p} takes part, and the odd ones hand the result back to their even partners at the end.
 *
 * <p>Partial results always cover contiguous rank ranges and are combined (lower) op (higher), so
 * non-commutative operations get {@code x0 op x1 op ... op x(n-1)}.
 *
 * <p>Operands ({@link OperandCopies}): for an operation that combines in place on objects, the
 * accumulator starts as a private copy of the send buffer, and a partial result the sender keeps
 * (the exchanges, the final hand-back) travels as a copy; the pairwise fold needs none, since the
 * folding rank never touches its partial result again.
 */
final class RecursiveDoublingAllreduce {
    private RecursiveDoublingAllreduce() {
    }

    /**
     * Allreduce of the packed operands {@code acc} ({@code count} items of {@code type}, private
     * to this call), combining partial results in {@code tmp} and {@code acc}: two arrays of the
     * base type with room for {@code count * type.size()} elements each, private to this call
     * (the caller may pass longer ones and reuse both afterwards: nothing keeps them).
     *
     * @return the packed result, private to this rank: {@code acc}, {@code tmp}, or a new array
     */
    static Object allreduce(DefaultComm comm, Object acc, Object tmp, int count, Datatype type, Op op) {
        int n = comm.size();
        int rank = comm.rank();
        int tag = DefaultComm.TAG_ALLREDUCE;
        if (n == 1) {
            return acc;
        }
        boolean copies = OperandCopies.needed(op, type);
        Datatype flat = Datatype.of(type.base());
        int elements = count * type.size();
        int p = Integer.highestOneBit(n);
        int rem = n - p;
        int newRank;
        if (rank < 2 * rem) {
            if ((rank & 1) == 0) {
                comm.collSend(acc, 0, elements, flat, rank + 1, tag);
                newRank = -1;
            } else {
                comm.collRecv(tmp, 0, elements, flat, rank - 1, tag);
                op.apply(tmp, 0, acc, 0, count, type);
                newRank = rank >> 1;
            }
        } else {
            newRank = rank - rem;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < p; mask <<= 1) {
                int newPartner = newRank ^ mask;
                int partner = newPartner < rem ? newPartner * 2 + 1 : newPartner + rem;
                // both partners keep their partial result: each sends a private copy of it, so
                // that each combines into objects only it holds
                Object out = copies ? OperandCopies.take(acc, 0, elements, flat, true) : acc;
                comm.collSendrecv(out, 0, elements, flat, partner, tmp, 0, elements, flat, partner, tag);
                if (newPartner < newRank) {
                    op.apply(tmp, 0, acc, 0, count, type);
                } else {
                    op.apply(acc, 0, tmp, 0, count, type);
                    Object t = acc;
                    acc = tmp;
                    tmp = t;
                }
            }
        }
        if (rank < 2 * rem) {
            if ((rank & 1) != 0) {
                Object out = copies ? OperandCopies.take(acc, 0, elements, flat, true) : acc;
                comm.collSend(out, 0, elements, flat, rank - 1, tag);
            } else {
                acc = type.newArray(elements);
                comm.collRecv(acc, 0, elements, flat, rank + 1, tag);
            }
        }
        return acc;
    }
}
