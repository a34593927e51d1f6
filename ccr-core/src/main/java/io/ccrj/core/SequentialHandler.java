package io.ccrj.core;

/**
 * A handler that runs as a sequential task: see {@link Arbiter#receiveSequential}.
 *
 * @param <T> item type
 */
@FunctionalInterface
public interface SequentialHandler<T> {
    /**
     * Handles one item with sequential code.
     *
     * @param item the item
     * @param ctx waits for further messages; use it from this handler's thread only
     * @throws Exception any failure, routed to the item's causality
     */
    void handle(T item, SequentialContext ctx) throws Exception;
}
