package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Recursive-doubling allreduce (Thakur, Rabenseifner, Gropp, IJHPCA 19(1), 2005, section 4.4;
 * MPICH's {@code MPIR_Allreduce_intra_recursive_doubling}): at step {@code mask = 1, 2, 4, ...}
 * each rank exchanges its partial result with the rank that differs in bit {@code mask} and
 * combines, so after log2 p steps every rank holds the result. For a size that is not a power of
 * two, the first {@code 2 * rem} ranks first fold pairwise (even into odd, round 0) so that a
 * power of two {@code p} takes part, and the odd ones hand the result back to their even partners
 * at the end (the last round).
 *
 * <p>Partial results always cover contiguous rank ranges and are combined (lower) op (higher), so
 * non-commutative operations get {@code x0 op x1 op ... op x(n-1)}.
 *
 * <p>Operands ({@link OperandCopies}): for an operation that combines in place on objects, the
 * accumulator starts as a private copy of the send buffer, and a partial result the sender keeps
 * (the exchanges, the final hand-back) travels as a copy; the pairwise fold needs none, since the
 * folding rank never touches its partial result again.
 *
 * <p>Re-armed per call ({@link #reset}), so that a communicator's blocking allreduce reuses one.
 */
final class RecursiveDoublingAllreduce extends Schedule {
    private Object acc;
    private Object tmp;
    private int count;
    private Datatype type;
    private Op op;
    private Object recvbuf;
    private int recvoffset;
    private boolean copies;
    private int elements;
    private Datatype flat;
    /** This rank's number among the p ranks of the doubling, -1 if it folded; set in round 0. */
    private int newRank;
    private int p;
    private int rem;
    private int steps;
    /** What the round just posted needs afterwards: 0 nothing, 1 fold in, 2 combine the exchange. */
    private int pending;
    private boolean lowerPartner;

    /**
     * Re-arms for an allreduce of the packed operands {@code acc} ({@code count} items of
     * {@code type}, private to this call), combining in {@code tmp} and {@code acc} (arrays of the
     * base type with room for {@code count * type.size()} elements each, private to this call),
     * the result unpacked into {@code recvbuf[recvoffset]} at the end.
     */
    RecursiveDoublingAllreduce reset(Object acc, Object tmp, int count, Datatype type, Op op, Object recvbuf,
            int recvoffset) {
        this.acc = acc;
        this.tmp = tmp;
        this.count = count;
        this.type = type;
        this.op = op;
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
        this.copies = OperandCopies.needed(op, type);
        this.elements = count * type.size();
        this.flat = Datatype.of(type.base());
        this.pending = 0;
        return this;
    }

    /** Drops the buffer references after a blocking call. */
    void clear() {
        acc = null;
        tmp = null;
        recvbuf = null;
    }

    @Override
    boolean round(int r, CollTransport t) {
        int n = t.size();
        int rank = t.rank();
        if (r == 0) {
            p = Integer.highestOneBit(n);
            rem = n - p;
            steps = Integer.numberOfTrailingZeros(p);
            newRank = rank < 2 * rem ? ((rank & 1) == 0 ? -1 : rank >> 1) : rank - rem;
            if (rank < 2 * rem) {
                if ((rank & 1) == 0) {
                    t.send(acc, 0, elements, flat, rank + 1, CollectiveComm.TAG_ALLREDUCE);
                } else {
                    t.recv(tmp, 0, elements, flat, rank - 1, CollectiveComm.TAG_ALLREDUCE);
                    pending = 1;
                }
            }
            return true;
        }
        if (r <= steps) {
            if (newRank >= 0) {
                int newPartner = newRank ^ (1 << (r - 1));
                int partner = newPartner < rem ? newPartner * 2 + 1 : newPartner + rem;
                // both partners keep their partial result: each sends a private copy of it, so
                // that each combines into objects only it holds
                Object out = copies ? OperandCopies.take(acc, 0, elements, flat, true) : acc;
                t.recv(tmp, 0, elements, flat, partner, CollectiveComm.TAG_ALLREDUCE);
                t.send(out, 0, elements, flat, partner, CollectiveComm.TAG_ALLREDUCE);
                lowerPartner = newPartner < newRank;
                pending = 2;
            }
            return true;
        }
        if (r == steps + 1) {
            if (rank < 2 * rem) {
                if ((rank & 1) != 0) {
                    Object out = copies ? OperandCopies.take(acc, 0, elements, flat, true) : acc;
                    t.send(out, 0, elements, flat, rank - 1, CollectiveComm.TAG_ALLREDUCE);
                } else {
                    acc = type.newArray(elements);
                    t.recv(acc, 0, elements, flat, rank + 1, CollectiveComm.TAG_ALLREDUCE);
                }
            }
            return true;
        }
        return false;
    }

    @Override
    void afterRound(int r) {
        int what = pending;
        pending = 0;
        if (what == 1 || (what == 2 && lowerPartner)) {
            op.apply(tmp, 0, acc, 0, count, type);
        } else if (what == 2) {
            op.apply(acc, 0, tmp, 0, count, type);
            Object x = acc;
            acc = tmp;
            tmp = x;
        }
    }

    @Override
    void finish() {
        TypeMap.of(type).fromContiguous(acc, 0, elements, recvbuf, recvoffset);
    }

    @Override
    String name() {
        return "allreduce";
    }

    @Override
    int call() {
        return CollectiveCall.code(op, -1);
    }
}
