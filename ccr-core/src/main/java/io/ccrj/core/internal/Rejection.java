package io.ccrj.core.internal;

import io.ccrj.core.Causality;

import java.util.concurrent.RejectedExecutionException;

/**
 * An item declined by a receiver for a reason worth reporting once the port lock is released.
 * The item stays in the port either way: nothing is lost.
 * <ul>
 *   <li>A predicate threw: the failure goes to the item's causality.</li>
 *   <li>The receiver's dispatcher is closed: a post whose item no other receiver took throws
 *   {@link RejectedExecutionException} naming the dispatcher and the port, with the item queued.</li>
 * </ul>
 */
final class Rejection implements Dispatchable {
    private final Throwable failure;
    private final Causality[] causalities;
    private final TaskSink sink;
    private final boolean closed;

    Rejection(Throwable failure, Causality[] causalities, TaskSink sink) {
        this(failure, causalities, sink, false);
    }

    private Rejection(Throwable failure, Causality[] causalities, TaskSink sink, boolean closed) {
        this.failure = failure;
        this.causalities = causalities;
        this.sink = sink;
        this.closed = closed;
    }

    /** A receiver whose sink no longer accepts work declined the item. */
    static Rejection closed(TaskSink sink) {
        return new Rejection(null, null, sink, true);
    }

    /** {@code true} for a decline because the receiver's dispatcher is closed. */
    boolean isClosed() {
        return closed;
    }

    /** The exception a post throws when its item was left in {@code port} for this reason. */
    RejectedExecutionException toException(PortCore port) {
        return new RejectedExecutionException(sink.refusal() + "; the item stays in " + port);
    }

    @Override
    public void dispatch() {
        if (!closed) {
            Failures.route(failure, causalities, sink);
        }
    }
}
