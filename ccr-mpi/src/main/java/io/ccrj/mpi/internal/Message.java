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
 * <p>Payload: a private copy of the sent elements ({@code payload[0 .. count)}), made by the
 * sender (eager protocol). The receiver reads it once.
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
        this.context = context;
        this.source = source;
        this.tag = tag;
        this.type = type;
        this.count = count;
        this.payload = payload;
        this.scalar = scalar;
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
