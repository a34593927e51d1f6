package io.ccrj.core;

/**
 * A handler for arbiters that deliver two values at once: a joined receive over two ports, or a
 * gather over a two-type {@link PortSet2} (one list per type).
 *
 * @param <A> the first value's type
 * @param <B> the second value's type
 */
@FunctionalInterface
public interface BiHandler<A, B> {
    /**
     * Handles the pair.
     *
     * @param first the value from the first port
     * @param second the value from the second port
     * @throws Exception any failure, routed to the messages' causalities
     */
    void handle(A first, B second) throws Exception;
}
