package io.ccrj.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An atomic counter alone on its cache lines: 64 bytes of padding before and after the value.
 *
 * <p>Why: a queue's pending count is written by every poster (increment) and by the worker
 * holding the token (decrement), so its cache line moves between cores with every task. A plain
 * {@code AtomicInteger} allocated beside the queue's other objects shares that line with whatever
 * the allocator put next to it (the executed-task adder that the workers update, the poster's
 * locks), and each of those writes then costs the other side a miss as well. The padding keeps
 * the line to the count alone.
 *
 * <p>The value is a {@code long}: the layout may place a subclass's 4-byte field in the 4-byte
 * gap after a 12-byte object header, ahead of the padding; an 8-byte field cannot go there.
 * Every operation is a volatile access or a full-fence read-modify-write, as on
 * {@code AtomicInteger}.
 */
final class PaddedCounter extends PaddedCounterValue {
    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16, p17;

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(PaddedCounterValue.class, "value", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int get() {
        return (int) value;
    }

    int getAndAdd(int delta) {
        return (int) (long) VALUE.getAndAdd(this, (long) delta);
    }

    int addAndGet(int delta) {
        return getAndAdd(delta) + delta;
    }

    int getAndIncrement() {
        return getAndAdd(1);
    }

    int decrementAndGet() {
        return getAndAdd(-1) - 1;
    }

    @Override
    public String toString() {
        return Integer.toString(get());
    }
}

/** The padding before the value (see {@link PaddedCounter}). */
abstract class PaddedCounterPadding {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The value, between the two paddings (see {@link PaddedCounter}). */
abstract class PaddedCounterValue extends PaddedCounterPadding {
    /** Accessed through {@link PaddedCounter}'s VarHandle or as a volatile read. */
    volatile long value;
}
