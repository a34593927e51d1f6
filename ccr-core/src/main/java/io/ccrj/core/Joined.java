package io.ccrj.core;

/**
 * The two items of a joined receive in a sequential task.
 *
 * @param first the item from the first port
 * @param second the item from the second port
 * @param <A> first type
 * @param <B> second type
 */
public record Joined<A, B>(A first, B second) {
}
