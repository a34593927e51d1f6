package io.ccrj.core.internal;

/**
 * Work decided under a port lock and carried out after the lock is released: enqueue a task on a
 * dispatcher queue, wake a waiting sequential task, or report a rejected item's failure.
 */
@FunctionalInterface
@Internal
public interface Dispatchable {
    /** A dispatchable that does nothing: the item was consumed and parked inside an arbiter. */
    Dispatchable NONE = () -> { };

    /** Carries out the work; called with no port lock held. */
    void dispatch();
}
