package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Reduce-scatter as a reduction to rank 0 ({@link BinomialTreeReduce}) followed by a scatter of
 * the packed result's blocks ({@link FlatTreeScatter}), as MPICH does for non-commutative
 * operations: a rank's block is the items after the lower ranks'. One schedule made of two; the
 * scatter is built once the reduction's rounds are over, from its result.
 */
final class ReduceThenScatter extends Schedule {
    private final BinomialTreeReduce reduce;
    private final int[] recvcounts;
    private final Datatype type;
    private final Object recvbuf;
    private final int recvoffset;
    private final String name;
    private FlatTreeScatter scatter;
    private int firstScatterRound;

    /** Reduce-scatter of the packed operands {@code acc} ({@code sum(recvcounts)} items of {@code type}, private). */
    ReduceThenScatter(String name, Object acc, int[] recvcounts, Datatype type, Op op, Object recvbuf,
            int recvoffset) {
        int total = 0;
        for (int c : recvcounts) {
            total += c;
        }
        this.name = name;
        this.reduce = new BinomialTreeReduce(acc, total, type, op, 0, null, 0);
        this.recvcounts = recvcounts;
        this.type = type;
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
    }

    @Override
    boolean round(int r, CollTransport t) {
        if (scatter == null) {
            if (reduce.round(r, t)) {
                return true;
            }
            reduce.finish();
            int n = t.size();
            int[] elements = null;
            int[] at = null;
            if (t.rank() == 0) {
                elements = new int[n];
                at = new int[n];
                for (int i = 0, pos = 0; i < n; i++) {
                    elements[i] = recvcounts[i] * type.size();
                    at[i] = pos;
                    pos += elements[i];
                }
            }
            scatter = new FlatTreeScatter(reduce.result(), elements, at, Datatype.of(type.base()), recvbuf,
                    recvoffset, recvcounts[t.rank()], type, 0);
            firstScatterRound = r;
        }
        return scatter.round(r - firstScatterRound, t);
    }

    @Override
    void afterRound(int r) {
        if (scatter == null) {
            reduce.afterRound(r);
        } else {
            scatter.afterRound(r - firstScatterRound);
        }
    }

    @Override
    String name() {
        return name;
    }

    @Override
    int call() {
        return reduce.call();
    }
}
