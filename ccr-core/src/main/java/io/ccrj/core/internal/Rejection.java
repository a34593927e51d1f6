package io.ccrj.core.internal;

import io.ccrj.core.Causality;

/**
 * An item declined by a receiver whose predicate threw: the item stays in the port (nothing is
 * lost) and the failure is reported to the item's causality once the port lock is released.
 */
final class Rejection implements Dispatchable {
    private final Throwable failure;
    private final Causality[] causalities;
    private final TaskSink sink;

    Rejection(Throwable failure, Causality[] causalities, TaskSink sink) {
        this.failure = failure;
        this.causalities = causalities;
        this.sink = sink;
    }

    @Override
    public void dispatch() {
        Failures.route(failure, causalities, sink);
    }
}
