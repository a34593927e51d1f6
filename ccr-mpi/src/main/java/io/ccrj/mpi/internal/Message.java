package io.ccrj.mpi.internal;

import io.ccrj.mpi.Datatype;
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
 * made by the sender; the receiver reads it once. Zero-copy protocol ({@link #borrowing}, for
 * large {@code sendrecv}/{@code isend} messages): {@code payload} is the sender's own buffer,
 * read at {@link #payloadOffset} by the receiver, who then sets {@link #consumed} (a release;
 * the sender reads it with acquire before it reuses its buffer) and wakes the sender.
 */
final class Message {
    /** Communication context: which communicator, point-to-point or collective traffic. */
    final int context;
    /** The sender's rank in the communicator of {@link #context}. */
    final int source;
    final int tag;
    final Datatype type;
    final int count;
    /**
     * An array of {@link #type}'s class holding {@link #count} elements at index 0; {@code null}
     * for a single primitive element, which travels in {@link #scalar} (one allocation and one
     * cache line less on the latency path).
     */
    final Object payload;
    /** The single element of a one-element DOUBLE, INT or LONG message, as raw bits. */
    final long scalar;
    /** Index of the first element in {@link #payload}: 0 for eager copies. */
    final int payloadOffset;
    /** The sender's mailbox for a zero-copy message, to wake it once consumed; {@code null} if eager. */
    final RankMailbox borrowing;
    /** Set by the receiver once it has copied a zero-copy message out of the sender's buffer. */
    volatile boolean consumed;

    /** Inbound MPSC queue link; written by the next producer (release), read by the consumer (acquire). */
    volatile Message next;
    /** Owner-private link in the unexpected-message queue. */
    Message matchNext;

    static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(Message.class, "next", Message.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Message(int context, int source, int tag, Datatype type, int count, Object payload, long scalar) {
        this(context, source, tag, type, count, payload, scalar, 0, null);
    }

    private Message(int context, int source, int tag, Datatype type, int count, Object payload, long scalar,
            int payloadOffset, RankMailbox borrowing) {
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.type = type;
        this.count = count;
        this.payload = payload;
        this.scalar = scalar;
        this.payloadOffset = payloadOffset;
        this.borrowing = borrowing;
    }

    /**
     * A zero-copy message: the receiver copies straight out of {@code buf}, which the sender must
     * leave untouched until {@link #consumed}.
     */
    static Message borrowing(int context, int source, int tag, Object buf, int offset, int count, Datatype type,
            RankMailbox sender) {
        return new Message(context, source, tag, type, count, buf, 0L, offset, sender);
    }

    /** The receiver is done with a zero-copy message's buffer: tells and wakes the sender. */
    void release() {
        if (borrowing != null) {
            consumed = true;
            borrowing.wakeIfWaiting();
        }
    }

    /** A message carrying a copy of {@code buf[offset .. offset + count)}. */
    static Message copyOf(int context, int source, int tag, Object buf, int offset, int count, Datatype type) {
        if (count == 1) {
            switch (type) {
                case DOUBLE:
                    return new Message(context, source, tag, type, 1, null,
                            Double.doubleToRawLongBits(((double[]) buf)[offset]));
                case INT:
                    return new Message(context, source, tag, type, 1, null, ((int[]) buf)[offset]);
                case LONG:
                    return new Message(context, source, tag, type, 1, null, ((long[]) buf)[offset]);
                default:
                    break;
            }
        }
        Object payload = type.newArray(count);
        if (count > 0) {
            System.arraycopy(buf, offset, payload, 0, count);
        }
        return new Message(context, source, tag, type, count, payload, 0L);
    }

    boolean matches(int ctx, int src, int tg) {
        return context == ctx
                && (src == io.ccrj.mpi.Comm.ANY_SOURCE || source == src)
                && (tg == io.ccrj.mpi.Comm.ANY_TAG || tag == tg);
    }

    @Override
    public String toString() {
        return "message(source=" + source + ", tag=" + tag + ", " + type + " x " + count + ", context=" + context + ")";
    }
}
