package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype.Base;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A ring of message slots from one sending rank to one receiving rank, for the messages that fit
 * in a slot: no element, or one element of a primitive type (the ping-pongs, barrier signals and
 * one-value reductions whose latency MPI programs measure). Open MPI's shared-memory transport has
 * the same device and calls it a "fast box".
 *
 * <h2>Why</h2>
 * Through the receiver's inbound queue ({@link RankMailbox}) a message costs the receiving core
 * three or four cache-line transfers: the previous message's {@code next} link, which the sender
 * writes, and the new message object, which the sender allocated and filled (64 bytes, so it
 * often straddles two lines). A slot is two words the receiver polls in place: the sender's
 * write of the slot is the only line that moves, and nothing is allocated on either side.
 *
 * <h2>Layout</h2>
 * Slot {@code i} is {@link #SLOT_LONGS} longs (one cache line) of {@link #slots} from
 * {@link #PAD} + {@code i * SLOT_LONGS}; word 0 says whether the slot is full and carries the
 * message's place in its pair's order, word 1 the element; words 2 and 3 carry the header
 * (communicator context, tag, source rank, base type), written only when it differs from the
 * previous slot's, which both sides remember ({@link RingSenderFields}, {@link RingReceiverFields}).
 * The array is padded at both ends so that no other object shares its first or last slot's line.
 *
 * <h2>Threading and memory ordering</h2>
 * One sending thread ({@link #offer}: the sending rank's thread, below
 * {@link io.ccrj.mpi.ThreadLevel#MULTIPLE}, where a rank has one calling thread at a time) and one
 * receiving thread at a time ({@link #peek}, {@link #take}: the receiving rank's owner, or at
 * MULTIPLE whichever of its threads holds the rank's lock). The sender writes words 1-3 plainly
 * and then word 0 with a release store; the receiver reads word 0 with an acquire load and then
 * the others, so it sees the element and header of the slot it found full. A full slot is told
 * from a stale one by its lap marker (bits 62-63), which alternates between 1 and 2 from one lap
 * of the ring to the next. The receiver counts the slots it took in {@link RingConsumedField#consumed}
 * (a release store after it has read the slot); the sender reads it (acquire) only when its
 * cached copy says the ring is full, and writes a slot only when the receiver has taken that
 * slot's previous message.
 *
 * <p>The park handshake runs on a counter of the sender's own, not on the slot: before it fills a
 * slot the sender counts it in {@link RingSenderFields#published} (a volatile store), and after
 * the slot it reads the receiver's {@code waiting} flag; a receiver about to park sets that flag
 * and then compares {@code published} with {@code consumed} ({@link #ready()}): either the sender
 * sees the flag and unparks it, or the receiver sees the count and does not park (it polls until
 * the slot, written right after, shows). The full fence of a volatile store waits until the
 * stores before it are visible; made on the slot, it would wait for the slot's cache line to come
 * back from the receiver, which polls it, on every message. Made on the counter, whose line only
 * the sender writes, it costs the sender no such wait.
 */
final class PairRing extends RingReceiverFields {
    /** Slots per ring: a power of two. Enough for a burst of small sends before the receiver looks. */
    static final int CAPACITY = 32;
    /** Longs per slot: one 64-byte cache line. */
    static final int SLOT_LONGS = 8;
    /** Longs of padding before the first slot and after the last. */
    static final int PAD = 8;

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle CONSUMED;
    private static final VarHandle PUBLISHED;

    static {
        try {
            CONSUMED = MethodHandles.lookup().findVarHandle(RingConsumedField.class, "consumed", long.class);
            PUBLISHED = MethodHandles.lookup().findVarHandle(RingSenderFields.class, "published", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final int MARKER_SHIFT = 62;
    private static final long HEADER_FOLLOWS = 1L << 61;
    private static final long ONE_ELEMENT = 1L << 60;
    private static final Base[] BASES = Base.values();

    /** World rank of the sending rank. */
    final int from;

    PairRing(int from) {
        this.from = from;
        long[] s = new long[PAD + CAPACITY * SLOT_LONGS + PAD];
        this.txSlots = s;
        this.rxSlots = s;
    }

    private static int index(long position) {
        return PAD + (int) (position & (CAPACITY - 1)) * SLOT_LONGS;
    }

    /** Word 0's marker bits of a full slot at {@code position}: 1 on even laps, 2 on odd ones. */
    private static long marker(long position) {
        return (((position / CAPACITY) & 1) + 1) << MARKER_SHIFT;
    }

    // ------------------------------------------------------------------ sender

    /**
     * Puts a message in the next slot if the receiver has emptied it. Sender only.
     *
     * @param seq the message's place in its pair's order ({@link RankMailbox})
     * @param count 0 (then {@code scalar} is the number of items sent) or 1 (then {@code scalar}
     *     is the element's bits, {@link Message#encode})
     * @return {@code false} if the ring is full: the message must take the inbound queue
     */
    boolean offer(int seq, int context, int source, int tag, Base type, int count, long scalar) {
        long p = produced;
        if (p - consumedSeen >= CAPACITY) {
            consumedSeen = (long) CONSUMED.getAcquire(this);
            if (p - consumedSeen >= CAPACITY) {
                return false;
            }
        }
        PUBLISHED.setVolatile(this, p + 1);     // before the slot: see the class comment
        long[] s = txSlots;
        int i = index(p);
        long w0 = marker(p) | (seq & 0xffff_ffffL) | (count == 1 ? ONE_ELEMENT : 0L);
        if (!txHeader || context != txContext || tag != txTag || source != txSource || type != txType) {
            txHeader = true;
            txContext = context;
            txTag = tag;
            txSource = source;
            txType = type;
            s[i + 2] = ((long) context << 32) | (tag & 0xffff_ffffL);
            s[i + 3] = ((long) source << 32) | type.ordinal();
            w0 |= HEADER_FOLLOWS;
        }
        s[i + 1] = scalar;
        LONGS.setRelease(s, i, w0);
        produced = p + 1;
        return true;
    }

    // ------------------------------------------------------------------ receiver

    /**
     * Word 0 of the next slot if the sender has filled it, 0 otherwise. Receiver only; the
     * receiver then reads the slot's place in its pair's order ({@link #seqOf}) and, if that is
     * the message it expects from this sender, takes it ({@link #take}).
     */
    long peek() {
        long p = rxPosition;
        long w0 = (long) LONGS.getAcquire(rxSlots, index(p));
        return (w0 & (3L << MARKER_SHIFT)) == marker(p) ? w0 : 0L;
    }

    /** The place in its pair's order of the slot whose word 0 {@link #peek} returned. */
    static int seqOf(long w0) {
        return (int) w0;
    }

    /**
     * Takes the next slot, whose word 0 {@link #peek} returned: reads it into the receiver's
     * fields ({@link #context}, {@link #source}, {@link #tag}, {@link #type}, {@link #count},
     * {@link #scalar}) and gives the slot back to the sender. Receiver only.
     */
    void take(long w0) {
        long p = rxPosition;
        long[] s = rxSlots;
        int i = index(p);
        if ((w0 & HEADER_FOLLOWS) != 0) {
            long h = s[i + 2];
            long k = s[i + 3];
            context = (int) (h >>> 32);
            tag = (int) h;
            source = (int) (k >>> 32);
            type = BASES[(int) k];
        }
        count = (w0 & ONE_ELEMENT) != 0 ? 1 : 0;
        scalar = s[i + 1];
        rxPosition = p + 1;
        CONSUMED.setRelease(this, p + 1);
    }

    /**
     * Whether a message waits in the ring (a volatile read: the receiver's half of the park
     * handshake). Any thread: the deadlock watchdog reads it too, racily, and it is exact while
     * the receiver is parked.
     */
    boolean ready() {
        return (long) PUBLISHED.getVolatile(this) != (long) CONSUMED.getVolatile(this);
    }
}

/*
 * Field holders of PairRing on separate cache lines (the padding idiom of RankMailbox's fields):
 * the sender's, the count of taken slots the two share, and the receiver's.
 */

abstract class RingPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

/** Sender-private: the next position to fill, the receiver's count as last read, the last header sent. */
abstract class RingSenderFields extends RingPad0 {
    long[] txSlots;
    long produced;
    /** Slots the sender has filled or is filling: {@link #produced}, written first, volatile. */
    volatile long published;
    long consumedSeen;
    boolean txHeader;
    int txContext;
    int txTag;
    int txSource;
    Base txType;
}

abstract class RingPad1 extends RingSenderFields {
    long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

/** Written by the receiver after each slot it takes; read by the sender when the ring looks full. */
abstract class RingConsumedField extends RingPad1 {
    volatile long consumed;
}

abstract class RingPad2 extends RingConsumedField {
    long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}

/** Receiver-private: the next position to take and the last slot taken, header included. */
abstract class RingReceiverFields extends RingPad2 {
    long[] rxSlots;
    long rxPosition;
    int context;
    int tag;
    int source;
    Base type;
    int count;
    long scalar;
}
