package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
import io.ccrj.mpi.Datatype.Base;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One point-to-point message (or a piece of a collective) on its way to a rank's
 * {@link RankMailbox}.
 *
 * <p>Life cycle: a sender fills every final field and publishes the message through
 * {@link RankMailbox#deliver} (a release: the receiver sees the fields and the payload). From then
 * on only the receiving rank's thread touches it: it links it through {@link #matchNext} into its
 * unexpected-message queue, or copies it into a posted receive.
 *
 * <p>Payload, eager protocol: a private copy of the sent elements ({@code payload[0 .. count)}),
 * made by the sender; the receiver reads it once. Zero-copy protocol ({@link Lent}, for large
 * {@code sendrecv}/{@code isend} messages): {@code payload} is the sender's own buffer, read at
 * {@link Lent#payloadOffset} by the receiver, who then sets {@link Lent#consumed} (a release; the
 * sender reads it with acquire before it reuses its buffer) and wakes the sender.
 *
 * <p>Size: every eager send that takes the inbound queue allocates one of these, so the fields
 * only a lent or synchronous message needs live in the subclass {@link Lent}; an eager message is
 * 64 bytes with compressed class pointers instead of 80. The messages that fit a slot of their
 * pair's {@link PairRing} travel there instead, and are made into a message only if they wait
 * in the unexpected-message queue. Messages are not pooled: the inbound queue keeps the last message
 * it handed out as its stub, which the next producer links to, so a message's end of use is not
 * the receiver's copy.
 */
class Message {
    /** Communication context: which communicator, point-to-point or collective traffic. */
    final int context;
    /** The sender's rank in the communicator of {@link #context}. */
    final int source;
    final int tag;
    /** The base type of the elements: a message carries base elements, whatever datatype sent them. */
    final Base type;
    /** Number of base elements. */
    final int count;
    /**
     * An array of {@link #type}'s class holding {@link #count} elements at index 0 (at
     * {@link Lent#payloadOffset} for a lent message); {@code null} for a single primitive
     * element, which travels in {@link #scalar} (one allocation and one cache line less on the
     * latency path); for an {@code OBJECT} message to a rank with another class loader, possibly
     * the elements serialized ({@link ObjectMessages.Serialized}).
     */
    final Object payload;
    /**
     * The single element of a one-element primitive message, as raw bits ({@link #encode}); for a
     * message of no elements, the number of items the sender sent (items of a zero-size datatype
     * carry no elements, but MPI's {@code Get_count} still counts them). Unused otherwise.
     */
    final long scalar;

    /**
     * World rank of the sending rank, and the message's place in the order of the messages that
     * rank sent to the receiving rank ({@link RankMailbox#send}): written by the sender before it
     * delivers the message, which publishes them. {@code sequenced} is false for a message a rank
     * sends to itself, which never shares its order with a {@link PairRing}.
     */
    int from = -1;
    int seq;
    boolean sequenced;

    /** Inbound MPSC queue link; written by the next producer (release), read by the consumer (acquire). */
    volatile Message next;
    /** Owner-private link in the unexpected-message queue. */
    Message matchNext;

    static final VarHandle NEXT;

    /** An empty array of each base type, indexed by ordinal: the payload of every message of no elements. */
    private static final Object[] EMPTY = new Object[Base.values().length];

    static {
        for (Base b : Base.values()) {
            EMPTY[b.ordinal()] = b.newArray(0);
        }
    }

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(Message.class, "next", Message.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Message(int context, int source, int tag, Base type, int count, Object payload, long scalar) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.type = type;
        this.count = count;
        this.payload = payload;
        this.scalar = scalar;
    }

    /**
     * A message whose sender waits until the receiver has taken it: a zero-copy message, whose
     * payload is the sender's own buffer, or the message of a synchronous send.
     */
    static final class Lent extends Message {
        /** Index of the first element (or item) in {@link #payload}. */
        final int payloadOffset;
        /**
         * For a message lent from a buffer of a non-dense datatype: that datatype, whose items the
         * receiver gathers straight out of {@link #payload} from {@link #payloadOffset} (one copy,
         * as for a dense buffer). {@code null} when the payload is consecutive elements.
         */
        final Datatype layout;
        /** The sender's mailbox, to wake it once the message is consumed. */
        final RankMailbox borrowing;
        /**
         * Set by the receiver once it has copied a zero-copy or synchronous message out (or, for a
         * synchronous one, started to receive it).
         */
        volatile boolean consumed;

        Lent(int context, int source, int tag, Base type, int count, Object payload, long scalar, int payloadOffset,
                RankMailbox borrowing, Datatype layout) {
            super(context, source, tag, type, count, payload, scalar);
            this.payloadOffset = payloadOffset;
            this.borrowing = borrowing;
            this.layout = layout;
        }
    }

    /**
     * A zero-copy message: the receiver copies straight out of {@code buf} ({@code count} items of
     * {@code type} from {@code offset}, gathered through the type map if {@code type} is not
     * dense), which the sender must leave untouched until {@link Lent#consumed}. Also the message
     * of a synchronous send, which completes only once the receiver has taken it.
     */
    static Lent borrowing(int context, int source, int tag, Object buf, int offset, int count, Datatype type,
            RankMailbox sender) {
        return new Lent(context, source, tag, type.base(), count * type.size(), buf, count, offset, sender,
                type.isDense() ? null : type);
    }

    /**
     * The receiver is done with a message: tells and wakes the sender if it waits for that. The
     * receiver has copied the elements out before: the volatile write of {@code consumed} orders
     * those reads before the sender's reuse of its buffer, and is the first half of the Dekker
     * pair with the sender's {@code waiting} (see {@link RankMailbox#readyToPark}).
     *
     * @return the number of the sender's threads it woke
     */
    int release() {
        if (this instanceof Lent l) {
            l.consumed = true;
            return l.borrowing.wakeIfWaiting();
        }
        return 0;
    }

    /**
     * An {@code OBJECT} message for a rank with another class loader than the sender's
     * ({@link ObjectMessages}): the {@code count} items of {@code type} at {@code buf[offset]}
     * gathered, then serialized unless they may travel as references.
     */
    static Message objectCopy(int context, int source, int tag, Object buf, int offset, int count, Datatype type) {
        int n = count * type.size();
        return new Message(context, source, tag, Base.OBJECT, n, objectPayload(buf, offset, count, type, n), count);
    }

    /**
     * {@link #objectCopy} for a synchronous send: the sender, whose mailbox is {@code sender},
     * completes once the receiver has taken the message.
     */
    static Lent objectLoan(int context, int source, int tag, Object buf, int offset, int count, Datatype type,
            RankMailbox sender) {
        int n = count * type.size();
        return new Lent(context, source, tag, Base.OBJECT, n, objectPayload(buf, offset, count, type, n), count, 0,
                sender, null);
    }

    private static Object objectPayload(Object buf, int offset, int count, Datatype type, int n) {
        Object[] flat = new Object[n];
        if (n > 0) {
            TypeMap.of(type).toContiguous(buf, offset, count, flat, 0);
        }
        return ObjectMessages.payload(flat);
    }

    /** A message carrying a copy of {@code count} items of {@code type} from {@code buf[offset]}. */
    static Message copyOf(int context, int source, int tag, Object buf, int offset, int count, Datatype type) {
        Base base = type.base();
        int n = count * type.size();
        if (isInline(n, type)) {
            return inline(context, source, tag, base, n, inlineScalar(buf, offset, count, type, n));
        }
        Object payload = base.newArray(n);
        TypeMap.of(type).toContiguous(buf, offset, count, payload, 0);
        return new Message(context, source, tag, base, n, payload, count);
    }

    /**
     * Whether {@code n} elements of {@code type} travel without a payload array: none (barrier
     * signals, empty blocks), or one primitive element, carried as bits in {@link #scalar}. Such a
     * message fits a {@link PairRing} slot.
     */
    static boolean isInline(int n, Datatype type) {
        return n == 0 || (n == 1 && type.base() != Base.OBJECT && type.isDense());
    }

    /**
     * The {@link #scalar} of an {@link #isInline} message of {@code count} items ({@code n}
     * elements) of {@code type} from {@code buf[offset]}: the element's bits, or for no elements
     * the number of items.
     */
    static long inlineScalar(Object buf, int offset, int count, Datatype type, int n) {
        return n == 0 ? count : encode(type.base(), buf, offset);
    }

    /** An {@link #isInline} message of {@code n} (0 or 1) elements whose {@link #scalar} is {@code scalar}. */
    static Message inline(int context, int source, int tag, Base base, int n, long scalar) {
        // no elements: a shared empty array, which no receiver writes to
        return new Message(context, source, tag, base, n, n == 0 ? EMPTY[base.ordinal()] : null, scalar);
    }

    /** Element {@code i} of a primitive array as raw bits. */
    static long encode(Base base, Object buf, int i) {
        return switch (base) {
            case BYTE -> ((byte[]) buf)[i];
            case CHAR -> ((char[]) buf)[i];
            case SHORT -> ((short[]) buf)[i];
            case BOOLEAN -> ((boolean[]) buf)[i] ? 1L : 0L;
            case INT -> ((int[]) buf)[i];
            case LONG -> ((long[]) buf)[i];
            case FLOAT -> Float.floatToRawIntBits(((float[]) buf)[i]);
            case DOUBLE -> Double.doubleToRawLongBits(((double[]) buf)[i]);
            case OBJECT -> throw new AssertionError("object messages always carry a payload");
        };
    }

    /** Stores raw bits made by {@link #encode} as element {@code i}. */
    static void decode(Base base, long bits, Object buf, int i) {
        switch (base) {
            case BYTE -> ((byte[]) buf)[i] = (byte) bits;
            case CHAR -> ((char[]) buf)[i] = (char) bits;
            case SHORT -> ((short[]) buf)[i] = (short) bits;
            case BOOLEAN -> ((boolean[]) buf)[i] = bits != 0;
            case INT -> ((int[]) buf)[i] = (int) bits;
            case LONG -> ((long[]) buf)[i] = bits;
            case FLOAT -> ((float[]) buf)[i] = Float.intBitsToFloat((int) bits);
            case DOUBLE -> ((double[]) buf)[i] = Double.longBitsToDouble(bits);
            case OBJECT -> throw new AssertionError("object messages always carry a payload");
        }
    }

    boolean matches(int ctx, int src, int tg) {
        return context == ctx
                && (src == io.ccrj.mpi.Comm.ANY_SOURCE || source == src)
                && (tg == io.ccrj.mpi.Comm.ANY_TAG || CollectiveCall.matches(tag, tg));
    }

    @Override
    public String toString() {
        return "message(source=" + source + ", tag=" + tag + ", " + type + " x " + count + ", context=" + context + ")";
    }
}
