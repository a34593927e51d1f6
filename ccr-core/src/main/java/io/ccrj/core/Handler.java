package io.ccrj.core;

/**
 * The code an arbiter runs when its receive condition is met: one item (or one batch of items).
 *
 * <p>A handler runs as a task on the {@link DispatcherQueue} its arbiter was activated on, on one of
 * that queue's threads. It may throw: the exception goes to the causalities carried by the
 * message(s) it consumed (see {@link Causality}), else to the queue's and then the dispatcher's
 * unhandled-exception port; it never kills a worker thread.
 *
 * @param <T> the item type
 */
@FunctionalInterface
public interface Handler<T> {
    /**
     * Handles one item.
     *
     * @param item the item the arbiter consumed; never {@code null}
     * @throws Exception any failure, routed to the message's causality
     */
    void handle(T item) throws Exception;
}
