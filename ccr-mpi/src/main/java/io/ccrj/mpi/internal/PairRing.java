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
 * One sending thread at a time ({@link #offer}: the sending rank's calling thread, or at
 * {@link io.ccrj.mpi.ThreadLevel#MULTIPLE} whichever of its threads holds the rank's lock) and one
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
 * Field holders of PairRing on separate cache lines (the byte padding of RankMailbox's fields,
 * which says why bytes): the sender's, the count of taken slots the two share, and the
 * receiver's.
 */

abstract class RingPad0 {
    byte b0000, b0001, b0002, b0003, b0004, b0005, b0006, b0007, b0008, b0009, b0010, b0011, b0012, b0013, b0014, b0015,
            b0016, b0017, b0018, b0019, b0020, b0021, b0022, b0023, b0024, b0025, b0026, b0027, b0028, b0029, b0030, b0031,
            b0032, b0033, b0034, b0035, b0036, b0037, b0038, b0039, b0040, b0041, b0042, b0043, b0044, b0045, b0046, b0047,
            b0048, b0049, b0050, b0051, b0052, b0053, b0054, b0055, b0056, b0057, b0058, b0059, b0060, b0061, b0062, b0063,
            b0064, b0065, b0066, b0067, b0068, b0069, b0070, b0071, b0072, b0073, b0074, b0075, b0076, b0077, b0078, b0079,
            b0080, b0081, b0082, b0083, b0084, b0085, b0086, b0087, b0088, b0089, b0090, b0091, b0092, b0093, b0094, b0095,
            b0096, b0097, b0098, b0099, b0100, b0101, b0102, b0103, b0104, b0105, b0106, b0107, b0108, b0109, b0110, b0111,
            b0112, b0113, b0114, b0115, b0116, b0117, b0118, b0119, b0120, b0121, b0122, b0123, b0124, b0125, b0126, b0127;
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
    byte b1000, b1001, b1002, b1003, b1004, b1005, b1006, b1007, b1008, b1009, b1010, b1011, b1012, b1013, b1014, b1015,
            b1016, b1017, b1018, b1019, b1020, b1021, b1022, b1023, b1024, b1025, b1026, b1027, b1028, b1029, b1030, b1031,
            b1032, b1033, b1034, b1035, b1036, b1037, b1038, b1039, b1040, b1041, b1042, b1043, b1044, b1045, b1046, b1047,
            b1048, b1049, b1050, b1051, b1052, b1053, b1054, b1055, b1056, b1057, b1058, b1059, b1060, b1061, b1062, b1063,
            b1064, b1065, b1066, b1067, b1068, b1069, b1070, b1071, b1072, b1073, b1074, b1075, b1076, b1077, b1078, b1079,
            b1080, b1081, b1082, b1083, b1084, b1085, b1086, b1087, b1088, b1089, b1090, b1091, b1092, b1093, b1094, b1095,
            b1096, b1097, b1098, b1099, b1100, b1101, b1102, b1103, b1104, b1105, b1106, b1107, b1108, b1109, b1110, b1111,
            b1112, b1113, b1114, b1115, b1116, b1117, b1118, b1119, b1120, b1121, b1122, b1123, b1124, b1125, b1126, b1127;
}

/** Written by the receiver after each slot it takes; read by the sender when the ring looks full. */
abstract class RingConsumedField extends RingPad1 {
    volatile long consumed;
}

abstract class RingPad2 extends RingConsumedField {
    byte b2000, b2001, b2002, b2003, b2004, b2005, b2006, b2007, b2008, b2009, b2010, b2011, b2012, b2013, b2014, b2015,
            b2016, b2017, b2018, b2019, b2020, b2021, b2022, b2023, b2024, b2025, b2026, b2027, b2028, b2029, b2030, b2031,
            b2032, b2033, b2034, b2035, b2036, b2037, b2038, b2039, b2040, b2041, b2042, b2043, b2044, b2045, b2046, b2047,
            b2048, b2049, b2050, b2051, b2052, b2053, b2054, b2055, b2056, b2057, b2058, b2059, b2060, b2061, b2062, b2063,
            b2064, b2065, b2066, b2067, b2068, b2069, b2070, b2071, b2072, b2073, b2074, b2075, b2076, b2077, b2078, b2079,
            b2080, b2081, b2082, b2083, b2084, b2085, b2086, b2087, b2088, b2089, b2090, b2091, b2092, b2093, b2094, b2095,
            b2096, b2097, b2098, b2099, b2100, b2101, b2102, b2103, b2104, b2105, b2106, b2107, b2108, b2109, b2110, b2111,
            b2112, b2113, b2114, b2115, b2116, b2117, b2118, b2119, b2120, b2121, b2122, b2123, b2124, b2125, b2126, b2127;
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
