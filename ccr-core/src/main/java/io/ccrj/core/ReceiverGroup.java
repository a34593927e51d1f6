package io.ccrj.core;

import java.util.List;
import java.util.Objects;

/**
 * One of the three groups of an {@link Interleave}: made by {@link Arbiter#teardown},
 * {@link Arbiter#exclusive} or {@link Arbiter#concurrent}.
 */
public final class ReceiverGroup {
    /** Which role a group plays in an interleave. */
    public enum Kind {
        /** One-shot receivers whose handler runs alone and retires the interleave. */
        TEARDOWN,
        /** Receivers whose handlers run alone (writers). */
        EXCLUSIVE,
        /** Receivers whose handlers run in parallel with each other (readers). */
        CONCURRENT
    }

    private final Kind kind;
    private final List<ArbiterTask> receivers;

    ReceiverGroup(Kind kind, ArbiterTask... receivers) {
        this.kind = kind;
        for (ArbiterTask r : receivers) {
            Objects.requireNonNull(r, () -> kind.name().toLowerCase() + " group holds a null receiver");
        }
        this.receivers = List.of(receivers);
    }

    /** {@return the group's role} */
    public Kind kind() {
        return kind;
    }

    /** {@return the receivers, in order} */
    public List<ArbiterTask> receivers() {
        return receivers;
    }
}
