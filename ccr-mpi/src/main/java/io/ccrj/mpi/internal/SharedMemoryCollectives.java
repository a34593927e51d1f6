package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.MpiException;
import io.ccrj.mpi.MpiException.ErrorClass;
import io.ccrj.mpi.Op;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Barrier, allreduce and allgather(v) through memory shared by the ranks of one communicator, for
 * worlds with more ranks than processors. There, every message hand-off is a rank switch or a
 * park and a wake-up of a rank (virtual threads, or platform threads that must not spin); the
 * message-based algorithms cost {@code n log2 n} of them per operation (24 at 8 ranks; the ring
 * allgather {@code n (n - 1)}), this one {@code n - 1}: every rank
 * announces its arrival on one counter and waits, and the last to arrive completes the operation
 * and wakes the others (the central counter barrier, as MPI implementations do within a node).
 *
 * <p>Allreduce: each rank leaves a reference to its send buffer in its slot; the last to arrive
 * combines the slots in rank order, {@code x0 op (x1 op (... op x(n-1)))}, so non-commutative
 * operations get MPI's canonical order and every rank the same bits; then each rank copies the
 * result out. Senders' buffers are read in place: their owners wait until the result is
 * published, so the buffers cannot change while they are read. For an operation that combines in
 * place on objects ({@link OperandCopies}), the accumulator starts as a copy of the last rank's
 * operands, and each rank copies the result out, so no rank holds another's objects.
 *
 * <p>Concurrency: {@link #arrived} orders everything. Each rank writes its slot, then increments
 * (a volatile read-modify-write); the increments form one chain, so the last arriver's increment
 * happens after every slot write. It then resets {@link #arrived}, publishes the result, and
 * increments {@link #completed} (volatile write), which the waiters read; a waiter's
 * {@code WAITING} flag and the completer's read of it form the usual Dekker pair
 * ({@link RankMailbox#wakeIfWaiting()}), so no wake-up is lost. Slots and results alternate
 * between two generations: a rank can reach generation {@code g + 2} only after every rank has
 * arrived at {@code g + 1}, that is, after every rank has copied the result of {@code g} out.
 *
 * <p>Allocation: a call allocates nothing of its own beyond a primitive allreduce's result array
 * when a larger one is needed (the generation's result array is reused while it fits, as the
 * allgather's is): a rank records what it called as fields ({@link #calls}, {@link #callTypes},
 * {@link #callCounts}, {@link #callOps}) and spells them out only for a mismatch report, and it
 * waits on one {@link Wait} per rank, re-armed per call (only the rank's own thread uses it: MPI
 * lets one thread at a time call collectives on a communicator).
 */
final class SharedMemoryCollectives {
    private final RankMailbox[] members;
    private final AtomicInteger arrived = new AtomicInteger();
    /** Operations completed so far on this communicator; rank-local generation counters follow it. */
    private volatile long completed;
    private final Object[][] slots;
    private final int[][] slotOffsets;
    /** Allgather: the number of base elements in each rank's slot. */
    private final int[][] slotElements;
    private final Object[] results = new Object[2];
    /**
     * What each rank called in a generation, to catch mismatched collectives: the operation
     * ("barrier", "allreduce", an allgather's call), and for an allreduce its datatype, count and
     * operation ({@code null}, 0 and {@code null} otherwise), spelled out by {@link #call}.
     */
    private final String[][] calls;
    private final Datatype[][] callTypes;
    private final int[][] callCounts;
    private final Op[][] callOps;
    /** Each rank's wait, made on its first wait and re-armed per call; touched by that rank only. */
    private final Wait[] waits;
    /** A generation's mismatch report, or {@code null}: every rank of it throws. */
    private final String[] mismatches = new String[2];

    SharedMemoryCollectives(RankMailbox[] members) {
        this.members = members;
        this.slots = new Object[2][members.length];
        this.slotOffsets = new int[2][members.length];
        this.slotElements = new int[2][members.length];
        this.calls = new String[2][members.length];
        this.callTypes = new Datatype[2][members.length];
        this.callCounts = new int[2][members.length];
        this.callOps = new Op[2][members.length];
        this.waits = new Wait[members.length];
    }

    /**
     * The wait of one rank for generation {@link #generation} to complete. Re-armed by its rank
     * before each wait; the deadlock watchdog's racy {@link #describe()} tolerates the change.
     */
    private final class Wait implements Pending {
        private long generation;
        private final String label;

        Wait(String label) {
            this.label = label;
        }

        @Override
        public boolean isComplete() {
            return completed > generation;
        }

        @Override
        public boolean needsMessage() {
            return false;
        }

        @Override
        public String describe() {
            return "waiting for the other ranks (shared memory, " + arrived.get() + " of " + members.length
                    + " arrived) on " + label;
        }
    }

    /**
     * A barrier.
     *
     * @param self the calling rank's mailbox
     * @param generation the calling rank's count of shared collectives on this communicator so far
     * @param label the communicator, for deadlock reports
     */
    void barrier(RankMailbox self, long generation, String label, int rank) {
        boolean last = arrive(generation, rank, "barrier", null, 0, null, label);
        depart(self, generation, rank, last, label);
    }

    /**
     * An allreduce: {@code recvbuf[recvoffset ..]} = the rank-ordered reduction of every rank's
     * operands, {@code count} items of {@code type} packed at {@code sendbuf[sendoffset]} (the
     * caller packs a non-dense datatype's operands first); the result is unpacked with
     * {@code type}.
     */
    void allreduce(RankMailbox self, long generation, String label, int rank, Object sendbuf, int sendoffset,
            Object recvbuf, int recvoffset, int count, Datatype type, Op op) {
        int parity = (int) (generation & 1);
        boolean copies = OperandCopies.needed(op, type);
        slots[parity][rank] = sendbuf;
        slotOffsets[parity][rank] = sendoffset;
        boolean lastToArrive = arrive(generation, rank, "allreduce", type, count, op, label);
        if (lastToArrive && mismatches[parity] == null) {
            Object[] in = slots[parity];
            int[] at = slotOffsets[parity];
            int last = in.length - 1;
            int elements = count * type.size();
            Datatype flat = Datatype.of(type.base());
            // the accumulator is a copy, so an in-place function never changes a send buffer; a
            // primitive one reuses the generation's result array of two calls ago, which every
            // rank has copied out (see the class comment)
            Object acc = results[parity];
            if (copies || type.base() == Datatype.Base.OBJECT || acc == null
                    || acc.getClass() != type.base().arrayClass() || java.lang.reflect.Array.getLength(acc) < elements) {
                acc = OperandCopies.take(in[last], at[last], elements, flat, copies);
            } else {
                TypeMap.of(flat).toContiguous(in[last], at[last], elements, acc, 0);
            }
            for (int r = last - 1; r >= 0; r--) {
                op.apply(in[r], at[r], acc, 0, count, type);
            }
            java.util.Arrays.fill(in, null);    // do not keep the ranks' buffers alive
            results[parity] = acc;
        }
        depart(self, generation, rank, lastToArrive, label);
        // every rank takes its own copy of the shared result (same references when no copies
        // are needed: nothing will change them)
        OperandCopies.copyOut(results[parity], count, type, recvbuf, recvoffset, copies);
    }

    /**
     * A gather or allgather of varying blocks: each rank contributes {@code ownElements} base
     * elements of type {@code base}, contiguous at {@code own[ownOffset]} (its send buffer, or a
     * packed copy); each rank that passes a {@code recvbuf} (every rank in an allgather, the root
     * in a gather) receives block {@code b} (rank {@code b}'s contribution) into it at index
     * {@code recvAt[b]}, at most {@code recvcounts[b]} items of {@code recvtype}.
     *
     * <p>The last to arrive concatenates the contributions, in rank order, into the generation's
     * result array (reused while it is large enough), and the receiving ranks copy the blocks out
     * of it: a rank that returns may change its send buffer at once, since nobody reads it after
     * the operation completed. One hand-off per rank instead of the ring's {@code n - 1} messages
     * (allgather). The communicator's gather keeps its flat tree, whose non-roots never wait (it
     * measured faster); this method serves it as well should that change.
     *
     * @param call what this rank called (operation, root, base type), to catch mismatched calls
     * @throws MpiException {@link ErrorClass#TRUNCATE} if a block does not fit its receive block,
     *     {@link ErrorClass#TYPE} if an element cannot be stored in {@code recvbuf}
     */
    void gatherv(RankMailbox self, long generation, String label, int rank, Object own, int ownOffset,
            int ownElements, Datatype.Base base, Object recvbuf, int[] recvcounts, int[] recvAt, Datatype recvtype,
            String call) {
        int parity = (int) (generation & 1);
        slots[parity][rank] = own;
        slotOffsets[parity][rank] = ownOffset;
        slotElements[parity][rank] = ownElements;
        boolean lastToArrive = arrive(generation, rank, call, null, 0, null, label);
        if (lastToArrive && mismatches[parity] == null) {
            Object[] in = slots[parity];
            int[] at = slotOffsets[parity];
            int[] elements = slotElements[parity];
            long total = 0;
            for (int e : elements) {
                total += e;
            }
            if (total > Integer.MAX_VALUE - 8) {
                throw new MpiException(ErrorClass.COUNT, "gather on " + label + ": " + total
                        + " elements in all do not fit one Java array");
            }
            Object flat = results[parity];
            if (flat == null || flat.getClass() != base.arrayClass() || java.lang.reflect.Array.getLength(flat) < total) {
                flat = base.newArray((int) total);
            }
            int pos = 0;
            for (int b = 0; b < in.length; b++) {
                System.arraycopy(in[b], at[b], flat, pos, elements[b]);
                pos += elements[b];
            }
            java.util.Arrays.fill(in, null);    // do not keep the ranks' buffers alive
            results[parity] = flat;
        }
        depart(self, generation, rank, lastToArrive, label);
        if (recvbuf == null) {
            return;
        }
        Object flat = results[parity];
        int[] elements = slotElements[parity];
        int unit = recvtype.size();
        boolean dense = recvtype.isDense();
        int pos = 0;
        for (int b = 0; b < elements.length; b++) {
            int e = elements[b];
            if (e > (long) recvcounts[b] * unit) {
                throw new MpiException(ErrorClass.TRUNCATE, "gather on " + label + ": rank " + rank
                        + " received " + e + " elements from rank " + b + " into a block of "
                        + (long) recvcounts[b] * unit);
            }
            try {
                if (dense) {
                    System.arraycopy(flat, pos, recvbuf, recvAt[b], e);
                } else {
                    TypeMap.of(recvtype).fromContiguous(flat, pos, e, recvbuf, recvAt[b]);
                }
            } catch (ArrayStoreException ex) {
                throw new MpiException(ErrorClass.TYPE, "gather on " + label + ": an element from rank " + b
                        + " cannot be stored in the receive buffer: " + ex.getMessage());
            }
            pos += e;
        }
    }

    /**
     * Records what {@code rank} called in {@code generation} and counts it in.
     *
     * @return whether it arrived last; then the generation's mismatch report is set, and the
     *     caller completes the operation (unless there is a report) and calls {@link #depart}
     */
    private boolean arrive(long generation, int rank, String call, Datatype type, int count, Op op, String label) {
        int parity = (int) (generation & 1);
        calls[parity][rank] = call;
        callTypes[parity][rank] = type;
        callCounts[parity][rank] = count;
        callOps[parity][rank] = op;
        if (arrived.incrementAndGet() == members.length) {
            mismatches[parity] = mismatch(parity, label);
            return true;
        }
        return false;
    }

    /**
     * The last to arrive publishes the completed generation and wakes the others; the others wait
     * for that. Every rank then throws the generation's mismatch report, if any.
     */
    private void depart(RankMailbox self, long generation, int rank, boolean last, String label) {
        int parity = (int) (generation & 1);
        if (last) {
            arrived.set(0);
            completed = generation + 1;          // publishes the result; waiters read it
            for (RankMailbox m : members) {
                if (m != self) {
                    m.wakeIfWaiting();
                }
            }
        } else {
            Wait w = waits[rank];
            if (w == null) {
                w = new Wait(label);
                waits[rank] = w;
            }
            w.generation = generation;
            if (!w.isComplete()) {
                self.await(w);
            }
        }
        String mismatch = mismatches[parity];
        if (mismatch != null) {
            throw new MpiException(ErrorClass.ARG, mismatch);
        }
    }

    /** What rank {@code r} called in the generation of {@code parity}, as "allreduce DOUBLE x 3 SUM". */
    private String call(int parity, int r) {
        Datatype type = callTypes[parity][r];
        return type == null ? calls[parity][r]
                : calls[parity][r] + " " + type + " x " + callCounts[parity][r] + " " + callOps[parity][r];
    }

    /** @return a report naming each rank's call if they differ, else {@code null} */
    private String mismatch(int parity, String label) {
        String[] c = calls[parity];
        Datatype[] t = callTypes[parity];
        int[] n = callCounts[parity];
        Op[] o = callOps[parity];
        boolean same = true;
        for (int r = 1; r < c.length && same; r++) {
            same = c[r] == c[0] && t[r] == t[0] && n[r] == n[0] && o[r] == o[0];
        }
        if (same) {
            return null;
        }
        // the fields differ, but calls are told apart by their descriptions, as they always were
        // (equal datatypes or calls made separately read the same)
        String first = call(parity, 0);
        for (int r = 1; r < c.length; r++) {
            if (!call(parity, r).equals(first)) {
                StringBuilder sb = new StringBuilder("the ranks of ").append(label)
                        .append(" called different collectives at the same point:");
                for (int q = 0; q < c.length; q++) {
                    sb.append(q == 0 ? " " : ", ").append("rank ").append(q).append(' ').append(call(parity, q));
                }
                return sb.toString();
            }
        }
        return null;
    }
}
