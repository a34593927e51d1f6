package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Op;

/**
 * Reduce and allreduce on an intercommunicator, in one flat round: the ranks of one group send
 * their operands to the receivers in the other group (the root of a reduce, every rank of an
 * allreduce), and each receiver combines the remote group's operands in remote rank order,
 * {@code x0 op x1 op ... op x(m-1)}, so that non-commutative operations get MPI's order. A
 * rank's own group's data never reaches it, as MPI defines the intercommunicator reductions.
 *
 * <p>Thread safety as {@link Schedule}.
 */
final class IntercommReduce extends Schedule {
    private final String name;
    private final Object sendbuf;
    private final int sendoffset;
    private final boolean[] sendTo;
    private final boolean receives;
    private final int count;
    private final Datatype type;
    private final Op op;
    private final Object recvbuf;
    private final int recvoffset;
    private final Datatype flat;
    private final int elements;
    /** The remote operands, packed, one per remote rank (receivers only; chain-confined). */
    private Object[] operands;

    /**
     * @param sendTo which remote ranks get this rank's operand, or {@code null} for none
     * @param receives whether this rank receives (and combines) the remote group's operands
     */
    IntercommReduce(String name, Object sendbuf, int sendoffset, boolean[] sendTo, boolean receives, int count,
            Datatype type, Op op, Object recvbuf, int recvoffset) {
        this.name = name;
        this.sendbuf = sendbuf;
        this.sendoffset = sendoffset;
        this.sendTo = sendTo;
        this.receives = receives;
        this.count = count;
        this.type = type;
        this.op = op;
        this.recvbuf = recvbuf;
        this.recvoffset = recvoffset;
        this.flat = Datatype.of(type.base());
        this.elements = count * type.size();
    }

    @Override
    boolean round(int r, CollTransport t) {
        if (r > 0) {
            return false;
        }
        int n = t.size();
        if (receives) {
            operands = new Object[n];
            for (int j = 0; j < n; j++) {
                operands[j] = type.base().newArray(elements);
                t.recv(operands[j], 0, elements, flat, j, CollectiveComm.TAG_ALLREDUCE);
            }
        }
        if (sendTo != null) {
            for (int j = 0; j < n; j++) {
                if (sendTo[j]) {
                    t.send(sendbuf, sendoffset, count, type, j, CollectiveComm.TAG_ALLREDUCE);
                }
            }
        }
        return true;
    }

    @Override
    void afterRound(int r) {
        if (!receives) {
            return;
        }
        // a right fold: acc = x(j) op acc for j = m-2 .. 0, which associativity makes x0 op ... op x(m-1)
        Object acc = operands[operands.length - 1];
        for (int j = operands.length - 2; j >= 0; j--) {
            op.apply(operands[j], 0, acc, 0, count, type);
        }
        operands = new Object[] {acc};
    }

    @Override
    void finish() {
        if (receives) {
            TypeMap.of(type).fromContiguous(operands[0], 0, elements, recvbuf, recvoffset);
            operands = null;
        }
    }

    @Override
    String name() {
        return name;
    }
}
